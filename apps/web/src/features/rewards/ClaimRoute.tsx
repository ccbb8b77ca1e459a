import { govPoolAbi } from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { proposalPath } from "../../shared/routes/proposalPath.ts";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { DaoSubpage } from "../../shared/ui/DaoSubpage.tsx";
import { lazyNamed } from "../../shared/ui/lazyNamed.ts";
import { Pagination } from "../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { ConnectPrompt } from "../../shared/wallet/ConnectPrompt.tsx";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { claimableIds, type RewardsOverview, rewardStatus } from "./api/fetchRewards.ts";
import { rewardsQuery } from "./api/rewardsQuery.ts";
import { DelegatedRewardsSection } from "./DelegatedRewards.tsx";
import styles from "./Rewards.module.css";

// The multiplier notice reads the DAO's multiplier collection: it loads after the rewards, in its own chunk.
const MultiplierNotice = lazyNamed(() => import("./MultiplierNotice.tsx"), "MultiplierNotice");

function amount(overview: RewardsOverview, token: Address, value: bigint): string {
  const info = overview.tokens[token.toLowerCase()];
  return tokenAmount(value, info?.decimals ?? 18, info?.symbol);
}

export function RewardsView({
  overview,
  user,
  onPage,
}: {
  overview: RewardsOverview;
  user: Address;
  onPage?: (page: number) => void;
}) {
  const { t } = useTranslation("rewards");
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(overview.dao);
  const ids = claimableIds(overview);
  const offchainTotal = overview.offchain.reduce((sum, o) => sum + o.amount, 0n);

  const claim = (proposalIds: bigint[], summary: string) =>
    run(summary, "claimRewards", () =>
      writeContractAsync({
        address: overview.dao,
        abi: govPoolAbi,
        chainId,
        functionName: "claimRewards",
        args: [proposalIds, user],
      }),
    ).catch(() => undefined);

  return (
    <div className={styles.page}>
      <Link to={`/dao/${overview.dao}`}>{t("backToDao", { name: overview.daoName })}</Link>
      <h1>{t("title")}</h1>
      {overview.isBehind ? (
        <p className="muted" role="status" data-testid="indexer-lag">
          {t("indexerLag")}
        </p>
      ) : null}
      <Suspense fallback={null}>
        <MultiplierNotice overview={overview} user={user} />
      </Suspense>
      {overview.proposals.length === 0 && offchainTotal === 0n ? <EmptyState title={t("empty")} /> : null}
      {overview.proposals.length > 0 ? (
        <table className={styles.table} data-testid="rewards-table">
          <thead>
            <tr>
              <th scope="col">{t("proposal")}</th>
              <th scope="col">{t("static")}</th>
              <th scope="col">{t("votingPersonal")}</th>
              <th scope="col">{t("votingMicropool")}</th>
              <th scope="col">{t("votingTreasury")}</th>
              <th scope="col">{t("status")}</th>
            </tr>
          </thead>
          <tbody>
            {overview.proposals.map((p) => {
              const state = rewardStatus(p);
              return (
                <tr key={p.id.toString()} data-testid={`reward-${p.id}`}>
                  <td>
                    <Link to={proposalPath(overview.dao, p.id)}>#{p.id.toString()}</Link>
                  </td>
                  <td>{amount(overview, p.token, p.staticReward)}</td>
                  <td>{amount(overview, p.token, p.voting.personal)}</td>
                  <td>{amount(overview, p.token, p.voting.micropool)}</td>
                  <td>{amount(overview, p.token, p.voting.treasury)}</td>
                  <td>
                    {state === "claimable" ? (
                      <Button
                        size="small"
                        isLoading={isBusy}
                        onClick={() => void claim([p.id], t("tx.claimOne", { id: p.id.toString() }))}
                      >
                        {t("claim")}
                      </Button>
                    ) : state === "alreadyClaimed" ? (
                      <Button size="small" disabled>
                        {t("terminal.alreadyClaimed", { ns: "core" })}
                      </Button>
                    ) : (
                      <span className="muted">{t("nothing")}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {onPage ? <Pagination page={overview.page} pageCount={overview.pageCount} onChange={onPage} /> : null}
      {overview.offchain.length > 0 ? (
        <section>
          <h2>{t("offchainTitle")}</h2>
          <ul>
            {overview.offchain.map((o) => (
              <li key={o.token}>{amount(overview, o.token, o.amount)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Button
        isBlock
        isLoading={isBusy}
        disabled={ids.length === 0 && offchainTotal === 0n}
        data-testid="claim-all"
        onClick={() => void claim(ids, t("tx.claimAll", { count: ids.length }))}
      >
        {ids.length === 0 && offchainTotal === 0n
          ? t("nothingToClaim")
          : t("claimAll", { count: ids.length })}
      </Button>
      {status.error ? (
        <p className={styles.error} role="alert">
          {t(status.error, { ns: ["core", "common"] })}
        </p>
      ) : null}
      {status.state === "SUCCESS" ? <p data-testid="claim-success">{t("claimed")}</p> : null}
    </div>
  );
}

/** The claim page before its rewards are there (no wallet, loading, failed): the way back and its heading. */
function ClaimState({ dao, children }: { dao: string; children: ReactNode }) {
  const { t } = useTranslation("rewards");
  return (
    <DaoSubpage dao={dao} namespace="rewards" title={t("title")} className={styles.page}>
      {children}
    </DaoSubpage>
  );
}

function Loaded({ dao, user }: { dao: Address; user: Address }) {
  const { t } = useTranslation("rewards");
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const [page, setPage] = useState(1);
  const overview = useQuery(rewardsQuery(client, chainId, dao, user, page));
  if (overview.isPending)
    return (
      <ClaimState dao={dao}>
        <LoadingState label={t("loading")} />
      </ClaimState>
    );
  if (overview.isError)
    return (
      <ClaimState dao={dao}>
        <ErrorState
          message={t("loadError", { detail: overview.error.message })}
          onRetry={() => void overview.refetch()}
        />
      </ClaimState>
    );
  return (
    <>
      <RewardsView overview={overview.data} user={user} onPage={setPage} />
      <DelegatedRewardsSection dao={dao} user={user} />
    </>
  );
}

/** `/dao/:daoAddress/claim/*`: pending rewards (static, voting by kind, off-chain) and claiming. */
export default function ClaimRoute() {
  const { t } = useTranslation("rewards");
  const { daoAddress } = useParams();
  const { address } = useConnection();
  if (!daoAddress || !isAddress(daoAddress))
    return (
      <ClaimState dao={daoAddress ?? ""}>
        <EmptyState title={t("invalidAddress")} />
      </ClaimState>
    );
  if (!address) {
    return (
      <ClaimState dao={daoAddress}>
        <ConnectPrompt title={t("connect")} />
      </ClaimState>
    );
  }
  return <Loaded dao={daoAddress} user={address} />;
}
