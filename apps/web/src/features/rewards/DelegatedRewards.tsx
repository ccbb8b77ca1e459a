import { govPoolAbi } from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { proposalPath } from "../../shared/routes/proposalPath.ts";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { Pagination } from "../../shared/ui/Pagination.tsx";
import { ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { type DelegatedRewards, delegatedRewardsQuery } from "./api/delegatedRewardsQuery.ts";
import { DELEGATED_REWARDS_LIMITS, type DelegatedReward } from "./api/fetchDelegatedRewards.ts";
import styles from "./Rewards.module.css";

/**
 * The delegator's side of delegated rewards: its share (80% by default) of each delegatee's micropool reward, per
 * executed proposal, claimed with `claimMicropoolRewards(ids, delegator, delegatee)`; 'Already claimed' once paid.
 * (The delegatee's own 20% is the micropool column of the rewards above.) Rows are shown `ROWS_PER_PAGE` at a
 * time; when the read stopped at its limits, a notice says the list is a part.
 */
export function DelegatedRewardsView({ data, user }: { data: DelegatedRewards; user: Address }) {
  const { t } = useTranslation("rewards");
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(data.dao);
  const [page, setPage] = useState(1);
  if (data.rows.length === 0 && !data.isTruncated) return null;
  const pageCount = Math.max(1, Math.ceil(data.rows.length / ROWS_PER_PAGE));
  const shown = Math.min(page, pageCount);
  const rows = data.rows.slice((shown - 1) * ROWS_PER_PAGE, shown * ROWS_PER_PAGE);
  const amount = (row: DelegatedReward) => {
    const info = data.tokens[row.token.toLowerCase()];
    return tokenAmount(row.amount, info?.decimals ?? 18, info?.symbol);
  };
  const claim = (row: DelegatedReward) =>
    run(t("tx.claimDelegated", { id: row.id.toString() }), "claimMicropoolRewards", () =>
      writeContractAsync({
        address: data.dao,
        abi: govPoolAbi,
        chainId,
        functionName: "claimMicropoolRewards",
        args: [[row.id], user, row.delegatee],
      }),
    ).catch(() => undefined);
  return (
    <section data-testid="delegated-rewards">
      <h2>{t("delegatedTitle")}</h2>
      <p className="muted">{t("delegatedIntro")}</p>
      {data.isTruncated ? (
        <p className="muted" role="status" data-testid="delegated-truncated">
          {t("delegatedTruncated", {
            delegatees: DELEGATED_REWARDS_LIMITS.delegatees,
            events: DELEGATED_REWARDS_LIMITS.page * DELEGATED_REWARDS_LIMITS.pages,
          })}
        </p>
      ) : null}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("delegatee")}</th>
            <th scope="col">{t("proposal")}</th>
            <th scope="col">{t("delegatorShare")}</th>
            <th scope="col">{t("status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.delegatee}:${row.id}`} data-testid={`delegated-reward-${row.id}`}>
              <td className="mono">{row.delegatee}</td>
              <td>
                <Link to={proposalPath(data.dao, row.id)}>#{row.id.toString()}</Link>
              </td>
              <td>{amount(row)}</td>
              <td>
                {row.isClaimed ? (
                  <Button size="small" disabled>
                    {t("terminal.alreadyClaimed", { ns: "core" })}
                  </Button>
                ) : (
                  <Button size="small" isLoading={isBusy} onClick={() => void claim(row)}>
                    {t("claim")}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={shown} pageCount={pageCount} onChange={setPage} />
      {status.error ? (
        <p className={styles.error} role="alert">
          {t(status.error, { ns: ["core", "common"] })}
        </p>
      ) : null}
    </section>
  );
}

/** Delegated reward rows per page of the section. */
export const ROWS_PER_PAGE = 25;

/** Reads and shows the connected member's delegator rewards in the DAO. */
export function DelegatedRewardsSection({ dao, user }: { dao: Address; user: Address }) {
  const { t } = useTranslation("rewards");
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const query = useQuery(delegatedRewardsQuery(client, chainId, dao, user));
  if (query.isPending) return <LoadingState label={t("loading")} />;
  if (query.isError)
    return (
      <ErrorState
        message={t("loadError", { detail: query.error.message })}
        onRetry={() => void query.refetch()}
      />
    );
  return <DelegatedRewardsView data={query.data} user={user} />;
}
