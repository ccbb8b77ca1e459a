import { useTranslation } from "react-i18next";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";
import { tokenAmount, utcTime } from "./format.ts";

/** Interactions (spec): vote for 1, vote against 2, cancel vote 3 — newest first. */
export function VotingHistory({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  if (details.history.length === 0) return <EmptyState title={t("history.empty")} />;
  const decimals = details.token?.decimals ?? 18;
  return (
    <table className={styles.table} data-testid="voting-history">
      <thead>
        <tr>
          <th scope="col">{t("history.voter")}</th>
          <th scope="col">{t("history.interaction")}</th>
          <th scope="col">{t("history.amount")}</th>
          <th scope="col">{t("history.time")}</th>
        </tr>
      </thead>
      <tbody>
        {details.history.map((entry) => (
          <tr key={`${entry.transactionHash}-${entry.voter}-${entry.interaction}`}>
            <td className={styles.mono} title={entry.voter}>
              {shortAddress(entry.voter)}
            </td>
            <td>{t(`history.interactions.${entry.interaction}`)}</td>
            <td>
              {tokenAmount(entry.amount, decimals)}
              {entry.nftIds.length ? ` ${t("history.nfts", { count: entry.nftIds.length })}` : ""}
            </td>
            <td>{utcTime(entry.timestamp) ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
