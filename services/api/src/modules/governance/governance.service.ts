import type {
  IndexedMeta,
  IndexedProposal,
  IndexedProposalDetail,
  InteractionRecord,
  PoolContractsRecord,
  RewardPaymentRecord,
  UserProposalRecord,
  ValidatorRecord,
  ValidatorVoteRecord,
} from "@polity/core/records/governance";
import type { Address } from "viem";
import { notFound } from "../../http/errors.ts";
import { offsetOf, type Page } from "../../http/jsonapi.ts";
import type { IndexerReader } from "../../indexer/indexer.ts";
import type {
  ClaimRow,
  GovernanceRepository,
  InteractionRow,
  ProposalFilter,
  ProposalRow,
  ValidatorVoteRow,
} from "./governance.repository.ts";

const num = (v: string | null | undefined) => (v == null ? null : Number(v));

const toPayment = (c: ClaimRow): RewardPaymentRecord => ({
  token: c.token,
  amount: c.amount,
  timestamp: Number(c.timestamp),
  tx_hash: c.txHash,
});

function toProposal(chainId: number, r: ProposalRow): IndexedProposal {
  const stage = r.validatorsStage;
  return {
    chain_id: chainId,
    pool_address: r.pool,
    proposal_id: r.proposalId,
    state: r.state,
    creator: r.creator,
    description_url: r.descriptionUrl,
    executor: r.executor,
    settings_id: r.settingsId,
    has_actions_on_against: r.actionsOnAgainst.length > 0,
    quorum_votes: r.quorumVotes,
    votes_for: r.votesFor,
    votes_against: r.votesAgainst,
    raw_votes_for: r.rawVotesFor,
    raw_votes_against: r.rawVotesAgainst,
    voters_count: r.votersCount,
    early_completion: r.earlyCompletion,
    validators_vote: r.validatorsVote,
    execution_delay: r.executionDelay,
    vote_end: Number(r.voteEnd),
    created_at: Number(r.createdAt),
    created_block: r.createdBlock,
    created_tx: r.createdTx,
    quorum_reached_at: num(r.quorumReachedAt),
    execute_after: num(r.executeAfter),
    moved_to_validators_at: num(r.movedToValidatorsAt),
    moved_by: r.movedBy,
    executed_at: num(r.executedAt),
    executed_for: r.executedFor,
    executed_by: r.executedBy,
    executed_tx: r.executedTx,
    validators_stage:
      stage?.voteEnd == null
        ? null
        : {
            vote_end: Number(stage.voteEnd),
            quorum: stage.quorum ?? "0",
            votes_for: stage.votesFor ?? "0",
            votes_against: stage.votesAgainst ?? "0",
            quorum_reached_at: num(stage.quorumReachedAt),
            execute_after: num(stage.executeAfter),
            executed_at: num(stage.executedAt),
          },
  };
}

/** A vote or cancellation in a proposal's voting history. */
export const toInteraction = (row: InteractionRow): InteractionRecord => ({
  voter: row.voter,
  interaction: row.interaction,
  vote_type: row.voteType,
  is_vote_for: row.isVoteFor,
  amount: row.amount,
  total_raw_voted: row.totalRawVoted,
  total_voted: row.totalVoted,
  nft_ids: row.nftIds,
  block_number: row.blockNumber,
  log_index: row.logIndex,
  timestamp: Number(row.timestamp),
  tx_hash: row.txHash,
});

/** A vote or cancellation of the validators' stage. */
export const toValidatorVote = (row: ValidatorVoteRow): ValidatorVoteRecord => ({
  voter: row.voter,
  interaction: row.interaction,
  is_vote_for: row.isVoteFor,
  amount: row.amount,
  block_number: row.blockNumber,
  timestamp: Number(row.timestamp),
  tx_hash: row.txHash,
});

/** Proposal lists, details, voting history and validators of one DAO, from the indexer's tables. */
export class GovernanceService {
  constructor(
    private readonly repo: GovernanceRepository,
    private readonly indexer: IndexerReader,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async proposals(chainId: number, pool: string, filter: ProposalFilter, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() =>
      this.repo.proposals(chainId, pool, meta.state_time, filter, offsetOf(page)),
    );
    return { meta, total: rows[0]?.total ?? 0, rows: rows.map((r) => toProposal(chainId, r)) };
  }

  async proposal(chainId: number, pool: string, proposalId: string, user: string | null = null) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
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
      throw notFound(
        "errors.api.proposalNotIndexed",
        { proposalId, pool, chainId },
        { indexed_block: meta.indexed_block },
      );
    }
    const base = toProposal(chainId, row);
    const attributes: IndexedProposalDetail = {
      ...base,
      actions_on_for: row.actionsOnFor,
      actions_on_against: row.actionsOnAgainst,
      validator_votes: voters.map((v) => ({
        voter: v.voter,
        voted_for: v.votedFor,
        voted_against: v.votedAgainst,
        updated_at: Number(v.updatedAt),
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
    page: Page,
  ): Promise<{ meta: IndexedMeta; total: number; rows: InteractionRow[] }> {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() =>
      this.repo.interactions(chainId, pool, proposalId, voter, offsetOf(page)),
    );
    return { meta, total: rows[0]?.total ?? 0, rows };
  }

  async validatorVotes(
    chainId: number,
    pool: string,
    proposalId: string,
    page: Page,
  ): Promise<{ meta: IndexedMeta; total: number; rows: ValidatorVoteRow[] }> {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() =>
      this.repo.validatorVotes(chainId, pool, proposalId, offsetOf(page)),
    );
    return { meta, total: rows[0]?.total ?? 0, rows };
  }

  /**
   * The pool's helper contracts, governance token and NFT, validator token and NFT contracts, and its
   * metadata document, as indexed: a page reads them with its first multicall instead of a multicall
   * before it. 404 when the indexer does not know the pool.
   */
  async contracts(chainId: number, pool: string): Promise<PoolContractsRecord> {
    const row = await this.indexer.read(() => this.repo.poolContracts(chainId, pool));
    if (!row) throw notFound("errors.api.daoNotIndexed", { pool, chainId });
    return {
      pool_address: pool as Address,
      settings: row.settings,
      user_keeper: row.userKeeper,
      validators: row.validators,
      vote_power: row.votePower,
      gov_token: row.govToken,
      nft: row.nft,
      validator_token: row.validatorToken,
      expert_nft: row.expertNft,
      nft_multiplier: row.nftMultiplier,
      description_url: row.descriptionUrl,
    };
  }

  async validators(chainId: number, pool: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() => this.repo.validators(chainId, pool, offsetOf(page)));
    return {
      meta: { ...meta, total_balance: rows[0]?.totalBalance ?? "0" },
      total: rows[0]?.total ?? 0,
      rows: rows.map(
        (r): ValidatorRecord => ({
          address: r.address,
          balance: r.balance,
          updated_at: Number(r.updatedAt),
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
    page: Page,
  ) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
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
        rows.map((r) => r.proposalId),
      ),
    );
    const claimsById = new Map<string, ClaimRow[]>();
    for (const c of claims) claimsById.set(c.proposalId, [...(claimsById.get(c.proposalId) ?? []), c]);
    return {
      meta,
      total: rows[0]?.total ?? 0,
      rows: rows.map((r): UserProposalRecord => {
        const own = claimsById.get(r.proposalId) ?? [];
        return {
          ...toProposal(chainId, r),
          user_address: user,
          user_is_creator: r.creator === user,
          user_is_executor: r.executedBy === user || r.movedBy === user,
          user_has_voted: r.participantVoted,
          user_claims: own.map(toPayment),
          user_has_claimed: own.length > 0,
        };
      }),
    };
  }
}
