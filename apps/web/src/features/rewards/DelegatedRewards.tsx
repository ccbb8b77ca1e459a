import { formatTokenAmount } from "@polity/core/format/number";
import { govPoolAbi } from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { proposalPath } from "../../shared/routes/proposalPath.ts";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { type DelegatedRewards, delegatedRewardsQuery } from "./api/delegatedRewardsQuery.ts";
import type { DelegatedReward } from "./api/fetchDelegatedRewards.ts";
import styles from "./Rewards.module.css";

/**
 * The delegator's side of delegated rewards: its share (80% by default) of each delegatee's micropool reward, per
 * executed proposal, claimed with `claimMicropoolRewards(ids, delegator, delegatee)`; 'Already claimed' once paid.
 * (The delegatee's own 20% is the micropool column of the rewards above.)
 */
export function DelegatedRewardsView({ data, user }: { data: DelegatedRewards; user: Address }) {
  const { t } = useTranslation("rewards");
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(data.dao);
  if (data.rows.length === 0) return null;
  const amount = (row: DelegatedReward) => {
    const info = data.tokens[row.token.toLowerCase()];
    return `${formatTokenAmount({ value: row.amount, decimals: info?.decimals ?? 18 })} ${info?.symbol ?? ""}`.trim();
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
          {data.rows.map((row) => (
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
      {status.error ? (
        <p className={styles.error} role="alert">
          {t(status.error, { ns: ["core", "common"] })}
        </p>
      ) : null}
    </section>
  );
}

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
