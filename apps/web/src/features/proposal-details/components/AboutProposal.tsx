import {
  erc20GovAbi,
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
} from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Abi, decodeFunctionData, erc20Abi, formatEther } from "viem";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { proposalMetadataQuery } from "../../../shared/ipfs/daoMetadata.ts";
import type { ProposalAction, ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";
import { tokenAmount, utcTime } from "./format.ts";
import { richTextParagraphs } from "./richTextPlain.ts";

const KNOWN_ABIS: readonly Abi[] = [
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
  erc20GovAbi,
  erc20Abi,
];

/** `transfer(to, amount)`-style text of an action, or null when no known ABI decodes it. */
export function describeAction(action: ProposalAction): { functionName: string; args: string[] } | null {
  if (action.data === "0x") return null;
  for (const abi of KNOWN_ABIS) {
    try {
      const decoded = decodeFunctionData({ abi, data: action.data });
      const args = (decoded.args ?? []).map((arg) =>
        typeof arg === "bigint"
          ? arg.toString()
          : typeof arg === "string"
            ? arg
            : JSON.stringify(arg, (_, v) => (typeof v === "bigint" ? v.toString() : v)),
      );
      return { functionName: decoded.functionName, args };
    } catch {
      // not this ABI
    }
  }
  return null;
}

export function AboutProposal({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  const metadata = useQuery(proposalMetadataQuery(details.descriptionUrl || undefined));
  const paragraphs = richTextParagraphs(metadata.data?.proposalDescription ?? "");
  const { proposal } = details;
  const decimals = details.token?.decimals ?? 18;
  return (
    <div className={styles.page}>
      <section className={styles.card} data-testid="about-proposal">
        {paragraphs.length ? (
          paragraphs.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an immutable IPFS document, never reordered
            <p key={i}>{text}</p>
          ))
        ) : (
          <p className="muted">
            {metadata.isPending && details.descriptionUrl ? t("about.loading") : t("about.noDescription")}
          </p>
        )}
        <dl className={styles.dl}>
          {metadata.data?.category ? (
            <>
              <dt>{t("about.category")}</dt>
              <dd>{metadata.data.category}</dd>
            </>
          ) : null}
          <dt>{t("about.creator")}</dt>
          <dd className={styles.mono}>{proposal.creator}</dd>
          <dt>{t("about.voteEnd")}</dt>
          <dd>{utcTime(proposal.voteEnd)}</dd>
          <dt>{t("about.minVotes")}</dt>
          <dd>{tokenAmount(proposal.minVotesForVoting, decimals)}</dd>
          <dt>{t("about.earlyCompletion")}</dt>
          <dd>{proposal.earlyCompletion ? t("about.yes") : t("about.no")}</dd>
          <dt>{t("about.validatorsVote")}</dt>
          <dd>{proposal.validatorsVote && details.hasValidators ? t("about.yes") : t("about.no")}</dd>
          {proposal.executeAfter > 0n ? (
            <>
              <dt>{t("about.executeAfter")}</dt>
              <dd>{utcTime(proposal.executeAfter)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="actions-list-title">
        <h3 id="actions-list-title">{t("about.actionsTitle")}</h3>
        {details.actionsOnFor.length === 0 ? <p className="muted">{t("about.noActions")}</p> : null}
        <ol data-testid="proposal-actions-list">
          {details.actionsOnFor.map((action, i) => {
            const decoded = describeAction(action);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: actions are fixed at creation and run in this order
              <li key={i}>
                <div>
                  {t("about.executor")}:{" "}
                  <span className={styles.mono} title={action.executor}>
                    {shortAddress(action.executor)}
                  </span>
                  {action.value > 0n ? ` · ${t("about.value", { amount: formatEther(action.value) })}` : ""}
                </div>
                <div className={styles.mono}>
                  {decoded ? `${decoded.functionName}(${decoded.args.join(", ")})` : action.data}
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
