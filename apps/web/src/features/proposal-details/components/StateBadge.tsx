import { type ProposalState, proposalStateGroup, proposalStateLabelKey } from "@polity/core/proposalStates";
import { useTranslation } from "react-i18next";
import styles from "../ProposalDetails.module.css";

/** The state label with its simple status group (spec section 4). */
export function StateBadge({ state }: { state: ProposalState }) {
  const { t } = useTranslation("proposalDetails");
  const group = proposalStateGroup(state);
  return (
    <span
      className={`${styles.badge} ${styles[`group${group}`] ?? ""}`}
      data-testid="proposal-state"
      data-status-group={group}
      title={t(`statusGroups.${group}`)}
    >
      {t(proposalStateLabelKey(state), { ns: "core" })}
    </span>
  );
}
