import type { PoolMember, PoolStats, StatsPoint, TopPool } from "@polity/core/records/tracker";
import type { Address } from "viem";
import { notFound } from "../../http/errors.ts";
import type { PageOffset } from "../../http/jsonapi.ts";
import { TtlCache } from "../../http/ttlCache.ts";
import type { IndexerReader } from "../../indexer/indexer.ts";
import { formatUnitsString, percentChange } from "../../indexer/units.ts";
import {
  DAY,
  HOUR,
  LAU_WINDOW,
  type PoolFigures,
  type PoolSnapshot,
  type SortKey,
  type TopPoolsQuery,
  type TrackerRepository,
  UNFILTERED,
} from "./tracker.repository.ts";

export type Period = "D" | "W" | "M";
export const PERIOD_SECONDS: Record<Period, number> = { D: DAY, W: 7 * DAY, M: 30 * DAY };

/** Top pool record (spec §3). */
export type TopPoolAttributes = TopPool;

/** Statistics record (spec §3). */
export type PoolStatsAttributes = PoolStats;

export type StatsPointAttributes = StatsPoint;

/** Off-chain proposal counts live with the voting service; the tracker asks it through this port. */
export interface OffchainProposalCounter {
  countByPools(chainId: number, pools: string[]): Promise<Map<string, { total: number; active: number }>>;
}

export interface TopPoolsParams {
  chainId: number;
  sort: SortKey;
  order: "asc" | "desc";
  pinned: string[];
  search: string | null;
  userAddress: string | null;
  page: number;
  limit: number;
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export class TrackerService {
  /** Pages of the DAO list as everyone sees them (no user), by query. */
  private readonly publicTop = new TtlCache<Promise<{ rows: TopPoolAttributes[]; total: number }>>(1_000);

  constructor(
    private readonly repo: TrackerRepository,
    private readonly indexer: IndexerReader,
    private readonly offchain: OffchainProposalCounter | null = null,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /**
   * "Now" for windowed figures (LAU, changes): the later of the wall clock and the newest indexed
   * block, so a chain whose clock runs ahead (local time travel) is judged by its own time.
   */
  now(chainIds: number[]): Promise<number> {
    return this.indexer.now(chainIds, this.clock);
  }

  /** One chain's pools judged at `now`: by TVL, largest first, narrowed and paged by `query`. */
  private pools(
    chainId: number,
    now: TopPoolsQuery["now"],
    query: Partial<TopPoolsQuery>,
  ): Promise<PoolFigures[]> {
    return this.indexer.read(() =>
      this.repo.pools({
        chainIds: [chainId],
        now,
        sort: "tvl",
        order: "desc",
        ...UNFILTERED,
        limit: 1,
        offset: 0,
        ...query,
      }),
    );
  }

  /**
   * The DAO list as everyone sees it, reused per query for `publicTtlMs`; with a user, only whether
   * they are a member of each listed DAO is read for them (one query for the page).
   */
  async topPoolsFor(params: TopPoolsParams, publicTtlMs: number) {
    const everyone = { ...params, userAddress: null };
    const key = JSON.stringify(everyone);
    let list = publicTtlMs > 0 ? this.publicTop.get(key) : undefined;
    if (!list) {
      list = this.topPools(everyone);
      if (publicTtlMs > 0) {
        this.publicTop.set(key, list, publicTtlMs);
        list.catch(() => this.publicTop.delete(key));
      }
    }
    const { rows, total } = await list;
    if (!params.userAddress) return { rows, total };
    const user = params.userAddress;
    const memberOf = await this.indexer.read(() =>
      this.repo.membershipsOf(
        params.chainId,
        rows.map((r) => r.pool_address),
        user,
      ),
    );
    return { rows: rows.map((r) => ({ ...r, is_member: memberOf.has(r.pool_address) })), total };
  }

  async topPools(params: TopPoolsParams): Promise<{ rows: TopPoolAttributes[]; total: number }> {
    // Judged in the list's own statement (the later of the clock and the indexed block time): one
    // round trip to the database for the page.
    const now = this.clock();
    const isAddressSearch = params.search !== null && ADDRESS_RE.test(params.search);
    const rows = await this.pools(params.chainId, now, {
      sort: params.sort,
      order: params.order,
      pinned: params.pinned,
      searchAddress: isAddressSearch ? (params.search as string).toLowerCase() : null,
      searchText: !isAddressSearch && params.search ? params.search : null,
      userAddress: params.userAddress,
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
    });
    return { rows: await this.toTopRecords(params.chainId, rows), total: rows[0]?.total ?? 0 };
  }

  /** Pools the user deposited in, voted in, created proposals in or holds tokens of (My activity tab). */
  async userActivity(chainId: number, user: Address, page: number, limit: number) {
    const now = await this.now([chainId]);
    const [rows, activity, memberships] = await Promise.all([
      this.pools(chainId, now, {
        userAddress: user,
        activityOf: user,
        limit,
        offset: (page - 1) * limit,
      }),

      this.indexer.read(() => this.repo.userActivity(chainId, user, now - LAU_WINDOW)),
      this.indexer.read(() => this.repo.memberOf(chainId, user)),
    ]);
    const byPool = new Map(activity.map((a) => [a.pool, a]));
    const memberByPool = new Map(memberships.map((m) => [m.pool, m]));
    const records = await this.toTopRecords(chainId, rows);
    return {
      total: rows[0]?.total ?? 0,
      rows: records.map((r) => {
        const a = byPool.get(r.pool_address);
        const m = memberByPool.get(r.pool_address);
        return {
          ...r,
          user_address: user,
          user_votes_count: a?.votes ?? 0,
          user_proposals_count: a?.proposals ?? 0,
          user_deposits_count: a?.deposits ?? 0,
          user_recent_votes_count: a?.recentVotes ?? 0,
          user_recent_proposals_count: a?.recentProposals ?? 0,
          user_recent_deposits_count: a?.recentDeposits ?? 0,
          user_last_activity_at: a?.lastAt == null ? null : Number(a.lastAt),
          user_deposited_tokens: m?.depositedTokens ?? "0",
          user_deposited_nfts: m?.depositedNfts ?? 0,
          user_delegated_in_tokens: m?.delegatedInTokens ?? "0",
          user_delegated_out_tokens: m?.delegatedOutTokens ?? "0",
        };
      }),
    };
  }

  /** One page of a DAO's members, as its Members figure counts them. */
  async members(chainId: number, pool: string, page: PageOffset) {
    const rows = await this.indexer.read(() => this.repo.members(chainId, pool, page));
    if (!rows) throw notFound("errors.api.daoNotIndexed", { pool, chainId });
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(
        (r): PoolMember => ({
          address: r.address,
          deposited_tokens: String(r.depositedTokens),
          deposited_nfts: Number(r.depositedNfts),
        }),
      ),
    };
  }

  async latestStats(chainId: number, pool: string): Promise<PoolStatsAttributes> {
    const rows = await this.pools(chainId, this.clock(), { poolAddress: pool, limit: 1 });
    const [record] = await this.toTopRecords(chainId, rows);
    if (!record) throw notFound("errors.api.daoNotIndexed", { pool, chainId });
    return {
      gov_pool_address: record.pool_address,
      gov_pool_name: record.name,
      gov_token_address: record.gov_token_address,
      gov_nft_address: record.gov_nft_address,
      gov_pool_created_at: record.created_at,
      tvl_usd: record.tvl_usd,
      tvg_usd: record.tvg_usd,
      total_members_count: record.total_members_count,
      lau: record.lau,
      total_active_proposals_count: record.active_proposals_count,
      total_proposals_count: record.total_proposals_count,
    };
  }

  /**
   * Chart series: D = 24 hourly points, W = 7 daily points, M = 30 daily points, each the last
   * snapshot at or before the point (values carry forward between events). Points before the DAO
   * existed are left out.
   */
  async series(chainId: number, pool: string, period: Period): Promise<StatsPointAttributes[]> {
    const latest = await this.latestStats(chainId, pool); // 404 for unknown pools
    const now = await this.now([chainId]);
    const step = period === "D" ? HOUR : DAY;
    const count = period === "D" ? 24 : period === "W" ? 7 : 30;
    const end = Math.floor(now / step) * step;
    const start = end - (count - 1) * step;
    const snapshots = await this.indexer.read(() =>
      this.repo.poolSeries(chainId, pool, period === "D" ? "hourly" : "daily", start, end),
    );
    const points: StatsPointAttributes[] = [];
    let i = 0;
    let last: PoolSnapshot | undefined;
    for (let t = start; t <= end; t += step) {
      while (i < snapshots.length && Number(snapshots[i]?.bucket) <= t) last = snapshots[i++];
      if (!last || t + step <= latest.gov_pool_created_at) continue;
      points.push({
        timestamp: t,
        tvl_usd: formatUnitsString(last.tvlUsd),
        tvg_usd: formatUnitsString(last.tvgUsd),
        total_members_count: last.membersCount,
        lau: last.lau,
        total_proposals_count: last.proposalsCount,
        total_active_proposals_count: last.activeProposalsCount,
        votes_count: last.votesCount,
      });
    }
    // The newest point shows the live figures, which include changes after the last snapshot.
    const tail = points.at(-1);
    if (tail && tail.timestamp === end) {
      tail.tvl_usd = latest.tvl_usd;
      tail.tvg_usd = latest.tvg_usd;
      tail.total_members_count = latest.total_members_count;
      tail.lau = latest.lau;
    }
    return points;
  }

  /**
   * The global summary's chart series: at each point, the sum over every DAO of the chains of its
   * latest snapshot; members and active users are distinct people over every DAO (a person in two DAOs
   * counts once), counted as the summary counts them.
   */
  async summarySeries(chainIds: number[], period: Period): Promise<StatsPointAttributes[]> {
    const now = await this.now(chainIds);
    const step = period === "D" ? HOUR : DAY;
    const count = period === "D" ? 24 : period === "W" ? 7 : 30;
    const end = Math.floor(now / step) * step;
    const start = end - (count - 1) * step;
    const times = Array.from({ length: count }, (_, k) => start + k * step);
    const [snapshots, people] = await this.indexer.read(() =>
      Promise.all([
        this.repo.allPoolsSeries(chainIds, period === "D" ? "hourly" : "daily", start, end),
        this.repo.peopleAt(chainIds, times),
      ]),
    );
    const latest = new Map<string, (typeof snapshots)[number]>();
    const points: StatsPointAttributes[] = [];
    let i = 0;
    for (let t = start; t <= end; t += step) {
      while (i < snapshots.length && Number(snapshots[i]?.bucket) <= t) {
        const row = snapshots[i++] as (typeof snapshots)[number];
        latest.set(`${row.chainId}:${row.pool}`, row);
      }
      if (latest.size === 0) continue;
      const rows = [...latest.values()];
      const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((n, row) => n + pick(row), 0);
      points.push({
        timestamp: t,
        tvl_usd: formatUnitsString(rows.reduce((n, row) => n + BigInt(row.tvlUsd), 0n)),
        tvg_usd: formatUnitsString(rows.reduce((n, row) => n + BigInt(row.tvgUsd), 0n)),
        total_members_count: people.get(t)?.members ?? 0,
        lau: people.get(t)?.lau ?? 0,
        total_proposals_count: sum((row) => row.proposalsCount),
        total_active_proposals_count: sum((row) => row.activeProposalsCount),
        votes_count: sum((row) => row.votesCount),
      });
    }
    return points;
  }

  async summary(chainIds: number[], period: Period) {
    const now = await this.now(chainIds);
    const then = now - PERIOD_SECONDS[period];
    const s = await this.indexer.read(() => this.repo.summary(chainIds, now, then));
    return {
      chain_ids: chainIds,
      period,
      pools_count: s.poolsCount,
      tvl_usd: formatUnitsString(s.tvlUsd),
      tvg_usd: formatUnitsString(s.tvgUsd),
      total_members_count: s.membersCount,
      lau: s.lau,
      total_proposals_count: s.proposalsCount,
      pools_count_change_percent: percentChange(s.poolsCount, s.prevPoolsCount),
      tvl_usd_change_percent: percentChange(s.tvlUsd, s.prevTvlUsd),
      tvg_usd_change_percent: percentChange(s.tvgUsd, s.prevTvgUsd),
      members_change_percent: percentChange(s.membersCount, s.prevMembersCount),
      lau_change_percent: percentChange(s.lau, s.prevLau),
      proposals_change_percent: percentChange(s.proposalsCount, s.prevProposalsCount),
    };
  }

  private async toTopRecords(chainId: number, rows: PoolFigures[]): Promise<TopPoolAttributes[]> {
    const offchain =
      this.offchain && rows.length > 0
        ? await this.offchain.countByPools(
            chainId,
            rows.map((r) => r.address),
          )
        : new Map<string, { total: number; active: number }>();
    return rows.map((r) => {
      const off = offchain.get(r.address) ?? { total: 0, active: 0 };
      return {
        chain_id: r.chainId,
        pool_address: r.address,
        name: r.name,
        description_url: r.descriptionUrl,
        gov_token_address: r.govToken,
        gov_token_symbol: r.tokenSymbol,
        gov_token_decimals: r.tokenDecimals,
        gov_nft_address: r.nft,
        created_at: Number(r.createdAt),
        tvl_usd: formatUnitsString(r.tvlUsd),
        tvg_usd: formatUnitsString(r.tvgUsd),
        lau: r.lau,
        total_members_count: r.membersCount,
        active_members_count: r.activeMembersCount,
        total_proposals_count: r.proposalsCount + r.internalProposalsCount + off.total,
        active_proposals_count: r.activeProposalsCount + r.activeInternalProposalsCount + off.active,
        external_proposals_count: r.proposalsCount,
        active_external_proposals_count: r.activeProposalsCount,
        internal_proposals_count: r.internalProposalsCount,
        active_internal_proposals_count: r.activeInternalProposalsCount,
        offchain_proposals_count: off.total,
        active_offchain_proposals_count: off.active,
        tvl_usd_change_percent: percentChange(r.tvlUsd, r.prevTvlUsd),
        tvg_usd_change_percent: percentChange(r.tvgUsd, r.prevTvgUsd),
        members_change_percent: percentChange(r.membersCount, r.prevMembersCount),
        lau_change_percent: percentChange(r.lau, r.prevLau),
        is_member: r.isMember,
      };
    });
  }
}
