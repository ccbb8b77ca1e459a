import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import dataStyles from "../../../shared/ui/Data.module.css";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";
import { share } from "./format.ts";

/** Members' votes against the quorum (the votes one side needs), and the validators' stage when moved. */
export function QuorumProgress({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  const { proposal, validatorsStage } = details;
  const decimals = details.token?.decimals ?? 18;
  const leading = proposal.votesFor > proposal.votesAgainst ? proposal.votesFor : proposal.votesAgainst;
  const progress = Math.min(share(leading, proposal.requiredQuorum), 100);
  const total = proposal.votesFor + proposal.votesAgainst;
  return (
    <section className={styles.card} aria-labelledby="quorum-title">
      <h3 id="quorum-title">{t("quorum.title")}</h3>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t("quorum.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        data-testid="quorum-progress"
      >
        <span className={styles.barFill} style={{ width: `${progress}%` }} />
      </div>
      <div className={styles.meta}>
        <span data-testid="quorum-text">
          {t("quorum.reached", {
            votes: tokenAmount(leading, decimals),
            required: tokenAmount(proposal.requiredQuorum, decimals),
            percent: progress,
          })}
        </span>
        {proposal.quorumReached ? <strong>{t("quorum.isReached")}</strong> : null}
      </div>
      <div
        className={styles.bar}
        role="img"
        aria-label={t("quorum.splitLabel", {
          forShare: share(proposal.votesFor, total),
          againstShare: share(proposal.votesAgainst, total),
        })}
      >
        <span className={dataStyles.barFor} style={{ width: `${share(proposal.votesFor, total)}%` }} />
        <span
          className={dataStyles.barAgainst}
          style={{ width: `${share(proposal.votesAgainst, total)}%` }}
        />
      </div>
      <div className={styles.meta}>
        <span data-testid="votes-for">
          {t("quorum.for", { amount: tokenAmount(proposal.votesFor, decimals) })}
        </span>
        <span data-testid="votes-against">
          {t("quorum.against", { amount: tokenAmount(proposal.votesAgainst, decimals) })}
        </span>
        <span>{t("quorum.totalPower", { amount: tokenAmount(details.totalPower, decimals) })}</span>
      </div>
      {validatorsStage ? (
        <>
          <h4>{t("quorum.validatorsTitle")}</h4>
          <div className={styles.meta} data-testid="validators-votes">
            <span>{t("quorum.for", { amount: tokenAmount(validatorsStage.votesFor, 18) })}</span>
            <span>{t("quorum.against", { amount: tokenAmount(validatorsStage.votesAgainst, 18) })}</span>
            <span>
              {t("quorum.validatorsSupply", { amount: tokenAmount(validatorsStage.totalSupply, 18) })}
            </span>
            {validatorsStage.quorumReached ? <strong>{t("quorum.isReached")}</strong> : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
