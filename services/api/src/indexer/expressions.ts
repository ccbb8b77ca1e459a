/**
 * SQL expressions the indexer reads share and Drizzle's query builder has no function for (window
 * functions, aggregate FILTER, CASE, Postgres string functions): written once here with the `sql`
 * template over typed columns, so the repositories stay builder queries.
 */

import {
  compileStateMachine,
  INTERNAL_ACTIVE_MACHINE,
  ONCHAIN_STATE_MACHINE,
  type StateField,
  type StateNode,
} from "@polity/core/proposalStateMachine";
import { and, asc, type Column, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
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
 * Writes core's state machine tree as a SQL CASE expression over `columns` and `now` (Drizzle's builder
 * has no CASE, so it is the `sql` template over the typed columns).
 */
function stateMachineSql(node: StateNode, columns: Partial<Record<StateField, SQL>>, now: string | SQL): SQL {
  const window = columns.executionWindow ?? sql`${DEFAULT_EXECUTION_WINDOW}`;
  return compileStateMachine<SQL>(node, {
    state: (value) => sql.raw(String(value)),
    choose: (test, then, otherwise) => sql`CASE WHEN ${test} THEN ${then} ELSE ${otherwise} END`,
    field: (name) => {
      const column = columns[name];
      if (!column) throw new Error(`the state machine reads ${name}, which has no column here`);
      return column;
    },
    test: (kind, [a, b]) => {
      switch (kind) {
        case "set":
          return sql`${a} IS NOT NULL`;
        case "isTrue":
          return sql`${a}`;
        case "ended":
          return sql`${a} <= ${now}`;
        case "open":
          return sql`${a} > ${now}`;
        case "before":
          return sql`${now} < coalesce(${a}, 0)`;
        case "expired":
          return sql`${now} >= coalesce(${a}, 0) + ${window}`;
        case "greater":
          return sql`${a} > ${b}`;
        case "atLeast":
          return sql`${a} >= ${b}`;
        case "positive":
          return sql`coalesce(${a}, 0) > 0`;
        case "zero":
          return sql`${a} = 0`;
      }
    },
    all: (tests) => sql`(${sql.join(tests, sql` AND `)})`,
    any: (tests) => sql`(${sql.join(tests, sql` OR `)})`,
  });
}

/**
 * The on-chain state machine (core's `ONCHAIN_STATE_MACHINE`, the one the indexer's kept counts
 * evaluate) over a proposal, its validators' stage (`validatorProposal`, left-joined) and its pool at
 * `now`.
 */
export function proposalState(t: IndexerTables, now: string | SQL): SQL<number> {
  const { proposal: pr, validatorProposal: vs, pool: p } = t;
  const columns: Record<StateField, SQL> = {
    executedAt: sql`${pr.executedAt}`,
    executedFor: sql`${pr.executedFor}`,
    quorumReachedAt: sql`${pr.quorumReachedAt}`,
    voteEnd: sql`${pr.voteEnd}`,
    earlyCompletion: sql`${pr.earlyCompletion}`,
    votesFor: sql`${pr.votesFor}`,
    votesAgainst: sql`${pr.votesAgainst}`,
    againstActions: sql`jsonb_array_length(${pr.actionsOnAgainst})`,
    movedToValidatorsAt: sql`${pr.movedToValidatorsAt}`,
    validatorsVote: sql`${pr.validatorsVote}`,
    executeAfter: sql`${pr.executeAfter}`,
    validatorsCount: sql`${p.validatorsCount}`,
    executionWindow: sql`coalesce(${p.executionWindow}, ${DEFAULT_EXECUTION_WINDOW})`,
    stageVoteEnd: sql`${vs.voteEnd}`,
    stageExecutedAt: sql`${vs.executedAt}`,
    stageQuorumReachedAt: sql`${vs.quorumReachedAt}`,
    stageVotesFor: sql`${vs.votesFor}`,
    stageVotesAgainst: sql`${vs.votesAgainst}`,
    stageExecuteAfter: sql`${vs.executeAfter}`,
  };
  return sql<number>`(${stateMachineSql(ONCHAIN_STATE_MACHINE, columns, now)})::int`;
}

/**
 * An internal validator proposal in one of the spec's active states at `now` (core's
 * `INTERNAL_ACTIVE_MACHINE`: Voting, Succeeded, Locked).
 */
export function internalProposalActive(t: IndexerTables, now: string | SQL): SQL<boolean> {
  const vp = t.validatorProposal;
  const columns = {
    executedAt: sql`${vp.executedAt}`,
    quorumReachedAt: sql`${vp.quorumReachedAt}`,
    votesFor: sql`${vp.votesFor}`,
    votesAgainst: sql`${vp.votesAgainst}`,
    voteEnd: sql`${vp.voteEnd}`,
  };
  return sql<boolean>`(${stateMachineSql(INTERNAL_ACTIVE_MACHINE, columns, now)}) = 1`;
}
