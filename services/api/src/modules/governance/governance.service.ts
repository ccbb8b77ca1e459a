import type {
  IndexedMeta,
  IndexedProposal,
  IndexedProposalDetail,
  InteractionRecord,
  RewardPaymentRecord,
  UserProposalRecord,
  ValidatorRecord,
  ValidatorVoteRecord,
} from "@polity/core/records/governance";
import type { Address } from "viem";
import { notFound } from "../../http/errors.ts";
import type { IndexerReader } from "../../indexer/indexer.ts";
import {
  type ClaimRow,
  GovernanceRepository,
  type InteractionRow,
  type ProposalFilter,
  type ProposalRow,
  type ValidatorVoteRow,
} from "./governance.repository.ts";

export interface PageRequest {
  number: number;
  limit: number;
  order: "asc" | "desc";
}

const num = (v: string | null) => (v === null ? null : Number(v));

const toPayment = (c: ClaimRow): RewardPaymentRecord => ({
  token: c.token,
  amount: c.amount,
  timestamp: Number(c.timestamp),
  tx_hash: c.tx_hash,
});

function toProposal(chainId: number, r: ProposalRow): IndexedProposal {
  return {
    chain_id: chainId,
    pool_address: r.pool,
    proposal_id: r.proposal_id,
    state: r.state,
    creator: r.creator,
    description_url: r.description_url,
    executor: r.executor,
    settings_id: r.settings_id,
    has_actions_on_against: r.actions_on_against.length > 0,
    quorum_votes: r.quorum_votes,
    votes_for: r.votes_for,
    votes_against: r.votes_against,
    raw_votes_for: r.raw_votes_for,
    raw_votes_against: r.raw_votes_against,
    voters_count: r.voters_count,
    early_completion: r.early_completion,
    validators_vote: r.validators_vote,
    execution_delay: r.execution_delay,
    vote_end: Number(r.vote_end),
    created_at: Number(r.created_at),
    created_block: r.created_block,
    created_tx: r.created_tx,
    quorum_reached_at: num(r.quorum_reached_at),
    execute_after: num(r.execute_after),
    moved_to_validators_at: num(r.moved_to_validators_at),
    moved_by: r.moved_by,
    executed_at: num(r.executed_at),
    executed_for: r.executed_for,
    executed_by: r.executed_by,
    executed_tx: r.executed_tx,
    validators_stage:
      r.vs_vote_end === null
        ? null
        : {
            vote_end: Number(r.vs_vote_end),
            quorum: r.vs_quorum ?? "0",
            votes_for: r.vs_votes_for ?? "0",
            votes_against: r.vs_votes_against ?? "0",
            quorum_reached_at: num(r.vs_quorum_reached_at),
            execute_after: num(r.vs_execute_after),
            executed_at: num(r.vs_executed_at),
          },
  };
}

/** A vote or cancellation in a proposal's voting history. */
export const toInteraction = (row: InteractionRow): InteractionRecord => ({
  voter: row.voter,
  interaction: row.interaction,
  vote_type: row.vote_type,
  is_vote_for: row.is_vote_for,
  amount: row.amount,
  total_raw_voted: row.total_raw_voted,
  total_voted: row.total_voted,
  nft_ids: row.nft_ids,
  block_number: row.block_number,
  log_index: row.log_index,
  timestamp: Number(row.timestamp),
  tx_hash: row.tx_hash,
});

/** A vote or cancellation of the validators' stage. */
export const toValidatorVote = (row: ValidatorVoteRow): ValidatorVoteRecord => ({
  voter: row.voter,
  interaction: row.interaction,
  is_vote_for: row.is_vote_for,
  amount: row.amount,
  block_number: row.block_number,
  timestamp: Number(row.timestamp),
  tx_hash: row.tx_hash,
});

const offsetOf = (page: PageRequest) => ({
  limit: page.limit,
  offset: (page.number - 1) * page.limit,
  order: page.order,
});

/** Proposal lists, details, voting history and validators of one DAO, from the indexer's tables. */
export class GovernanceService {
  private readonly repo: GovernanceRepository;

  constructor(
    private readonly indexer: IndexerReader,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.repo = new GovernanceRepository(indexer);
  }

  /** The indexer's progress on the chain, and the time states are judged at. */
  async indexed(chainId: number): Promise<IndexedMeta> {
    const heads = await this.indexer.read(() => this.indexer.heads());
    const head = heads.get(chainId) ?? null;
    return {
      indexed_block: head?.block ?? null,
      indexed_at: head?.timestamp ?? null,
      state_time: await this.indexer.now([chainId], this.clock),
    };
  }

  private async requirePool(chainId: number, pool: string) {
    if (!(await this.indexer.read(() => this.repo.poolExists(chainId, pool)))) {
      throw notFound(`No DAO ${pool} is indexed on chain ${chainId}`);
    }
  }

  async proposals(chainId: number, pool: string, filter: ProposalFilter, page: PageRequest) {
    const [meta] = await Promise.all([this.indexed(chainId), this.requirePool(chainId, pool)]);
    const rows = await this.indexer.read(() =>
      this.repo.proposals(chainId, pool, meta.state_time, filter, offsetOf(page)),
    );
    return { meta, total: Number(rows[0]?.total_count ?? 0), rows: rows.map((r) => toProposal(chainId, r)) };
  }

  async proposal(chainId: number, pool: string, proposalId: string, user: string | null = null) {
    const [meta] = await Promise.all([this.indexed(chainId), this.requirePool(chainId, pool)]);
    const [rows, voters, claims] = await Promise.all([
      this.indexer.read(() =>
        this.repo.proposals(
          chainId,
          pool,
          meta.state_time,
          { states: null, creator: null, voter: null, participant: null, proposalId },
          { limit: 1, offset: 0, order: "desc" },
        ),
      ),
      this.indexer.read(() => this.repo.validatorVoters(chainId, pool, proposalId)),
      user
        ? this.indexer.read(() => this.repo.claims(chainId, pool, user, [proposalId]))
        : Promise.resolve(null),
    ]);
    const row = rows[0];
    if (!row) {
      throw notFound(`Proposal ${proposalId} of ${pool} is not indexed on chain ${chainId}`, {
        code: "PROPOSAL_NOT_INDEXED",
        indexed_block: meta.indexed_block,
      });
    }
    const base = toProposal(chainId, row);
    const attributes: IndexedProposalDetail = {
      ...base,
      actions_on_for: row.actions_on_for,
      actions_on_against: row.actions_on_against,
      validator_votes: voters.map((v) => ({
        voter: v.voter,
        voted_for: v.voted_for,
        voted_against: v.voted_against,
        updated_at: Number(v.updated_at),
      })),
      ...(claims
        ? {
            user_claims: claims.map(toPayment),
            user_has_claimed: claims.length > 0,
          }
        : {}),
    };
    return { meta, attributes };
  }

  async interactions(
    chainId: number,
    pool: string,
    proposalId: string,
    voter: string | null,
    page: PageRequest,
  ): Promise<{ meta: IndexedMeta; total: number; rows: InteractionRow[] }> {
    const [meta] = await Promise.all([this.indexed(chainId), this.requirePool(chainId, pool)]);
    const rows = await this.indexer.read(() =>
      this.repo.interactions(chainId, pool, proposalId, voter, offsetOf(page)),
    );
    return { meta, total: Number(rows[0]?.total_count ?? 0), rows };
  }

  async validatorVotes(
    chainId: number,
    pool: string,
    proposalId: string,
    page: PageRequest,
  ): Promise<{ meta: IndexedMeta; total: number; rows: ValidatorVoteRow[] }> {
    const [meta] = await Promise.all([this.indexed(chainId), this.requirePool(chainId, pool)]);
    const rows = await this.indexer.read(() =>
      this.repo.validatorVotes(chainId, pool, proposalId, offsetOf(page)),
    );
    return { meta, total: Number(rows[0]?.total_count ?? 0), rows };
  }

  async validators(chainId: number, pool: string, page: PageRequest) {
    const [meta] = await Promise.all([this.indexed(chainId), this.requirePool(chainId, pool)]);
    const rows = await this.indexer.read(() => this.repo.validators(chainId, pool, offsetOf(page)));
    return {
      meta: { ...meta, total_balance: rows[0]?.total_balance ?? "0" },
      total: Number(rows[0]?.total_count ?? 0),
      rows: rows.map(
        (r): ValidatorRecord => ({
          address: r.address,
          balance: r.balance,
          updated_at: Number(r.updated_at),
        }),
      ),
    };
  }

  /** Proposals `user` created, voted on, moved or executed, or was paid rewards of, with those payments. */
  async userProposals(
    chainId: number,
    pool: string,
    user: Address,
    filter: { states: readonly number[] | null },
    page: PageRequest,
  ) {
    const [meta] = await Promise.all([this.indexed(chainId), this.requirePool(chainId, pool)]);
    const rows = await this.indexer.read(() =>
      this.repo.proposals(
        chainId,
        pool,
        meta.state_time,
        { states: filter.states, creator: null, voter: null, participant: user, proposalId: null },
        offsetOf(page),
      ),
    );
    const claims = await this.indexer.read(() =>
      this.repo.claims(
        chainId,
        pool,
        user,
        rows.map((r) => r.proposal_id),
      ),
    );
    const claimsById = new Map<string, ClaimRow[]>();
    for (const c of claims) claimsById.set(c.proposal_id, [...(claimsById.get(c.proposal_id) ?? []), c]);
    return {
      meta,
      total: Number(rows[0]?.total_count ?? 0),
      rows: rows.map((r): UserProposalRecord => {
        const own = claimsById.get(r.proposal_id) ?? [];
        return {
          ...toProposal(chainId, r),
          user_address: user,
          user_is_creator: r.creator === user,
          user_is_executor: r.executed_by === user || r.moved_by === user,
          user_has_voted: r.participant_voted,
          user_claims: own.map(toPayment),
          user_has_claimed: own.length > 0,
        };
      }),
    };
  }
}
