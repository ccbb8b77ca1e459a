import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useSearchParams } from "react-router";
import { useConnection } from "wagmi";
import { useDebouncedValue } from "../../shared/hooks/useDebouncedValue.ts";
import { ApiError } from "../../shared/http/apiError.ts";
import { formatPower, type MemberDao, useMemberDaos } from "../../shared/profile/memberDaos.ts";
import { useFollowing } from "../../shared/profile/profileApi.ts";
import { retryNow, TrackerUnavailableError } from "../../shared/tracker/availability.ts";
import { POOL_SORTS, type PoolSort, type TopPool } from "../../shared/tracker/trackerApi.ts";
import { buttonClassName } from "../../shared/ui/Button.tsx";
import { Pagination } from "../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import tabStyles from "../../shared/ui/Tabs.module.css";
import { ConnectPrompt } from "../../shared/wallet/ConnectPrompt.tsx";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import styles from "./DaoListPage.module.css";
import { DaoListRow } from "./DaoListRow.tsx";
import { GlobalSummary } from "./GlobalSummary.tsx";
import { useTopPools } from "./useDaoLists.ts";

export type DaoListTab = "all" | "voting-power" | "my-activity";

export function tabFromPath(pathname: string): DaoListTab {
  if (pathname.startsWith("/voting-power")) return "voting-power";
  if (pathname.startsWith("/my-activity")) return "my-activity";
  return "all";
}

function isPoolSort(value: string | null): value is PoolSort {
  return value !== null && (POOL_SORTS as readonly string[]).includes(value);
}

/**
 * The Voting power tab: the DAOs where the user's power (read on chain, as the profile shows it) is
 * above zero, the largest first. Empty until the powers are read.
 */
export function byVotingPower(daos: readonly MemberDao[]): MemberDao[] {
  return daos
    .filter((dao) => (dao.power ?? 0n) > 0n)
    .sort((a, b) => ((b.power ?? 0n) > (a.power ?? 0n) ? 1 : (b.power ?? 0n) < (a.power ?? 0n) ? -1 : 0));
}

function errorMessage(t: (key: string) => string, err: unknown): string | undefined {
  if (err instanceof TrackerUnavailableError) return t("daoList:unavailable");
  if (err instanceof ApiError && err.status === 503) return t("daoList:indexerNotReady");
  return err instanceof Error ? err.message : undefined;
}

export default function DaoListPage() {
  const { t } = useTranslation(["daoList", "common"]);
  const { pathname } = useLocation();
  const tab = tabFromPath(pathname);
  const [params, setParams] = useSearchParams();
  const chainId = useSelectedChainId();
  const { address } = useConnection();

  const sort: PoolSort = isPoolSort(params.get("sort")) ? (params.get("sort") as PoolSort) : "tvl";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [searchInput, setSearchInput] = useState(params.get("q") ?? "");
  const search = useDebouncedValue(searchInput, 300);

  function update(next: Record<string, string | undefined>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === "") merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  }

  // The search text lives in the URL too, so a link shares the filtered list; typing restarts paging.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text should write the URL
  useEffect(() => {
    if ((params.get("q") ?? "") !== search) update({ q: search || undefined, page: undefined });
  }, [search]);

  const following = useFollowing(chainId);
  const top = useTopPools(
    { chainId, sort, search, page, userAddress: address, pinned: following.pools },
    tab === "all",
  );
  const member = useMemberDaos(chainId, address, page, tab !== "all");
  const activity = member.daos;
  const isPowerPending = tab === "voting-power" && member.powers.isPending && member.members.length > 0;

  const tabs: { id: DaoListTab; to: string; label: string }[] = [
    { id: "all", to: "/", label: t("tabs.all") },
    { id: "voting-power", to: "/voting-power", label: t("tabs.votingPower") },
    { id: "my-activity", to: "/my-activity", label: t("tabs.myActivity") },
  ];

  return (
    <section>
      <div className={styles.head}>
        <div>
          <h1>{t("title")}</h1>
          <p className="muted" style={{ margin: 0 }}>
            {t("subtitle")}
          </p>
        </div>
        <Link to="/create-pool" className={buttonClassName()} style={{ textDecoration: "none" }}>
          {t("common:nav.createDao")}
        </Link>
      </div>

      <nav className={styles.tabs} aria-label={t("tabs.label")}>
        {tabs.map((item) => (
          <NavLink
            key={item.id}
            to={{ pathname: item.to, search: "" }}
            end
            className={`${styles.tab} ${tab === item.id ? tabStyles.activeTab : ""}`}
            aria-current={tab === item.id ? "page" : undefined}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>

      {tab === "all" ? <GlobalSummary chainId={chainId} /> : null}

      {tab === "all" ? (
        <div className={styles.toolbar}>
          <label htmlFor="dao-search" className="visually-hidden">
            {t("search.label")}
          </label>
          <input
            id="dao-search"
            type="search"
            className={styles.search}
            placeholder={t("search.placeholder")}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <label htmlFor="dao-sort" className="visually-hidden">
            {t("sort.label")}
          </label>
          <select
            id="dao-sort"
            className={styles.select}
            value={sort}
            onChange={(event) => update({ sort: event.target.value, page: undefined })}
          >
            {POOL_SORTS.map((key) => (
              <option key={key} value={key}>
                {t(`sort.${key}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {tab === "all" ? (
        <PoolList
          query={top}
          emptyTitle={search ? t("empty.search", { search }) : t("empty.all")}
          onPage={(next) => update({ page: String(next) })}
          errorText={errorMessage(t, top.error)}
          onRetry={() => retryNow("TopGovPools")}
          follow={
            following.canFollow
              ? (pool) => ({
                  isFollowing: following.isFollowing(pool.pool_address),
                  isBusy: following.toggle.isPending,
                  onToggle: () =>
                    following.toggle.mutate({
                      pool: pool.pool_address,
                      follow: !following.isFollowing(pool.pool_address),
                    }),
                })
              : undefined
          }
        />
      ) : !address ? (
        <ConnectPrompt title={t("connectToSee")} />
      ) : (
        <PoolList
          query={{
            ...activity,
            isPending: activity.isPending || isPowerPending,
            data: activity.data && {
              ...activity.data,
              items: tab === "voting-power" ? byVotingPower(member.members) : member.members,
            },
          }}
          emptyTitle={tab === "voting-power" ? t("empty.votingPower") : t("empty.myActivity")}
          onPage={(next) => update({ page: String(next) })}
          errorText={errorMessage(t, activity.error)}
          onRetry={() => retryNow("ActivityGovPools")}
          extra={(pool) => {
            const p = pool as MemberDao;
            if (tab === "voting-power") {
              return {
                label: t("columns.yourPower"),
                value: formatPower(p.power ?? 0n, p),
              };
            }
            return {
              label: t("columns.yourActivity"),
              value: t("activitySummary", {
                votes: t("activity.votes", { count: p.user_votes_count }),
                proposals: t("activity.proposals", { count: p.user_proposals_count }),
                comments: t("activity.comments", { count: p.commentsCount }),
              }),
            };
          }}
        />
      )}
    </section>
  );
}

interface PoolListProps {
  query: {
    data?: { items: TopPool[]; page: number; pageCount: number } | undefined;
    isPending: boolean;
    isError: boolean;
    refetch(): unknown;
  };
  emptyTitle: string;
  errorText: string | undefined;
  /** Before asking again by hand: the endpoint is asked now, not after its retry interval. */
  onRetry(): void;
  onPage(page: number): void;
  extra?: (pool: TopPool) => { label: string; value: string };
  follow?: ((pool: TopPool) => { isFollowing: boolean; onToggle(): void; isBusy: boolean }) | undefined;
}

function PoolList({ query, emptyTitle, errorText, onRetry, onPage, extra, follow }: PoolListProps) {
  const { t } = useTranslation("daoList");
  if (query.isPending) return <LoadingState label={t("loading")} />;
  if (query.isError || !query.data)
    return (
      <ErrorState
        message={errorText}
        onRetry={() => {
          onRetry();
          void query.refetch();
        }}
      />
    );
  if (query.data.items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      <ul className={styles.list} aria-label={t("listLabel")}>
        {query.data.items.map((pool) => (
          <DaoListRow key={pool.pool_address} pool={pool} extra={extra?.(pool)} follow={follow?.(pool)} />
        ))}
      </ul>
      <Pagination page={query.data.page} pageCount={query.data.pageCount} onChange={onPage} />
    </>
  );
}
