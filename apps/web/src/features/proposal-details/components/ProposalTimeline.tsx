import { toProposalState } from "@polity/core/proposalStates";
import { onchainTimeline } from "@polity/core/timeline";
import { useTranslation } from "react-i18next";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";
import { utcTime } from "./format.ts";

export function ProposalTimeline({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  const { proposal, validatorsStage } = details;
  const steps = onchainTimeline({
    state: toProposalState(proposal.state),
    createdAt: details.createdAt ?? 0,
    votingEndsAt: Number(proposal.voteEnd),
    hasValidatorsStage: proposal.validatorsVote && details.hasValidators,
    validatorsVotingStartsAt: details.movedAt,
    validatorsVotingEndsAt: validatorsStage ? Number(validatorsStage.voteEnd) : null,
    executedAt: details.executedAt,
  });
  return (
    <section className={styles.card} aria-labelledby="timeline-title">
      <h3 id="timeline-title">{t("timeline.title")}</h3>
      <ol className={styles.timeline}>
        {steps.map((step) => {
          const time = step.timestamp ? utcTime(step.timestamp) : null;
          return (
            <li
              key={step.id}
              className={styles.step}
              data-testid={`timeline-${step.id}`}
              data-status={step.status}
            >
              <span className={`${styles.dot} ${styles[step.status] ?? ""}`} aria-hidden />
              <div>
                <div>{t(step.labelKey, { ns: "core" })}</div>
                <div className="muted">
                  {t(`timeline.status.${step.status}`)}
                  {time ? ` · ${time}` : ""}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
