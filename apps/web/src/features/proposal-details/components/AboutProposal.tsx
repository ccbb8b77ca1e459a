import { ProposalState } from "@polity/core/proposalStates";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { i18n } from "../../../shared/i18n/i18n.ts";
import { proposalMetadataQuery } from "../../../shared/ipfs/daoMetadata.ts";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";
import { utcTime } from "./format.ts";
import { richTextParagraphs } from "./richTextPlain.ts";

/**
 * The decoder, its ABIs and the simulation come with their own chunk, after the page, with their
 * translations: the panel then shows once, rather than suspending again on its namespace.
 */
const DecodedActions = lazy(async () => {
  const [module] = await Promise.all([import("./DecodedActions.tsx"), i18n.loadNamespaces("decodedActions")]);
  return { default: module.DecodedActions };
});

/** A proposal type's name from the translations ('Token transfer'), else the category made readable. */
export function categoryLabel(t: TFunction, category: string): string {
  const readable = category
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return t(`createProposal:types.${category}.title`, {
    defaultValue: readable.charAt(0).toUpperCase() + readable.slice(1),
  });
}

export function AboutProposal({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation(["proposalDetails", "createProposal"]);
  const metadata = useQuery(proposalMetadataQuery(details.descriptionUrl || undefined));
  const paragraphs = richTextParagraphs(metadata.data?.proposalDescription ?? "");
  const { proposal } = details;
  const decimals = details.token?.decimals ?? 18;
  // An executed, rejected or waiting proposal's voting is over, whatever its end date says.
  const isVoting = proposal.state === ProposalState.Voting;
  const isDocumentPending = metadata.isPending && Boolean(details.descriptionUrl);
  return (
    <div className={styles.page}>
      <section className={styles.card} data-testid="about-proposal">
        {paragraphs.length ? (
          paragraphs.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an immutable IPFS document, never reordered
            <p key={i}>{text}</p>
          ))
        ) : (
          <p className="muted">{isDocumentPending ? t("about.loading") : t("about.noDescription")}</p>
        )}
        <dl className={styles.dl}>
          {metadata.data?.category ? (
            <>
              <dt>{t("about.category")}</dt>
              <dd>{categoryLabel(t, metadata.data.category)}</dd>
            </>
          ) : isDocumentPending ? (
            // The document names its category: its row holds its place meanwhile (no shift when it comes).
            <>
              <dt>{t("about.category")}</dt>
              <dd aria-busy="true" />
            </>
          ) : null}
          <dt>{t("about.creator")}</dt>
          <dd className={styles.mono}>{proposal.creator}</dd>
          <dt>{t(isVoting ? "about.voteEnd" : "about.voteEnded")}</dt>
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
      <Suspense
        fallback={
          // The frame of the actions' panel, as it shows while it reads them: it then fills in place.
          <section className={styles.card}>
            <h3>{t("about.actionsTitle")}</h3>
            {details.actionsOnFor.length === 0 ? (
              <p className="muted">{t("about.noActions")}</p>
            ) : (
              <LoadingState label={t("about.decoding")} />
            )}
          </section>
        }
      >
        <DecodedActions details={details} />
      </Suspense>
    </div>
  );
}
