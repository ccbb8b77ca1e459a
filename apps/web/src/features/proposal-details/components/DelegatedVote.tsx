import { govPoolAbi } from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { memberDelegationsQuery } from "../../../shared/tracker/delegationQueries.ts";
import { TransactionStatus } from "../../../shared/tx/TerminalSubmit.tsx";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";

/**
 * Where the proposal's settings allow delegated voting: what the member delegates, each with a button
 * that votes it on the chosen side themselves (`voteDelegated`); the delegatee's micropool vote then
 * leaves it out, and the delegation stays until the proposal ends.
 */
export function DelegatedVote({ details, side }: { details: ProposalDetails; side: "for" | "against" }) {
  const { t } = useTranslation("proposalDetails");
  const { writeContractAsync } = useContractWriter();
  const { status, run, isBusy } = useDaoTransaction(details.dao);
  const user = details.user?.address;
  const delegations = useQuery(memberDelegationsQuery(details.chainId, details.dao, user, "out", 1));
  const decimals = details.token?.decimals ?? 18;
  const symbol = details.token?.symbol ?? "";
  const rows = (delegations.data?.items ?? []).filter((d) => BigInt(d.amount) > 0n || d.nft_ids.length > 0);
  if (!details.delegatedVotingAllowed || rows.length === 0) return null;
  const id = details.proposal.id;
  return (
    <section aria-labelledby="delegated-vote-title" data-testid="delegated-vote">
      <h3 id="delegated-vote-title">{t("vote.delegatedVote.title")}</h3>
      <p className="muted">{t("vote.delegatedVote.explanation")}</p>
      <ul className={styles.delegatedVotes}>
        {rows.map((d) => (
          <li key={d.delegatee}>
            <span>
              {t("vote.delegatedVote.row", {
                amount: tokenAmount(BigInt(d.amount), decimals),
                symbol,
                count: d.nft_ids.length,
                delegatee: d.delegatee,
              })}
            </span>
            <Button
              size="small"
              variant="secondary"
              disabled={isBusy}
              onClick={() =>
                void run(
                  t("tx.voteDelegated", { id: id.toString(), side: t(`vote.${side}`) }),
                  "voteDelegated",
                  () =>
                    writeContractAsync({
                      address: details.dao,
                      abi: govPoolAbi,
                      chainId: details.chainId,
                      functionName: "voteDelegated",
                      args: [id, side === "for", d.delegatee],
                    }),
                ).catch(() => undefined)
              }
            >
              {t(`vote.delegatedVote.submit.${side}`)}
            </Button>
          </li>
        ))}
      </ul>
      <TransactionStatus status={status} />
    </section>
  );
}
