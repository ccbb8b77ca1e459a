/**
 * The tracker's reads of the indexer's tables, typed Drizzle queries over `indexer/tables.ts`. Amounts
 * come back as decimal strings (numeric), USD values as integers with 18 decimals.
 */

import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lt,
  lte,
  max,
  not,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Address } from "viem";
import type { PageOffset } from "../../http/jsonapi.ts";
import { TtlCache } from "../../http/ttlCache.ts";
import { countWhere, intOrZero, totalCount } from "../../indexer/expressions.ts";
import { type IndexerReader, MAX_PREPARED_SHAPES, type PreparedRead } from "../../indexer/indexer.ts";
import { IndexerRepository } from "../../indexer/indexerRepository.ts";
import type { IndexerTables } from "../../indexer/tables.ts";

export const DAY = 86_400;
export const HOUR = 3_600;
export const LAU_WINDOW = 30 * DAY;

export type SortKey = "tvl" | "tvg" | "members" | "proposals" | "lau";

export interface TopPoolsQuery {
  chainIds: number[];
  /** Unix seconds; states are judged at the later of it and the chains' indexed block time. */
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

/** A list narrowed by nothing: every DAO of the chains, nobody's membership. */
export const UNFILTERED = {
  pinned: [],
  searchAddress: null,
  searchText: null,
  userAddress: null,
  poolAddress: null,
  activityOf: null,
} satisfies Partial<TopPoolsQuery>;

/** What decides the text of the list's statements: its chains, its order and which filters it has. */
interface TopShape {
  chainIds: number[];
  sort: SortKey;
  order: "asc" | "desc";
  pinned: boolean;
  searchAddress: boolean;
  searchText: boolean;
  activityOf: boolean;
  userAddress: boolean;
  poolAddress: boolean;
}

/**
 * The page sizes the list's page statement is written for: a page of `limit` rows runs the statement
 * of the first that holds it (the plan Postgres keeps counts on that many rows).
 */
const PAGE_CAPS = [1, 10, 25, 50, 100];

/** Spec §9: the default list order is tvl, then tvg, members, proposals. */
const TIE_BREAK: SortKey[] = ["tvl", "tvg", "members", "proposals"];
const ZERO_ADDRESS: Address = "0x0000000000000000000000000000000000000000";

/** The columns of a pool row naming its own contracts (the pool, its helpers and executors). */
const OWN_CONTRACT_COLUMNS = [
  "address",
  "settings",
  "userKeeper",
  "validators",
  "validatorToken",
  "votePower",
  "distributionProposal",
  "tokenSaleProposal",
  "expertNft",
  "nftMultiplier",
] as const;

/**
 * The DAO's own contracts: they hold and move the members' tokens (the treasury, the deposits,
 * the executors) and vote with the treasury, and are never members themselves.
 */
function ownContractsOf<T>(pool: { [K in (typeof OWN_CONTRACT_COLUMNS)[number]]: T }): T[] {
  return OWN_CONTRACT_COLUMNS.map((column) => pool[column]);
}
/** Numeric columns compare with decimal text. */
const n = (value: number) => String(value);

/** A pool's columns: its chain, address and tokens. */
type PoolColumns = { chainId: PgColumn; address: PgColumn; govToken: PgColumn; nft: PgColumn };
type Tables = IndexerTables;

/** `account` has a member row in the pool that satisfies `condition`. */
function memberWhere(
  orm: NodePgDatabase,
  m: Tables["member"],
  pool: PoolColumns,
  account: Address | Placeholder,
  condition: SQL | undefined,
) {
  return exists(
    orm
      .select({ one: sql`1` })
      .from(m)
      .where(and(eq(m.chainId, pool.chainId), eq(m.pool, pool.address), eq(m.address, account), condition)),
  );
}

/** `account` holds some of the pool's token or NFT. */
function holdsPoolTokens(
  orm: NodePgDatabase,
  th: Tables["tokenHolder"],
  pool: PoolColumns,
  account: Address | Placeholder,
) {
  return exists(
    orm
      .select({ one: sql`1` })
      .from(th)
      .where(
        and(
          eq(th.chainId, pool.chainId),
          or(eq(th.token, pool.govToken), eq(th.token, pool.nft)),
          eq(th.address, account),
          gt(th.balance, "0"),
        ),
      ),
  );
}

/** One DAO of a list with every figure the top and activity lists show. */
export interface PoolFigures {
  chainId: number;
  address: Address;
  name: string;
  descriptionUrl: string;
  govToken: Address;
  nft: Address;
  tokenSymbol: string | null;
  tokenDecimals: number | null;
  createdAt: string;
  tvlUsd: string;
  tvgUsd: string;
  membersCount: number;
  activeMembersCount: number;
  lau: number;
  proposalsCount: number;
  activeProposalsCount: number;
  internalProposalsCount: number;
  activeInternalProposalsCount: number;
  prevTvlUsd: string | null;
  prevTvgUsd: string | null;
  prevMembersCount: number | null;
  prevLau: number | null;
  isMember: boolean;
  /** Pools the whole list has (every page). */
  total: number;
}
/** The snapshot table of a granularity and the figures a chart point shows, read from it. */
function snapshotsOf(t: Tables, granularity: "hourly" | "daily") {
  const s = granularity === "hourly" ? t.poolStatsHourly : t.poolStatsDaily;
  const figures = {
    bucket: s.bucket,
    tvlUsd: s.tvlUsd,
    tvgUsd: s.tvgUsd,
    membersCount: s.membersCount,
    lau: s.lau,
    proposalsCount: s.proposalsCount,
    activeProposalsCount: s.activeProposalsCount,
    votesCount: s.votesCount,
  };
  return { s, figures };
}

/** A snapshot of a DAO's figures. */
export type PoolSnapshot = Awaited<ReturnType<TrackerRepository["poolSeries"]>>[number];

export class TrackerRepository extends IndexerRepository {
  /** The statements of each shape of the list (`topStatements`), as many shapes as the reader keeps. */
  private readonly shapes = new TtlCache<ReturnType<TrackerRepository["buildTopStatements"]>>(
    MAX_PREPARED_SHAPES,
  );
  /**
   * The DAO total per chain set, kept while the indexer's checkpoint is unchanged (`chainTotal`); the
   * chain ids come from requests, so the oldest sets are let go past `MAX_PREPARED_SHAPES`.
   */
  private readonly totals = new TtlCache<
    { checkpoint: string | null; countedAt: number; n: number } | { pending: Promise<number> }
  >(MAX_PREPARED_SHAPES);

  constructor(
    indexer: IndexerReader,
    /** How long a DAO total is kept at most, whatever the checkpoint says (`chainTotal`). */
    private readonly totalMaxAgeMs = 2_000,
    private readonly clockMs: () => number = Date.now,
  ) {
    super(indexer);
  }

  /**
   * The pool list with every figure the top and activity lists show, read from the figures the
   * indexer keeps per DAO (`dao_stats`): an index scan in the asked order (one index per sort key and
   * direction) that stops at the page, then the page's names, tokens, figures a day before `now` and
   * membership. Pinned pools come first, in the order they were pinned, before the rest in order.
   * Each shape of the list (chains, sort, which filters) is built once as named statements
   * (`topStatements`); a request binds its values. The plain list's total is the chain's DAO count,
   * kept per indexer checkpoint (`chainTotal`) instead of counted per request.
   */
  async pools(q: TopPoolsQuery): Promise<PoolFigures[]> {
    const shape: TopShape = {
      chainIds: q.chainIds,
      sort: q.sort,
      order: q.order,
      pinned: q.pinned.length > 0,
      searchAddress: q.searchAddress !== null,
      searchText: q.searchText !== null,
      activityOf: q.activityOf !== null,
      userAddress: q.userAddress !== null,
      poolAddress: q.poolAddress !== null,
    };
    const statements = this.topStatements(shape);
    const pattern = q.searchText === null ? null : `%${q.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const values = {
      clock: q.now,
      chainIds: q.chainIds,
      pinned: q.pinned,
      searchAddress: q.searchAddress,
      pattern,
      // Any part of the pool's, its token's or its NFT's address finds it too (addresses are lower-case).
      hexPattern: pattern?.toLowerCase() ?? null,
      activityOf: q.activityOf,
      userAddress: q.userAddress,
      poolAddress: q.poolAddress,
    };

    // Pinned pools (a few, looked up by key) first, then the page of the others in index order.
    const pinned = shape.pinned
      ? (await statements.pinnedKeys.execute(values)).sort(
          (a, b) => q.pinned.indexOf(a.pool) - q.pinned.indexOf(b.pool),
        )
      : [];
    const restOffset = Math.max(0, q.offset - pinned.length);
    const restLimit = q.limit - Math.max(0, Math.min(q.limit, pinned.length - q.offset));
    const pinnedPage = pinned.slice(q.offset, q.offset + q.limit);
    const [others, pinnedRows] = await Promise.all([
      restLimit > 0
        ? statements.page(restLimit).execute({ ...values, limit: restLimit, offset: restOffset })
        : Promise.resolve([]),
      pinnedPage.length > 0
        ? statements.pinnedRows.execute({ ...values, pinnedPage: pinnedPage.map((k) => k.pool) })
        : Promise.resolve([]),
    ]);
    // The total rides on the rows: an empty page has none to count.
    if (others.length === 0 && pinnedRows.length === 0) return [];
    const first = others[0];
    // A narrowed list is counted in its page's statement; the plain one is every DAO of the chains.
    // An empty page of the others (past the last) beside pinned pools still answers how many there are.
    const restTotal = statements.counted
      ? (first?.total ?? (restLimit > 0 ? ((await statements.count.execute(values))[0]?.n ?? 0) : 0))
      : (await this.chainTotal(shape.chainIds, statements.chainCount, first?.checkpoint)) - pinned.length;
    const total = pinned.length + restTotal;
    const byKey = new Map(pinnedRows.map((row) => [`${row.chainId}:${row.address}`, row]));
    return [
      ...pinnedPage.flatMap((k) => {
        const row = byKey.get(`${k.chainId}:${k.pool}`);
        return row ? [row] : [];
      }),
      ...others.map(({ total: _, checkpoint: __, ...row }) => row),
    ].map((row) => ({ ...row, total }));
  }

  /**
   * How many DAOs the chains have, counted once per indexer checkpoint instead of on every request
   * (a count reads every DAO's row). Ponder writes a block's rows and its checkpoint in one
   * transaction, and a count is read with the checkpoint in one statement, so a kept count is the
   * count of the tables as long as the checkpoint the page's statement read (`checkpoint`) is the one
   * it was counted at. A reorganisation to a sibling block with the same time gives the same
   * checkpoint: a kept count is therefore also never older than `totalMaxAgeMs`. Requests arriving
   * while it is counted share that count.
   */
  private async chainTotal(
    chainIds: number[],
    count: PreparedRead<Array<{ n: number; checkpoint: string | null }>>,
    checkpoint: string | null | undefined,
  ): Promise<number> {
    const key = chainIds.join(",");
    const kept = this.totals.get(key);
    if (kept && "pending" in kept) return kept.pending;
    // Without a checkpoint to compare (a page of pinned pools only), the age alone bounds it.
    if (
      kept &&
      (checkpoint === undefined || kept.checkpoint === checkpoint) &&
      this.clockMs() - kept.countedAt < this.totalMaxAgeMs
    )
      return kept.n;
    const countedAt = this.clockMs();
    const pending = count.execute({ chainIds }).then(
      ([row]) => {
        const n = row?.n ?? 0;
        this.totals.set(key, { checkpoint: row?.checkpoint ?? null, countedAt, n }, Number.POSITIVE_INFINITY);
        return n;
      },
      (err: unknown) => {
        this.totals.delete(key);
        throw err;
      },
    );
    this.totals.set(key, { pending }, Number.POSITIVE_INFINITY);
    return pending;
  }

  /**
   * The statements of one shape of the list, built once per shape (kept in `shapes`, prepared once
   * through `IndexerReader.prepared`) with placeholders for every value a request brings: `clock`,
   * `pinned`, `searchAddress`, `pattern`, `hexPattern`, `activityOf`, `userAddress`, `poolAddress`,
   * `limit`, `offset`, `pinnedPage`. The chains are part of the shape (a handful of supported chains;
   * a bounded number of shapes is kept).
   */
  private topStatements(shape: TopShape) {
    const key = `top:${JSON.stringify(shape)}`;
    let statements = this.shapes.get(key);
    if (!statements) {
      statements = this.buildTopStatements(key, shape);
      this.shapes.set(key, statements, Number.POSITIVE_INFINITY);
    }
    return statements;
  }

  private buildTopStatements(key: string, shape: TopShape) {
    const { orm, indexer } = this;
    const { pool: p, token: t, daoStats: d, userActivity: ua, member: m, tokenHolder: th } = this.t;
    const one = sql`1`;
    const value = sql.placeholder;
    const isNarrowed = shape.searchAddress || shape.searchText || shape.activityOf;

    const filters: Array<SQL | undefined> = [inArray(d.chainId, shape.chainIds)];
    if (shape.poolAddress) filters.push(eq(d.pool, value("poolAddress")));
    if (shape.searchAddress) {
      const a = value("searchAddress");
      filters.push(or(eq(p.address, a), eq(p.govToken, a), eq(p.nft, a)));
    } else if (shape.searchText) {
      const [pattern, hexPattern] = [value("pattern"), value("hexPattern")];
      filters.push(
        or(
          ilike(p.name, pattern),
          ilike(t.symbol, pattern),
          ilike(t.name, pattern),
          like(p.address, hexPattern),
          like(p.govToken, hexPattern),
          like(p.nft, hexPattern),
        ),
      );
    }
    if (shape.activityOf) {
      const a = value("activityOf");
      filters.push(
        or(
          memberWhere(
            orm,
            m,
            p,
            a,
            or(eq(m.isMember, true), gt(m.delegatedOutTokens, "0"), gt(m.delegatedOutNfts, 0)),
          ),
          exists(
            orm
              .select({ one })
              .from(ua)
              .where(and(eq(ua.chainId, p.chainId), eq(ua.pool, p.address), eq(ua.account, a))),
          ),
          holdsPoolTokens(orm, th, p, a),
        ),
      );
    }
    const isPinned = shape.pinned ? sql`${d.pool} = any(${value("pinned")})` : undefined;
    const rest = isPinned ? not(isPinned) : undefined;
    const sortColumns = {
      tvl: d.tvlUsd,
      tvg: d.tvgUsd,
      members: d.membersCount,
      proposals: d.proposalsCount,
      lau: d.lau,
    };
    const keys = [shape.sort, ...TIE_BREAK.filter((k) => k !== shape.sort)];
    // Each order is one read of its index in `dao_stats` (ponder.schema.ts: one per sort key and
    // direction), never a sort of a group of equal keys. Ponder builds a `.desc()` index column as
    // DESC NULLS LAST, so largest first is written so too (the figures are never null).
    const largestFirst = (column: PgColumn) => sql`${column} desc nulls last`;
    const inOrder = [
      ...keys.map((k, i) => (i === 0 && shape.order === "asc" ? asc : largestFirst)(sortColumns[k])),
      asc(d.chainId),
      asc(d.pool),
    ];
    // Names and tokens are joined only to search or narrow by them: the plain list reads dao_stats alone.
    const withNames = <Q extends PgSelect>(query: Q) =>
      isNarrowed
        ? // the selection is dao_stats' own columns: the joins change no row's shape
          (query
            .innerJoin(p, and(eq(p.chainId, d.chainId), eq(p.address, d.pool)))
            .leftJoin(t, and(eq(t.chainId, p.chainId), eq(t.address, p.govToken))) as unknown as Q)
        : query;
    const countOf = (where: SQL | undefined) =>
      withNames(orm.select({ n: count() }).from(d).$dynamic()).where(and(...filters, where));
    const counted = isNarrowed || shape.poolAddress;
    const figures = this.figures(shape);
    const named = <T>(part: string, build: Parameters<typeof indexer.prepared<T>>[1]) =>
      indexer.prepared<T>(`${key}:${part}`, build);

    // The rows of the list, numbered along the index (`ord`). A page is the rows numbered after
    // `offset`, up to `offset + limit`: Postgres stops reading the index there (a run condition of
    // the window), and counts on at most `cap` rows, a ceiling of the page size written in the text
    // (`PAGE_CAPS`). So the plan it keeps for the statement (its generic plan) joins a page's few rows
    // by key, and it is not planned again per request. With LIMIT and OFFSET as placeholders, that
    // plan counted on a tenth of the DAOs and hashed the whole `pool` and `token` tables, so every
    // request was planned anew.
    const ranked = withNames(
      orm
        .select({
          chainId: d.chainId,
          pool: d.pool,
          ord: sql<number>`row_number() over (order by ${sql.join(inOrder, sql`, `)})`.as("ord"),
        })
        .from(d)
        .$dynamic(),
    )
      .where(and(...filters, rest))
      .as("ranked");
    // The time states are judged at is read once, beside the page, for every figure of its rows.
    const pageOf = (cap: number) =>
      orm.$with("page").as(
        orm
          .select({
            chainId: ranked.chainId,
            pool: ranked.pool,
            ord: ranked.ord,
            stateAt: sql<string>`${this.stateTime(shape)}`.as("state_at"),
          })
          .from(ranked)
          .where(
            and(
              gt(ranked.ord, value("offset")),
              lte(ranked.ord, sql`${value("offset")}::bigint + ${value("limit")}::bigint`),
            ),
          )
          // Drizzle binds a number given to `limit` as a parameter: the ceiling is written as text.
          .limit(sql.raw(String(cap)) as unknown as number),
      );
    const pageQueryOf = (cap: number) => {
      const page = pageOf(cap);
      return orm
        .with(page)
        .select({
          // Named with its CTE: the figures read the time from the page's row.
          ...this.figures(shape, sql`${sql.identifier("page")}.${sql.identifier("state_at")}`),
          // The narrowed list's total, counted beside the page; the plain list's is the chains' count.
          total: counted ? sql<number>`(${countOf(rest)})`.mapWith(Number) : sql<number | null>`null`,
          checkpoint: counted ? sql<string | null>`null` : indexer.checkpointIn(shape.chainIds),
        })
        .from(page)
        .innerJoin(d, and(eq(d.chainId, page.chainId), eq(d.pool, page.pool)))
        .innerJoin(p, and(eq(p.chainId, d.chainId), eq(p.address, d.pool)))
        .leftJoin(t, and(eq(t.chainId, p.chainId), eq(t.address, p.govToken)))
        .orderBy(page.ord);
    };
    const pinnedRowsQuery = orm
      .select(figures)
      .from(d)
      .innerJoin(p, and(eq(p.chainId, d.chainId), eq(p.address, d.pool)))
      .leftJoin(t, and(eq(t.chainId, p.chainId), eq(t.address, p.govToken)))
      .where(and(inArray(d.chainId, shape.chainIds), sql`${d.pool} = any(${value("pinnedPage")})`));
    const pinnedKeysQuery = withNames(
      orm.select({ chainId: d.chainId, pool: d.pool }).from(d).$dynamic(),
    ).where(and(...filters, isPinned));
    const countQuery = countOf(rest);
    const chainCountQuery = orm
      .select({ n: count(), checkpoint: indexer.checkpointIn(shape.chainIds) })
      .from(d)
      .where(inArray(d.chainId, shape.chainIds));
    return {
      counted,
      /** The page statement for pages of at most `limit` rows (one per ceiling of `PAGE_CAPS`). */
      page: (limit: number) => {
        const cap = PAGE_CAPS.find((c) => c >= limit) ?? limit;
        return named<Awaited<ReturnType<typeof pageQueryOf>>>(`page:${cap}`, () => pageQueryOf(cap));
      },
      pinnedRows: named<Awaited<typeof pinnedRowsQuery>>("pinned-rows", () => pinnedRowsQuery),
      pinnedKeys: named<Awaited<typeof pinnedKeysQuery>>("pinned-keys", () => pinnedKeysQuery),
      count: named<Awaited<typeof countQuery>>("count", () => countQuery),
      chainCount: named<Awaited<typeof chainCountQuery>>("chain-count", () => chainCountQuery),
    };
  }

  /** The time states are judged at: the later of the `clock` placeholder and the chains' indexed block time. */
  private stateTime(shape: TopShape) {
    return this.indexer.nowIn(shape.chainIds, () => sql.placeholder("clock"));
  }

  /**
   * Every figure of a listed pool (over `dao_stats`, `pool` and `token` joined): names and tokens,
   * the kept figures, the figures a day before `now`, active proposals at `now`, membership (of the
   * `userAddress` placeholder, in shapes that have one). `now` is the later of the `clock`
   * placeholder and the chains' indexed block time, read in the statement.
   */
  private figures(shape: TopShape, stateTime?: SQL) {
    const { orm } = this;
    const { pool: p, token: t, daoStats: d, member: m, tokenHolder: th } = this.t;
    const isMember = shape.userAddress
      ? or(
          memberWhere(
            orm,
            m,
            p,
            sql.placeholder("userAddress"),
            or(eq(m.isMember, true), gt(m.delegatedInTokens, "0"), gt(m.delegatedInNfts, 0)),
          ),
          holdsPoolTokens(orm, th, p, sql.placeholder("userAddress")),
        )
      : sql`false`;
    const at = stateTime ?? this.stateTime(shape);
    // The figures a day before `now`: the DAO's last hourly snapshot at or before then, among the ones
    // its row keeps for any time from its `stats_at` on (`recent_*`, oldest first). `width_bucket` counts
    // the kept buckets at or before then (a binary search): the snapshot's place, 0 (no element) when
    // none is that old.
    const snapshot = sql`width_bucket(${at} - ${DAY}, ${d.recentBuckets})`;
    const dayBefore = <T>(column: PgColumn) => sql<T | null>`(${column})[${snapshot}]`;
    // Active proposals at `now`: the row's count less those whose end by time alone (kept ascending
    // beside it) has come since.
    const activeAt = (kept: PgColumn, ends: PgColumn) =>
      sql<number>`${kept} - coalesce(width_bucket(${at}, ${ends}), 0)`;
    return {
      chainId: p.chainId,
      address: p.address,
      name: p.name,
      descriptionUrl: p.descriptionUrl,
      govToken: p.govToken,
      nft: p.nft,
      tokenSymbol: t.symbol,
      tokenDecimals: t.decimals,
      createdAt: p.createdAt,
      tvlUsd: d.tvlUsd,
      tvgUsd: d.tvgUsd,
      membersCount: d.membersCount,
      activeMembersCount: d.activeMembersCount,
      lau: d.lau,
      proposalsCount: d.proposalsCount,
      activeProposalsCount: activeAt(d.activeProposalsCount, d.activeProposalsEnds),
      internalProposalsCount: d.internalProposalsCount,
      activeInternalProposalsCount: activeAt(d.activeInternalProposalsCount, d.activeInternalProposalsEnds),
      prevTvlUsd: dayBefore<string>(d.recentTvlUsd),
      prevTvgUsd: dayBefore<string>(d.recentTvgUsd),
      prevMembersCount: dayBefore<number>(d.recentMembersCount),
      prevLau: dayBefore<number>(d.recentLau),
      isMember: sql<boolean>`${isMember}`,
    };
  }

  /** Snapshots of a pool in [from, to], plus the last one before `from` to carry values forward. */
  async poolSeries(chainId: number, pool: string, granularity: "hourly" | "daily", from: number, to: number) {
    const { s, figures } = snapshotsOf(this.t, granularity);
    const ofPool = and(eq(s.chainId, chainId), eq(s.pool, pool as Address));
    const [before, within] = await Promise.all([
      this.orm
        .select(figures)
        .from(s)
        .where(and(ofPool, lt(s.bucket, n(from))))
        .orderBy(desc(s.bucket))
        .limit(1),
      this.orm
        .select(figures)
        .from(s)
        .where(and(ofPool, gte(s.bucket, n(from)), lte(s.bucket, n(to))))
        .orderBy(asc(s.bucket)),
    ]);
    return [...before, ...within];
  }

  /** The same figures summed over every pool of the given chains, now and at `then`. */
  async summary(chainIds: number[], now: number, then: number) {
    const { orm } = this;
    const {
      pool: p,
      poolStatsHourly: h,
      member: m,
      userActivity: ua,
      proposal: pr,
      validatorProposal: vp,
    } = this.t;
    const prev = orm.$with("prev").as(
      orm
        .selectDistinctOn([h.chainId, h.pool], { tvlUsd: h.tvlUsd, tvgUsd: h.tvgUsd })
        .from(h)
        .innerJoin(p, and(eq(p.chainId, h.chainId), eq(p.address, h.pool)))
        .where(and(inArray(p.chainId, chainIds), lte(h.bucket, n(then))))
        .orderBy(h.chainId, h.pool, desc(h.bucket)),
    );
    /** Distinct (chain, account) pairs: the same address on two chains is two people to count. */
    const people = (table: PgTable, chainId: PgColumn, account: PgColumn, where: SQL | undefined) =>
      sql<number>`(${orm
        .select({ n: sql`count(DISTINCT (${chainId}, ${account}))::int` })
        .from(table)
        .where(and(inArray(chainId, chainIds), where))})`;
    const sumOf = (value: SQL) => sql<string>`coalesce(sum(${value}), 0)`;
    const [row] = await orm
      .with(prev)
      .select({
        poolsCount: count(),
        tvlUsd: sumOf(sql`${p.tvlUsd}`),
        tvgUsd: sumOf(sql`${p.tvgUsd}`),
        proposalsCount: sql<number>`${sumOf(sql`${p.proposalsCount} + ${p.validatorProposalsCount}`)}::int`,
        membersCount: people(m, m.chainId, m.address, eq(m.isMember, true)),
        lau: people(ua, ua.chainId, ua.account, gt(ua.lastAt, n(now - LAU_WINDOW))),
        prevPoolsCount: countWhere(lte(p.createdAt, n(then))),
        prevTvlUsd: sql<string>`(${orm.select({ s: sumOf(sql`${prev.tvlUsd}`) }).from(prev)})`,
        prevTvgUsd: sql<string>`(${orm.select({ s: sumOf(sql`${prev.tvgUsd}`) }).from(prev)})`,
        prevMembersCount: people(
          m,
          m.chainId,
          m.address,
          and(eq(m.isMember, true), lte(m.firstDepositAt, n(then))),
        ),
        prevLau: people(
          ua,
          ua.chainId,
          ua.account,
          and(lte(ua.day, n(then)), gt(ua.lastAt, n(then - LAU_WINDOW))),
        ),
        prevProposalsCount: sql<number>`(${orm
          .select({ n: count() })
          .from(pr)
          .where(and(inArray(pr.chainId, chainIds), lte(pr.createdAt, n(then))))}) + (${orm
          .select({ n: count() })
          .from(vp)
          .where(
            and(inArray(vp.chainId, chainIds), eq(vp.isInternal, true), lte(vp.createdAt, n(then))),
          )})`.mapWith(Number),
      })
      .from(p)
      .where(inArray(p.chainId, chainIds));
    if (!row) throw new Error("An aggregate query answered no row");
    return row;
  }

  /**
   * Distinct people over every pool of `chainIds` at each of `points` (unix seconds): members (a deposit
   * made by then, as the summary counts them) and active users (an action in the LAU window before the
   * point). A (chain, address) pair counts once however many DAOs it belongs to.
   */
  async peopleAt(chainIds: number[], points: number[]) {
    if (points.length === 0) return new Map<number, { members: number; lau: number }>();
    const { member: m, userActivity: ua } = this.t;
    const at = sql`unnest(${sql.raw(`ARRAY[${points.map((t) => Math.trunc(t)).join(",")}]`)}::bigint[]) AS p(t)`;
    const [members, active] = await Promise.all([
      this.orm.execute<{ t: string; n: number }>(
        sql`SELECT p.t, count(DISTINCT (${m.chainId}, ${m.address}))::int AS n FROM ${at}
            JOIN ${m} ON ${m.firstDepositAt} <= p.t
            WHERE ${and(inArray(m.chainId, chainIds), eq(m.isMember, true))} GROUP BY p.t`,
      ),
      this.orm.execute<{ t: string; n: number }>(
        sql`SELECT p.t, count(DISTINCT (${ua.chainId}, ${ua.account}))::int AS n FROM ${at}
            JOIN ${ua} ON ${ua.lastAt} <= p.t AND ${ua.lastAt} > p.t - ${LAU_WINDOW}
            WHERE ${inArray(ua.chainId, chainIds)} GROUP BY p.t`,
      ),
    ]);
    const byPoint = new Map(points.map((t) => [t, { members: 0, lau: 0 }]));
    for (const row of members.rows) {
      const entry = byPoint.get(Number(row.t));
      if (entry) entry.members = row.n;
    }
    for (const row of active.rows) {
      const entry = byPoint.get(Number(row.t));
      if (entry) entry.lau = row.n;
    }
    return byPoint;
  }

  /** What an address did in each pool of a chain: its counts overall and since `since`. */
  async userActivity(chainId: number, user: string, since: number) {
    const { userActivity: ua } = this.t;
    const recent = gt(ua.lastAt, n(since));
    const sumOf = (column: PgColumn, where?: SQL) =>
      where ? intOrZero(sql`sum(${column}) filter (where ${where})`) : intOrZero(sql`sum(${column})`);
    return this.orm
      .select({
        pool: ua.pool,
        votes: sumOf(ua.votes),
        proposals: sumOf(ua.proposals),
        deposits: sumOf(ua.deposits),
        lastAt: max(ua.lastAt),
        recentVotes: sumOf(ua.votes, recent),
        recentProposals: sumOf(ua.proposals, recent),
        recentDeposits: sumOf(ua.deposits, recent),
      })
      .from(ua)
      .where(and(eq(ua.chainId, chainId), eq(ua.account, user as Address)))
      .groupBy(ua.pool);
  }

  /** What an address deposited and delegated in each pool of a chain. */
  async memberOf(chainId: number, user: string) {
    const { member: m } = this.t;
    return this.orm
      .select({
        pool: m.pool,
        depositedTokens: m.depositedTokens,
        depositedNfts: m.depositedNfts,
        delegatedInTokens: m.delegatedInTokens,
        delegatedOutTokens: m.delegatedOutTokens,
      })
      .from(m)
      .where(and(eq(m.chainId, chainId), eq(m.address, user as Address)));
  }

  /**
   * The DAO's members as its Members figure counts them (the indexer README's definition):
   * addresses with deposits, or — while nobody has deposited — the union of token holders and
   * voters; never the DAO's own contracts. Largest deposit first. Null when the pool is not indexed.
   */
  async members(chainId: number, poolAddress: string, page: PageOffset) {
    const { orm } = this;
    const { pool: p, member: m, tokenHolder: th, vote: v } = this.t;
    const [pool] = await orm
      .select()
      .from(p)
      .where(and(eq(p.chainId, chainId), eq(p.address, poolAddress as Address)));
    if (!pool) return null;
    const own = ownContractsOf(pool).filter((a): a is Address => a !== null);
    if (pool.membersCount > 0) {
      return orm
        .select({
          address: m.address,
          depositedTokens: m.depositedTokens,
          depositedNfts: m.depositedNfts,
          total: totalCount(),
        })
        .from(m)
        .where(
          and(
            eq(m.chainId, chainId),
            eq(m.pool, pool.address),
            eq(m.isMember, true),
            notInArray(m.address, own),
          ),
        )
        .orderBy(desc(m.depositedTokens), desc(m.depositedNfts), asc(m.address))
        .limit(page.limit)
        .offset(page.offset);
    }
    const accounts = orm.$with("accounts").as(
      orm
        .select({ account: sql<Address>`${th.address}`.as("account") })
        .from(th)
        .where(
          and(
            eq(th.chainId, chainId),
            or(eq(th.token, pool.govToken), eq(th.token, pool.nft)),
            gt(th.balance, "0"),
            notInArray(th.address, [...own, ZERO_ADDRESS]),
          ),
        )
        .union(
          orm
            .select({ account: sql<Address>`${v.voter}`.as("account") })
            .from(v)
            .where(and(eq(v.chainId, chainId), eq(v.pool, pool.address), notInArray(v.voter, own))),
        ),
    );
    return orm
      .with(accounts)
      .select({
        address: accounts.account,
        depositedTokens: sql<string>`'0'`,
        depositedNfts: sql<number>`0`,
        total: totalCount(),
      })
      .from(accounts)
      .orderBy(asc(accounts.account))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Which of `pools` `user` is a member of (deposits or delegations in) or holds tokens of. */
  async membershipsOf(chainId: number, pools: string[], user: string): Promise<Set<string>> {
    if (pools.length === 0) return new Set();
    const { pool: p, member: m, tokenHolder: th } = this.t;
    const account = user as Address;
    const rows = await this.orm
      .select({ address: p.address })
      .from(p)
      .where(
        and(
          eq(p.chainId, chainId),
          inArray(p.address, pools as Address[]),
          or(
            memberWhere(
              this.orm,
              m,
              p,
              account,
              or(eq(m.isMember, true), gt(m.delegatedInTokens, "0"), gt(m.delegatedInNfts, 0)),
            ),
            holdsPoolTokens(this.orm, th, p, account),
          ),
        ),
      );
    return new Set(rows.map((r) => r.address));
  }

  /** The expert badges `user` holds on a chain: local ones with their pool, global ones with none. */
  async expertBadges(chainId: number, user: string) {
    const { expert: x } = this.t;
    return this.orm
      .select({ nft: x.nft, pool: x.pool, isGlobal: x.isGlobal, tokenId: x.tokenId })
      .from(x)
      .where(and(eq(x.chainId, chainId), eq(x.address, user as Address), eq(x.isActive, true)))
      .orderBy(desc(x.isGlobal), asc(x.pool));
  }

  /**
   * The snapshots of every pool of `chainIds` between `from` and `to`, after each pool's last one
   * before `from` (the figures it entered the window with): the global summary's series sums them.
   */
  async allPoolsSeries(chainIds: number[], granularity: "hourly" | "daily", from: number, to: number) {
    const { s, figures: point } = snapshotsOf(this.t, granularity);
    const figures = { chainId: s.chainId, pool: s.pool, ...point };
    const [before, within] = await Promise.all([
      this.orm
        .selectDistinctOn([s.chainId, s.pool], figures)
        .from(s)
        .where(and(inArray(s.chainId, chainIds), lt(s.bucket, n(from))))
        .orderBy(s.chainId, s.pool, desc(s.bucket)),
      this.orm
        .select(figures)
        .from(s)
        .where(and(inArray(s.chainId, chainIds), gte(s.bucket, n(from)), lte(s.bucket, n(to))))
        .orderBy(asc(s.bucket)),
    ]);
    return [...before, ...within];
  }
}
