import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { Pagination } from "../../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import { votingHistoryQuery } from "../api/fetchVotingHistory.ts";
import styles from "../ProposalDetails.module.css";
import { utcTime } from "./format.ts";

/** Interactions (spec): vote for 1, vote against 2, cancel vote 3 — newest first, a page at a time. */
export function VotingHistory({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  const [page, setPage] = useState(1);
  const history = useQuery(votingHistoryQuery(details.chainId, details.dao, details.proposal.id, page));
  const decimals = details.token?.decimals ?? 18;
  if (history.isPending) return <LoadingState label={t("history.loading")} />;
  if (history.isError) {
    return (
      <ErrorState
        message={t("history.loadError", { detail: history.error.message })}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const validators = details.validatorVotes.length ? (
    <section aria-labelledby="validator-votes-title">
      <h3 id="validator-votes-title">{t("history.validatorsTitle")}</h3>
      <table className={styles.table} data-testid="validator-votes">
        <thead>
          <tr>
            <th scope="col">{t("history.validator")}</th>
            <th scope="col">{t("history.votedFor")}</th>
            <th scope="col">{t("history.votedAgainst")}</th>
          </tr>
        </thead>
        <tbody>
          {details.validatorVotes.map((v) => (
            <tr key={v.voter}>
              <td className={styles.mono} title={v.voter}>
                {shortAddress(v.voter)}
              </td>
              <td>{tokenAmount(v.votedFor, 18)}</td>
              <td>{tokenAmount(v.votedAgainst, 18)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  ) : null;
  const lag = history.data.isBehind ? (
    <p className="muted" role="status" data-testid="indexer-lag">
      {t("indexerLag")}
    </p>
  ) : null;
  if (history.data.items.length === 0) {
    return (
      <>
        {lag}
        <EmptyState title={t("history.empty")} />
        {validators}
      </>
    );
  }
  return (
    <>
      {lag}
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
          {history.data.items.map((entry) => (
            <tr key={`${entry.transactionHash}-${entry.logIndex}`}>
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
      <Pagination page={history.data.page} pageCount={history.data.pageCount} onChange={setPage} />
      {validators}
    </>
  );
}
