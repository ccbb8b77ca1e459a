/**
 * SQL expressions the indexer reads share and Drizzle's query builder has no function for (window
 * functions, aggregate FILTER, CASE, Postgres string functions): written once here with the `sql`
 * template over typed columns, so the repositories stay builder queries.
 */
import { and, asc, type Column, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** The rows of a paged read counted in the same query (a window over the whole result). */
export const totalCount = () => sql<string>`count(*) over ()`.mapWith(Number);

/** `count(*) FILTER (WHERE condition)` as a number. */
export const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})::int`;

/** `coalesce(value, 0)` of a count or sum read as a number. */
export const intOrZero = (value: SQLWrapper) => sql<number>`coalesce(${value}, 0)::int`;

/** The log index of an event row, the third part of Ponder event ids (`chain:txHash:logIndex`). */
export const logIndexOf = (id: Column) => sql<number>`split_part(${id}, ':', 3)::int`;

/** The ordering function of a page's `order`. */
export const orderOf = (order: "asc" | "desc") => (order === "asc" ? asc : desc);

/** Event rows in the order the chain emitted them: by block, then by log index. */
export const inChainOrder = (order: "asc" | "desc", events: { blockNumber: Column; id: Column }) => [
  orderOf(order)(events.blockNumber),
  orderOf(order)(logIndexOf(events.id)),
];

/** The rows of one DAO: a table's `chainId` and `pool` columns equal to the asked chain and pool. */
export const inPool = (rows: { chainId: Column; pool: Column }, chainId: number, pool: string) =>
  and(eq(rows.chainId, chainId), eq(rows.pool, pool)) as SQL;
