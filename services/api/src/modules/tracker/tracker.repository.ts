/**
 * Read-only SQL over the indexer's schema (written by Ponder, see packages/indexer). Only this file
 * knows the indexer's table names. Amounts come back as decimal strings (numeric), USD values as
 * integers with 18 decimals.
 */
import type { Address } from "viem";
import type { IndexerReader, Queryable } from "../../indexer/indexer.ts";

export const DAY = 86_400;
export const HOUR = 3_600;
export const LAU_WINDOW = 30 * DAY;

export type SortKey = "tvl" | "tvg" | "members" | "proposals" | "lau";

export interface PoolRow extends Record<string, unknown> {
  chain_id: number;
  address: Address;
  name: string;
  description_url: string;
  gov_token: Address;
  nft: Address;
  token_symbol: string | null;
  token_decimals: number | null;
  created_at: string;
  tvl_usd: string;
  tvg_usd: string;
  members_count: number;
  active_members_count: number;
  lau: number;
  proposals_count: number;
  active_proposals_count: number;
  internal_proposals_count: number;
  active_internal_proposals_count: number;
  prev_tvl_usd: string | null;
  prev_tvg_usd: string | null;
  prev_members_count: number | null;
  prev_lau: number | null;
  is_member: boolean;
  total_count: string;
}

export interface StatsRow extends Record<string, unknown> {
  bucket: string;
  tvl_usd: string;
  tvg_usd: string;
  members_count: number;
  lau: number;
  proposals_count: number;
  active_proposals_count: number;
  votes_count: number;
}

/** What an address did in one pool: its counts overall and within the LAU window. */
export interface ActivityRow extends Record<string, unknown> {
  pool: string;
  votes: number;
  proposals: number;
  deposits: number;
  last_at: string;
  recent_votes: number;
  recent_proposals: number;
  recent_deposits: number;
}

export interface TopPoolsQuery {
  chainIds: number[];
  now: number;
  sort: SortKey;
  order: "asc" | "desc";
  pinned: string[];
  searchAddress: string | null;
  searchText: string | null;
  userAddress: string | null;
  /** Exactly this pool (stats of one DAO). */
  poolAddress: string | null;
  /** Only pools this address deposited in, voted in, created proposals in or holds tokens of. */
  activityOf: string | null;
  limit: number;
  offset: number;
}

const SORT_COLUMNS: Record<SortKey, string> = {
  tvl: "tvl_usd",
  tvg: "tvg_usd",
  members: "members_count",
  proposals: "proposals_count",
  lau: "lau",
};
/** Spec §9: the default list order is tvl, then tvg, members, proposals. */
const TIE_BREAK: SortKey[] = ["tvl", "tvg", "members", "proposals"];

export class TrackerRepository {
  private readonly db: Queryable;
  private readonly s: string;

  constructor(indexer: IndexerReader) {
    this.db = indexer.db;
    this.s = indexer.schema;
  }

  /**
   * The pool list with every figure the top and activity lists show. `now` is the chain's indexed
   * time so that a chain whose clock runs ahead (tests, time travel) is judged by its own clock.
   */
  async pools(q: TopPoolsQuery): Promise<PoolRow[]> {
    const values: unknown[] = [q.chainIds, q.now, q.now - LAU_WINDOW, q.now - DAY, q.userAddress];
    const p = (v: unknown) => {
      values.push(v);
      return `$${values.length}`;
    };
    const where: string[] = ["p.chain_id = ANY($1::int[])"];
    if (q.poolAddress) where.push(`p.address = ${p(q.poolAddress)}`);
    if (q.searchAddress) {
      const a = p(q.searchAddress);
      where.push(`(p.address = ${a} OR p.gov_token = ${a} OR p.nft = ${a})`);
    } else if (q.searchText) {
      const t = p(`%${q.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(p.name ILIKE ${t} OR t.symbol ILIKE ${t} OR t.name ILIKE ${t})`);
    }
    if (q.activityOf) {
      const a = p(q.activityOf);
      where.push(`(EXISTS (SELECT 1 FROM ${this.s}.member m WHERE m.chain_id = p.chain_id AND m.pool = p.address
                                 AND m.address = ${a} AND (m.is_member OR m.delegated_out_tokens > 0 OR m.delegated_out_nfts > 0))
               OR EXISTS (SELECT 1 FROM ${this.s}.user_activity ua WHERE ua.chain_id = p.chain_id AND ua.pool = p.address AND ua.account = ${a})
               OR EXISTS (SELECT 1 FROM ${this.s}.token_holder th WHERE th.chain_id = p.chain_id
                                 AND th.token IN (p.gov_token, p.nft) AND th.address = ${a} AND th.balance > 0))`);
    }
    const pinned = p(q.pinned);
    const dir = q.order === "asc" ? "ASC" : "DESC";
    const keys = [q.sort, ...TIE_BREAK.filter((k) => k !== q.sort)];
    const orderBy = [
      `(address = ANY(${pinned}::text[])) DESC`,
      `array_position(${pinned}::text[], address::text) ASC NULLS LAST`,
      ...keys.map((k, i) => `${SORT_COLUMNS[k]} ${i === 0 ? dir : "DESC"}`),
      "chain_id ASC",
      "address ASC",
    ].join(", ");
    const limit = p(q.limit);
    const offset = p(q.offset);

    const sql = `
WITH base AS (
  SELECT p.*, t.symbol AS token_symbol, t.decimals AS token_decimals
    FROM ${this.s}.pool p
    LEFT JOIN ${this.s}.token t ON t.chain_id = p.chain_id AND t.address = p.gov_token
   WHERE ${where.join(" AND ")}
),
lau AS (
  SELECT ua.chain_id, ua.pool, count(DISTINCT ua.account)::int AS lau
    FROM ${this.s}.user_activity ua JOIN base b ON b.chain_id = ua.chain_id AND b.address = ua.pool
   WHERE ua.last_at > $3
   GROUP BY ua.chain_id, ua.pool
),
active_members AS (
  SELECT m.chain_id, m.pool, count(*)::int AS n
    FROM ${this.s}.member m JOIN base b ON b.chain_id = m.chain_id AND b.address = m.pool
   WHERE m.is_member AND EXISTS (SELECT 1 FROM ${this.s}.user_activity ua WHERE ua.chain_id = m.chain_id
                                   AND ua.pool = m.pool AND ua.account = m.address AND ua.last_at > $3)
   GROUP BY m.chain_id, m.pool
),
fallback_members AS (
  -- Spec §9: when nobody has deposited, members are the union of token holders and voters.
  SELECT b.chain_id, b.address AS pool, count(DISTINCT x.account)::int AS n
    FROM base b
    JOIN LATERAL (
      SELECT th.address AS account FROM ${this.s}.token_holder th
       WHERE th.chain_id = b.chain_id AND th.token IN (b.gov_token, b.nft) AND th.balance > 0
         AND th.address NOT IN (b.address, b.user_keeper, '0x0000000000000000000000000000000000000000')
      UNION
      SELECT v.voter FROM ${this.s}.vote v WHERE v.chain_id = b.chain_id AND v.pool = b.address
    ) x ON true
   WHERE b.members_count = 0
   GROUP BY b.chain_id, b.address
),
proposals AS (
  SELECT pr.chain_id, pr.pool,
         count(*) FILTER (WHERE pr.executed_at IS NULL AND (
             pr.vote_end > $2
             OR (pr.quorum_reached_at IS NOT NULL AND (pr.votes_for > pr.votes_against
                 OR jsonb_array_length(pr.actions_on_against) > 0)
                 -- not Expired: still within the execution window after it could execute
                 AND greatest(coalesce(pr.execute_after, 0), coalesce(pr.validators_vote_end, 0))
                     + b.execution_window > $2)))::int AS active
    FROM ${this.s}.proposal pr JOIN base b ON b.chain_id = pr.chain_id AND b.address = pr.pool
   GROUP BY pr.chain_id, pr.pool
),
internal AS (
  SELECT vp.chain_id, vp.pool, count(*)::int AS total,
         count(*) FILTER (WHERE vp.executed_at IS NULL AND vp.vote_end > $2)::int AS active
    FROM ${this.s}.validator_proposal vp JOIN base b ON b.chain_id = vp.chain_id AND b.address = vp.pool
   WHERE vp.is_internal
   GROUP BY vp.chain_id, vp.pool
),
rows AS (
  SELECT b.chain_id, b.address, b.name, b.description_url, b.gov_token, b.nft, b.token_symbol, b.token_decimals,
         b.created_at::text AS created_at, b.tvl_usd::text AS tvl_usd, b.tvg_usd::text AS tvg_usd,
         CASE WHEN b.members_count > 0 THEN b.members_count ELSE coalesce(fm.n, 0) END AS members_count,
         coalesce(am.n, 0) AS active_members_count,
         coalesce(l.lau, 0) AS lau,
         b.proposals_count, coalesce(pr.active, 0) AS active_proposals_count,
         coalesce(i.total, 0) AS internal_proposals_count, coalesce(i.active, 0) AS active_internal_proposals_count,
         prev.tvl_usd::text AS prev_tvl_usd, prev.tvg_usd::text AS prev_tvg_usd,
         prev.members_count AS prev_members_count, prev.lau AS prev_lau,
         CASE WHEN $5::text IS NULL THEN false ELSE (
           EXISTS (SELECT 1 FROM ${this.s}.member m WHERE m.chain_id = b.chain_id AND m.pool = b.address
                     AND m.address = $5::text AND (m.is_member OR m.delegated_in_tokens > 0 OR m.delegated_in_nfts > 0))
           OR EXISTS (SELECT 1 FROM ${this.s}.token_holder th WHERE th.chain_id = b.chain_id
                     AND th.token IN (b.gov_token, b.nft) AND th.address = $5::text AND th.balance > 0)
         ) END AS is_member
    FROM base b
    LEFT JOIN lau l ON l.chain_id = b.chain_id AND l.pool = b.address
    LEFT JOIN active_members am ON am.chain_id = b.chain_id AND am.pool = b.address
    LEFT JOIN fallback_members fm ON fm.chain_id = b.chain_id AND fm.pool = b.address
    LEFT JOIN proposals pr ON pr.chain_id = b.chain_id AND pr.pool = b.address
    LEFT JOIN internal i ON i.chain_id = b.chain_id AND i.pool = b.address
    LEFT JOIN LATERAL (
      SELECT h.tvl_usd, h.tvg_usd, h.members_count, h.lau FROM ${this.s}.pool_stats_hourly h
       WHERE h.chain_id = b.chain_id AND h.pool = b.address AND h.bucket <= $4
       ORDER BY h.bucket DESC LIMIT 1
    ) prev ON true
)
SELECT rows.*, count(*) OVER ()::text AS total_count
  FROM rows
 ORDER BY ${orderBy}
 LIMIT ${limit} OFFSET ${offset}`;
    const { rows } = await this.db.query<PoolRow>(sql, values);
    return rows;
  }

  /** Snapshots of a pool in [from, to], plus the last one before `from` to carry values forward. */
  async poolSeries(
    chainId: number,
    pool: string,
    granularity: "hourly" | "daily",
    from: number,
    to: number,
  ): Promise<StatsRow[]> {
    const table = granularity === "hourly" ? "pool_stats_hourly" : "pool_stats_daily";
    const cols = `bucket::text AS bucket, tvl_usd::text AS tvl_usd, tvg_usd::text AS tvg_usd, members_count, lau,
                  proposals_count, active_proposals_count, votes_count`;
    const { rows } = await this.db.query<StatsRow>(
      `(SELECT ${cols} FROM ${this.s}.${table}
         WHERE chain_id = $1 AND pool = $2 AND bucket < $3 ORDER BY bucket DESC LIMIT 1)
       UNION ALL
       (SELECT ${cols} FROM ${this.s}.${table}
         WHERE chain_id = $1 AND pool = $2 AND bucket >= $3 AND bucket <= $4 ORDER BY bucket ASC)`,
      [chainId, pool, from, to],
    );
    return rows.sort((a, b) => Number(a.bucket) - Number(b.bucket));
  }

  /** The same figures summed over every pool of the given chains, now and at `then`. */
  async summary(
    chainIds: number[],
    now: number,
    then: number,
  ): Promise<{
    pools_count: number;
    tvl_usd: string;
    tvg_usd: string;
    members_count: number;
    lau: number;
    proposals_count: number;
    prev_pools_count: number;
    prev_tvl_usd: string;
    prev_tvg_usd: string;
    prev_members_count: number;
    prev_lau: number;
    prev_proposals_count: number;
  }> {
    const { rows } = await this.db.query<Record<string, string>>(
      `WITH pools AS (SELECT * FROM ${this.s}.pool WHERE chain_id = ANY($1::int[])),
       prev AS (
         SELECT DISTINCT ON (h.chain_id, h.pool) h.*
           FROM ${this.s}.pool_stats_hourly h JOIN pools p ON p.chain_id = h.chain_id AND p.address = h.pool
          WHERE h.bucket <= $3
          ORDER BY h.chain_id, h.pool, h.bucket DESC
       )
       SELECT
         (SELECT count(*) FROM pools)::text AS pools_count,
         (SELECT coalesce(sum(tvl_usd), 0) FROM pools)::text AS tvl_usd,
         (SELECT coalesce(sum(tvg_usd), 0) FROM pools)::text AS tvg_usd,
         (SELECT count(DISTINCT (m.chain_id, m.address)) FROM ${this.s}.member m
            WHERE m.chain_id = ANY($1::int[]) AND m.is_member)::text AS members_count,
         (SELECT count(DISTINCT (ua.chain_id, ua.account)) FROM ${this.s}.user_activity ua
            WHERE ua.chain_id = ANY($1::int[]) AND ua.last_at > $2 - ${LAU_WINDOW})::text AS lau,
         (SELECT coalesce(sum(proposals_count + validator_proposals_count), 0) FROM pools)::text AS proposals_count,
         (SELECT count(*) FROM pools WHERE created_at <= $3)::text AS prev_pools_count,
         (SELECT coalesce(sum(tvl_usd), 0) FROM prev)::text AS prev_tvl_usd,
         (SELECT coalesce(sum(tvg_usd), 0) FROM prev)::text AS prev_tvg_usd,
         (SELECT count(DISTINCT (m.chain_id, m.address)) FROM ${this.s}.member m
            WHERE m.chain_id = ANY($1::int[]) AND m.is_member AND m.first_deposit_at <= $3)::text AS prev_members_count,
         (SELECT count(DISTINCT (ua.chain_id, ua.account)) FROM ${this.s}.user_activity ua
            WHERE ua.chain_id = ANY($1::int[]) AND ua.day <= $3
              AND ua.last_at > $3 - ${LAU_WINDOW})::text AS prev_lau,
         ((SELECT count(*) FROM ${this.s}.proposal pr
            WHERE pr.chain_id = ANY($1::int[]) AND pr.created_at <= $3)
          + (SELECT count(*) FROM ${this.s}.validator_proposal vp
            WHERE vp.chain_id = ANY($1::int[]) AND vp.is_internal AND vp.created_at <= $3))::text AS prev_proposals_count`,
      [chainIds, now, then],
    );
    const r = rows[0] ?? {};
    const n = (k: string) => Number(r[k] ?? 0);
    const s = (k: string) => r[k] ?? "0";
    return {
      pools_count: n("pools_count"),
      tvl_usd: s("tvl_usd"),
      tvg_usd: s("tvg_usd"),
      members_count: n("members_count"),
      lau: n("lau"),
      proposals_count: n("proposals_count"),
      prev_pools_count: n("prev_pools_count"),
      prev_tvl_usd: s("prev_tvl_usd"),
      prev_tvg_usd: s("prev_tvg_usd"),
      prev_members_count: n("prev_members_count"),
      prev_lau: n("prev_lau"),
      prev_proposals_count: n("prev_proposals_count"),
    };
  }

  /** What an address did in each pool of a chain. */
  async userActivity(chainId: number, user: string, since: number): Promise<ActivityRow[]> {
    const { rows } = await this.db.query<ActivityRow>(
      `SELECT pool, sum(votes)::int AS votes, sum(proposals)::int AS proposals, sum(deposits)::int AS deposits,
              max(last_at)::text AS last_at,
              coalesce(sum(votes) FILTER (WHERE last_at > $3), 0)::int AS recent_votes,
              coalesce(sum(proposals) FILTER (WHERE last_at > $3), 0)::int AS recent_proposals,
              coalesce(sum(deposits) FILTER (WHERE last_at > $3), 0)::int AS recent_deposits
         FROM ${this.s}.user_activity
        WHERE chain_id = $1 AND account = $2
        GROUP BY pool`,
      [chainId, user, since],
    );
    return rows;
  }

  async memberOf(
    chainId: number,
    user: string,
  ): Promise<
    Array<{
      pool: string;
      deposited_tokens: string;
      deposited_nfts: number;
      delegated_in_tokens: string;
      delegated_out_tokens: string;
    }>
  > {
    const { rows } = await this.db.query<{
      pool: string;
      deposited_tokens: string;
      deposited_nfts: number;
      delegated_in_tokens: string;
      delegated_out_tokens: string;
    }>(
      `SELECT pool, deposited_tokens::text, deposited_nfts, delegated_in_tokens::text, delegated_out_tokens::text
         FROM ${this.s}.member WHERE chain_id = $1 AND address = $2`,
      [chainId, user],
    );
    return rows;
  }
}
