/**
 * Read-only SQL over the indexer's proposal, vote, validator and reward tables (written by Ponder,
 * see packages/indexer/ponder.schema.ts). Amounts come back as decimal strings (numeric).
 */
import type { InteractionRecord, ProposalActionRecord } from "@polity/core/records/governance";
import type { Address, Hex } from "viem";
import type { IndexerReader, Queryable } from "../../indexer/indexer.ts";

// Hex columns are written by Ponder as lowercase 0x-strings, hence the Address/Hex types below.

export interface ProposalRow extends Record<string, unknown> {
  proposal_id: string;
  pool: Address;
  creator: Address;
  description_url: string;
  executor: Address;
  settings_id: string | null;
  actions_on_for: ProposalActionRecord[];
  actions_on_against: ProposalActionRecord[];
  quorum_votes: string;
  votes_for: string;
  votes_against: string;
  raw_votes_for: string;
  raw_votes_against: string;
  voters_count: number;
  early_completion: boolean;
  validators_vote: boolean;
  execution_delay: string;
  vote_end: string;
  created_at: string;
  created_block: string;
  created_tx: Hex;
  quorum_reached_at: string | null;
  execute_after: string | null;
  moved_to_validators_at: string | null;
  moved_by: Address | null;
  executed_at: string | null;
  executed_for: boolean | null;
  executed_by: Address | null;
  executed_tx: Hex | null;
  state: number;
  /** Whether `filter.participant` voted on it (false without a participant). */
  participant_voted: boolean;
  vs_vote_end: string | null;
  vs_quorum: string | null;
  vs_votes_for: string | null;
  vs_votes_against: string | null;
  vs_quorum_reached_at: string | null;
  vs_execute_after: string | null;
  vs_executed_at: string | null;
  total_count: string;
}

export interface InteractionRow extends Record<string, unknown> {
  id: string;
  voter: Address;
  interaction: InteractionRecord["interaction"];
  vote_type: number;
  is_vote_for: boolean;
  amount: string;
  total_raw_voted: string;
  total_voted: string;
  nft_ids: string[];
  block_number: string;
  log_index: number;
  timestamp: string;
  tx_hash: Hex;
  total_count: string;
}

export interface ValidatorVoteRow extends Record<string, unknown> {
  id: string;
  voter: Address;
  interaction: InteractionRecord["interaction"];
  is_vote_for: boolean;
  amount: string;
  block_number: string;
  timestamp: string;
  tx_hash: Hex;
  total_count: string;
}

export interface ValidatorVoterRow extends Record<string, unknown> {
  voter: Address;
  voted_for: string;
  voted_against: string;
  updated_at: string;
}

export interface ValidatorRow extends Record<string, unknown> {
  address: Address;
  balance: string;
  updated_at: string;
  total_count: string;
  total_balance: string;
}

export interface ClaimRow extends Record<string, unknown> {
  proposal_id: string;
  token: Address;
  amount: string;
  block_number: string;
  timestamp: string;
  tx_hash: Hex;
}

export interface ProposalFilter {
  states: readonly number[] | null;
  creator: string | null;
  voter: string | null;
  /** Proposals the address created, voted on, moved, executed or was paid rewards of. */
  participant: string | null;
  proposalId: string | null;
}

/**
 * The on-chain state machine (GovPoolState.state, PROTOCOL.md "Proposals") over indexed fields and
 * `now` ($2): executed; quorum reached and voting over (or early completion) → defeated / waiting for
 * the validators / the validators' stage / locked until executeAfter / succeeded, expired once the
 * pool's execution window has passed since it could execute; voting over without quorum → defeated;
 * otherwise voting. The validators' stage mirrors GovValidators._state.
 */
const SUCCEEDED = "CASE WHEN pr.votes_for > pr.votes_against THEN 4 ELSE 5 END";
/** Succeeded, or Expired (10) when the pool's execution window has passed since `executeAfter`. */
const SUCCEEDED_UNTIL = (executeAfter: string) =>
  `CASE WHEN $2 >= coalesce(${executeAfter}, 0) + coalesce(p.execution_window, 2592000) THEN 10 ELSE ${SUCCEEDED} END`;
const STATE_SQL = `
  CASE
    WHEN pr.executed_at IS NOT NULL THEN CASE WHEN pr.executed_for THEN 7 ELSE 8 END
    WHEN pr.quorum_reached_at IS NOT NULL AND (pr.vote_end <= $2 OR pr.early_completion) THEN
      CASE
        WHEN pr.votes_against >= pr.votes_for AND jsonb_array_length(pr.actions_on_against) = 0 THEN 3
        WHEN pr.moved_to_validators_at IS NOT NULL THEN
          CASE
            WHEN vs.vote_end IS NULL THEN 3
            WHEN vs.executed_at IS NOT NULL THEN ${SUCCEEDED_UNTIL("vs.execute_after")}
            WHEN vs.quorum_reached_at IS NOT NULL THEN
              CASE
                WHEN vs.votes_for <= vs.votes_against THEN 3
                WHEN $2 < coalesce(vs.execute_after, 0) THEN 6
                ELSE ${SUCCEEDED_UNTIL("vs.execute_after")}
              END
            WHEN vs.vote_end <= $2 THEN 3
            ELSE 2
          END
        WHEN pr.validators_vote AND coalesce(p.validators_count, 0) > 0 THEN 1
        WHEN $2 < coalesce(pr.execute_after, 0) THEN 6
        ELSE ${SUCCEEDED_UNTIL("pr.execute_after")}
      END
    WHEN pr.vote_end <= $2 THEN 3
    ELSE 0
  END`;

export class GovernanceRepository {
  private readonly db: Queryable;
  private readonly s: string;

  constructor(indexer: IndexerReader) {
    this.db = indexer.db;
    this.s = indexer.schema;
  }

  async poolExists(chainId: number, pool: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM ${this.s}.pool WHERE chain_id = $1 AND address = $2`,
      [chainId, pool],
    );
    return rows.length > 0;
  }

  /** The `descriptionURL` of a proposal's `ProposalCreated` event; null until it is indexed. */
  async proposalDescriptionUrl(chainId: number, pool: string, proposalId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ description_url: string }>(
      `SELECT description_url FROM ${this.s}.proposal WHERE chain_id = $1 AND pool = $2 AND proposal_id = $3::numeric`,
      [chainId, pool, proposalId],
    );
    return rows[0]?.description_url ?? null;
  }

  /** A page of a pool's proposals with their computed state; `now` judges time-bound transitions. */
  async proposals(
    chainId: number,
    pool: string,
    now: number,
    filter: ProposalFilter,
    page: { limit: number; offset: number; order: "asc" | "desc" },
  ): Promise<ProposalRow[]> {
    const values: unknown[] = [chainId, now, pool];
    const p = (v: unknown) => {
      values.push(v);
      return `$${values.length}`;
    };
    const where: string[] = [];
    if (filter.states) where.push(`state = ANY(${p(filter.states)}::int[])`);
    const inner: string[] = ["pr.chain_id = $1", "pr.pool = $3"];
    if (filter.proposalId !== null) inner.push(`pr.proposal_id = ${p(filter.proposalId)}::numeric`);
    if (filter.creator) inner.push(`pr.creator = ${p(filter.creator)}`);
    if (filter.voter) {
      inner.push(`EXISTS (SELECT 1 FROM ${this.s}.vote v WHERE v.chain_id = pr.chain_id AND v.pool = pr.pool
                            AND v.proposal_id = pr.proposal_id AND v.voter = ${p(filter.voter)})`);
    }
    let participantVoted = "false";
    if (filter.participant) {
      const u = p(filter.participant);
      participantVoted = `EXISTS (SELECT 1 FROM ${this.s}.vote v WHERE v.chain_id = pr.chain_id AND v.pool = pr.pool
                     AND v.proposal_id = pr.proposal_id AND v.voter = ${u})`;
      inner.push(`(pr.creator = ${u} OR pr.executed_by = ${u} OR pr.moved_by = ${u}
        OR ${participantVoted}
        OR EXISTS (SELECT 1 FROM ${this.s}.reward_claim rc WHERE rc.chain_id = pr.chain_id AND rc.pool = pr.pool
                     AND rc.proposal_id = pr.proposal_id AND rc."user" = ${u}))`);
    }
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const limit = p(page.limit);
    const offset = p(page.offset);
    const sql = `
WITH rows AS (
  SELECT pr.proposal_id::text AS proposal_id, pr.pool, pr.creator, pr.description_url, pr.executor,
         pr.settings_id::text AS settings_id, pr.actions_on_for, pr.actions_on_against,
         pr.quorum_votes::text AS quorum_votes, pr.votes_for::text AS votes_for,
         pr.votes_against::text AS votes_against, pr.raw_votes_for::text AS raw_votes_for,
         pr.raw_votes_against::text AS raw_votes_against, pr.voters_count, pr.early_completion,
         pr.validators_vote, pr.execution_delay::text AS execution_delay, pr.vote_end::text AS vote_end,
         pr.created_at::text AS created_at, pr.created_block::text AS created_block, pr.created_tx,
         pr.quorum_reached_at::text AS quorum_reached_at, pr.execute_after::text AS execute_after,
         pr.moved_to_validators_at::text AS moved_to_validators_at, pr.moved_by,
         pr.executed_at::text AS executed_at, pr.executed_for, pr.executed_by, pr.executed_tx,
         (${STATE_SQL})::int AS state, ${participantVoted} AS participant_voted,
         vs.vote_end::text AS vs_vote_end, vs.quorum::text AS vs_quorum, vs.votes_for::text AS vs_votes_for,
         vs.votes_against::text AS vs_votes_against, vs.quorum_reached_at::text AS vs_quorum_reached_at,
         vs.execute_after::text AS vs_execute_after, vs.executed_at::text AS vs_executed_at,
         pr.proposal_id AS sort_id
    FROM ${this.s}.proposal pr
    LEFT JOIN ${this.s}.pool p ON p.chain_id = pr.chain_id AND p.address = pr.pool
    LEFT JOIN ${this.s}.validator_proposal vs ON vs.chain_id = pr.chain_id AND vs.pool = pr.pool
                                            AND vs.is_internal = false AND vs.proposal_id = pr.proposal_id
   WHERE ${inner.join(" AND ")}
)
SELECT rows.*, count(*) OVER ()::text AS total_count
  FROM rows
 ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
 ORDER BY sort_id ${dir}
 LIMIT ${limit} OFFSET ${offset}`;
    const { rows } = await this.db.query<ProposalRow>(sql, values);
    return rows;
  }

  /** Voting history of one proposal, newest first unless `order` is asc. */
  async interactions(
    chainId: number,
    pool: string,
    proposalId: string,
    voter: string | null,
    page: { limit: number; offset: number; order: "asc" | "desc" },
  ): Promise<InteractionRow[]> {
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const { rows } = await this.db.query<InteractionRow>(
      `SELECT id, voter, interaction, vote_type, is_vote_for, amount::text AS amount,
              total_raw_voted::text AS total_raw_voted, total_voted::text AS total_voted, nft_ids,
              block_number::text AS block_number, split_part(id, ':', 3)::int AS log_index,
              timestamp::text AS timestamp, tx_hash, count(*) OVER ()::text AS total_count
         FROM ${this.s}.vote_interaction
        WHERE chain_id = $1 AND pool = $2 AND proposal_id = $3::numeric AND ($4::text IS NULL OR voter = $4::text)
        ORDER BY block_number ${dir}, log_index ${dir}
        LIMIT $5 OFFSET $6`,
      [chainId, pool, proposalId, voter, page.limit, page.offset],
    );
    return rows;
  }

  /** Votes and cancellations of the validators' stage of a member proposal. */
  async validatorVotes(
    chainId: number,
    pool: string,
    proposalId: string,
    page: { limit: number; offset: number; order: "asc" | "desc" },
  ): Promise<ValidatorVoteRow[]> {
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const { rows } = await this.db.query<ValidatorVoteRow>(
      `SELECT id, voter, interaction, is_vote_for, amount::text AS amount, block_number::text AS block_number,
              timestamp::text AS timestamp, tx_hash, count(*) OVER ()::text AS total_count
         FROM ${this.s}.validator_vote
        WHERE chain_id = $1 AND pool = $2 AND is_internal = false AND proposal_id = $3::numeric
        ORDER BY block_number ${dir}, split_part(id, ':', 3)::int ${dir}
        LIMIT $4 OFFSET $5`,
      [chainId, pool, proposalId, page.limit, page.offset],
    );
    return rows;
  }

  /** Each validator's current votes on the stage (a cancel zeroes both sides). */
  async validatorVoters(chainId: number, pool: string, proposalId: string): Promise<ValidatorVoterRow[]> {
    const { rows } = await this.db.query<ValidatorVoterRow>(
      `SELECT voter, voted_for::text AS voted_for, voted_against::text AS voted_against, updated_at::text AS updated_at
         FROM ${this.s}.validator_voter
        WHERE chain_id = $1 AND pool = $2 AND is_internal = false AND proposal_id = $3::numeric
          AND (voted_for > 0 OR voted_against > 0)
        ORDER BY (voted_for + voted_against) DESC, voter ASC`,
      [chainId, pool, proposalId],
    );
    return rows;
  }

  async validators(
    chainId: number,
    pool: string,
    page: { limit: number; offset: number; order: "asc" | "desc" },
  ): Promise<ValidatorRow[]> {
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const { rows } = await this.db.query<ValidatorRow>(
      `SELECT address, balance::text AS balance, updated_at::text AS updated_at,
              count(*) OVER ()::text AS total_count, sum(balance) OVER ()::text AS total_balance
         FROM ${this.s}.validator
        WHERE chain_id = $1 AND pool = $2 AND balance > 0
        ORDER BY balance ${dir}, address ASC
        LIMIT $3 OFFSET $4`,
      [chainId, pool, page.limit, page.offset],
    );
    return rows;
  }

  /** Rewards paid to `user` for the given proposals of a pool. */
  async claims(chainId: number, pool: string, user: string, proposalIds: string[]): Promise<ClaimRow[]> {
    if (proposalIds.length === 0) return [];
    const { rows } = await this.db.query<ClaimRow>(
      `SELECT proposal_id::text AS proposal_id, token, amount::text AS amount, block_number::text AS block_number,
              timestamp::text AS timestamp, tx_hash
         FROM ${this.s}.reward_claim
        WHERE chain_id = $1 AND pool = $2 AND "user" = $3 AND proposal_id = ANY($4::numeric[])
        ORDER BY block_number ASC, split_part(id, ':', 3)::int ASC`,
      [chainId, pool, user, proposalIds],
    );
    return rows;
  }
}
