/**
 * SQL expressions the indexer reads share and Drizzle's query builder has no function for (window
 * functions, aggregate FILTER, CASE, Postgres string functions): written once here with the `sql`
 * template over typed columns, so the repositories stay builder queries.
 */
import { and, asc, type Column, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { IndexerTables } from "./tables.ts";

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

/** The default execution window of a pool (30 days), for pools indexed before it was a setting. */
const DEFAULT_EXECUTION_WINDOW = 2_592_000;

/**
 * The on-chain state machine (GovPoolState.state, PROTOCOL.md "Proposals") over indexed fields and
 * `now`: executed; quorum reached and voting over (or early completion) → defeated / waiting for the
 * validators / the validators' stage / locked until executeAfter / succeeded, expired once the pool's
 * execution window has passed since it could execute; voting over without quorum → defeated;
 * otherwise voting. The validators' stage mirrors GovValidators._state. A CASE expression: Drizzle's
 * builder has none, so it is the `sql` template over the typed columns.
 */
export function proposalState(t: IndexerTables, now: string): SQL<number> {
  const { proposal: pr, validatorProposal: vs, pool: p } = t;
  const succeeded = sql`CASE WHEN ${pr.votesFor} > ${pr.votesAgainst} THEN 4 ELSE 5 END`;
  /** Succeeded, or Expired (10) when the pool's execution window has passed since `executeAfter`. */
  const succeededUntil = (executeAfter: PgColumn) =>
    sql`CASE WHEN ${now} >= coalesce(${executeAfter}, 0) + coalesce(${p.executionWindow}, ${DEFAULT_EXECUTION_WINDOW}) THEN 10 ELSE ${succeeded} END`;
  return sql<number>`(CASE
    WHEN ${pr.executedAt} IS NOT NULL THEN CASE WHEN ${pr.executedFor} THEN 7 ELSE 8 END
    WHEN ${pr.quorumReachedAt} IS NOT NULL AND (${pr.voteEnd} <= ${now} OR ${pr.earlyCompletion}) THEN
      CASE
        WHEN ${pr.votesAgainst} >= ${pr.votesFor} AND jsonb_array_length(${pr.actionsOnAgainst}) = 0 THEN 3
        WHEN ${pr.movedToValidatorsAt} IS NOT NULL THEN
          CASE
            WHEN ${vs.voteEnd} IS NULL THEN 3
            WHEN ${vs.executedAt} IS NOT NULL THEN ${succeededUntil(vs.executeAfter)}
            WHEN ${vs.quorumReachedAt} IS NOT NULL THEN
              CASE
                WHEN ${vs.votesFor} <= ${vs.votesAgainst} THEN 3
                WHEN ${now} < coalesce(${vs.executeAfter}, 0) THEN 6
                ELSE ${succeededUntil(vs.executeAfter)}
              END
            WHEN ${vs.voteEnd} <= ${now} THEN 3
            ELSE 2
          END
        WHEN ${pr.validatorsVote} AND coalesce(${p.validatorsCount}, 0) > 0 THEN 1
        WHEN ${now} < coalesce(${pr.executeAfter}, 0) THEN 6
        ELSE ${succeededUntil(pr.executeAfter)}
      END
    WHEN ${pr.voteEnd} <= ${now} THEN 3
    ELSE 0
  END)::int`;
}

/**
 * An internal validator proposal in one of the spec's active states at `now` (Voting, Succeeded,
 * Locked: GovValidators._state over indexed fields): not executed, and either its quorum is reached
 * with more votes for than against, or its voting is still open.
 */
export function internalProposalActive(t: IndexerTables, now: string): SQL<boolean> {
  const vp = t.validatorProposal;
  return sql<boolean>`(${vp.executedAt} IS NULL AND CASE
    WHEN ${vp.quorumReachedAt} IS NOT NULL THEN ${vp.votesFor} > ${vp.votesAgainst}
    ELSE ${vp.voteEnd} > ${now}
  END)`;
}
