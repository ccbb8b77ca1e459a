/**
 * Governance reads of the indexer's proposal, vote, validator and reward tables, typed Drizzle queries
 * over `indexer/tables.ts`. Amounts come back as decimal strings (numeric).
 */
import { and, asc, eq, exists, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Address } from "viem";
import type { PageOffset } from "../../http/jsonapi.ts";
import {
  inChainOrder,
  inPool,
  logIndexOf,
  orderOf,
  proposalState,
  totalCount,
} from "../../indexer/expressions.ts";
import { IndexerRepository } from "../../indexer/indexerRepository.ts";
import type { IndexerTables } from "../../indexer/tables.ts";

export interface ProposalFilter {
  states: readonly number[] | null;
  creator: string | null;
  voter: string | null;
  /** Proposals the address created, voted on, moved or executed, or was paid rewards of. */
  participant: string | null;
  proposalId: string | null;
}

/** An indexed proposal with its computed state and its validators' stage. */
export type ProposalRow = Awaited<ReturnType<GovernanceRepository["proposals"]>>[number];
export type InteractionRow = Awaited<ReturnType<GovernanceRepository["interactions"]>>[number];
export type ValidatorVoteRow = Awaited<ReturnType<GovernanceRepository["validatorVotes"]>>[number];
export type ClaimRow = Awaited<ReturnType<GovernanceRepository["claims"]>>[number];

/** What a vote or cancellation row says, in the members' voting history and the validators' stage alike. */
const voteEvent = (t: IndexerTables["voteInteraction"] | IndexerTables["validatorVote"]) => ({
  id: t.id,
  voter: t.voter,
  interaction: t.interaction,
  isVoteFor: t.isVoteFor,
  amount: t.amount,
  blockNumber: t.blockNumber,
  timestamp: t.timestamp,
  txHash: t.txHash,
  total: totalCount(),
});

/** The columns that name a proposal in the tables about one. */
type ProposalKey = { chainId: PgColumn; pool: PgColumn; proposalId: PgColumn };

/** A row of `t` about the proposal `pr` (same chain, pool and id). */
const aboutProposal = (t: ProposalKey, pr: ProposalKey) =>
  and(eq(t.chainId, pr.chainId), eq(t.pool, pr.pool), eq(t.proposalId, pr.proposalId));

/** A row of `t` about the validators' stage of a member proposal (not an internal validator proposal). */
const ofStage = (
  t: ProposalKey & { isInternal: PgColumn },
  chainId: number,
  pool: string,
  proposalId: string,
) => and(eq(t.chainId, chainId), eq(t.pool, pool), eq(t.isInternal, false), eq(t.proposalId, proposalId));

export class GovernanceRepository extends IndexerRepository {
  /** The `descriptionURL` of a proposal's `ProposalCreated` event; null until it is indexed. */
  async proposalDescriptionUrl(chainId: number, pool: string, proposalId: string): Promise<string | null> {
    const { proposal: pr } = this.t;
    const rows = await this.orm
      .select({ descriptionUrl: pr.descriptionUrl })
      .from(pr)
      .where(and(inPool(pr, chainId, pool), eq(pr.proposalId, proposalId)));
    return rows[0]?.descriptionUrl ?? null;
  }

  /** The contracts the pool was deployed with (and its governance token and NFT); none when not indexed. */
  async poolContracts(chainId: number, pool: string) {
    const { pool: p } = this.t;
    const rows = await this.orm
      .select({
        settings: p.settings,
        userKeeper: p.userKeeper,
        validators: p.validators,
        votePower: p.votePower,
        govToken: p.govToken,
        nft: p.nft,
        validatorToken: p.validatorToken,
        expertNft: p.expertNft,
        nftMultiplier: p.nftMultiplier,
        descriptionUrl: p.descriptionUrl,
      })
      .from(p)
      .where(and(eq(p.chainId, chainId), eq(p.address, pool as Address)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** A page of a pool's proposals with their computed state; `now` judges time-bound transitions. */
  async proposals(chainId: number, pool: string, now: number, filter: ProposalFilter, page: PageOffset) {
    const { orm } = this;
    const { proposal: pr, pool: p, validatorProposal: vs, vote: v, rewardClaim: rc } = this.t;
    const state = proposalState(this.t, String(now));
    const one = sql`1`;
    const voted = (voter: string) =>
      exists(
        orm
          .select({ one })
          .from(v)
          .where(and(aboutProposal(v, pr), eq(v.voter, voter as Address))),
      );
    const filters: Array<SQL | undefined> = [inPool(pr, chainId, pool)];
    if (filter.proposalId !== null) filters.push(eq(pr.proposalId, filter.proposalId));
    if (filter.creator) filters.push(eq(pr.creator, filter.creator as Address));
    if (filter.voter) filters.push(voted(filter.voter));
    if (filter.participant) {
      const u = filter.participant as Address;
      filters.push(
        or(
          eq(pr.creator, u),
          eq(pr.executedBy, u),
          eq(pr.movedBy, u),
          voted(u),
          exists(
            orm
              .select({ one })
              .from(rc)
              .where(and(aboutProposal(rc, pr), eq(rc.user, u))),
          ),
        ),
      );
    }
    if (filter.states) filters.push(inArray(state, [...filter.states]));
    return orm
      .select({
        proposalId: pr.proposalId,
        pool: pr.pool,
        creator: pr.creator,
        descriptionUrl: pr.descriptionUrl,
        executor: pr.executor,
        settingsId: pr.settingsId,
        actionsOnFor: pr.actionsOnFor,
        actionsOnAgainst: pr.actionsOnAgainst,
        quorumVotes: pr.quorumVotes,
        votesFor: pr.votesFor,
        votesAgainst: pr.votesAgainst,
        rawVotesFor: pr.rawVotesFor,
        rawVotesAgainst: pr.rawVotesAgainst,
        votersCount: pr.votersCount,
        earlyCompletion: pr.earlyCompletion,
        validatorsVote: pr.validatorsVote,
        executionDelay: pr.executionDelay,
        voteEnd: pr.voteEnd,
        createdAt: pr.createdAt,
        createdBlock: pr.createdBlock,
        createdTx: pr.createdTx,
        quorumReachedAt: pr.quorumReachedAt,
        executeAfter: pr.executeAfter,
        movedToValidatorsAt: pr.movedToValidatorsAt,
        movedBy: pr.movedBy,
        executedAt: pr.executedAt,
        executedFor: pr.executedFor,
        executedBy: pr.executedBy,
        executedTx: pr.executedTx,
        state,
        /** Whether `filter.participant` voted on it (false without a participant). */
        participantVoted: sql<boolean>`${filter.participant ? voted(filter.participant) : sql`false`}`,
        validatorsStage: {
          voteEnd: vs.voteEnd,
          quorum: vs.quorum,
          votesFor: vs.votesFor,
          votesAgainst: vs.votesAgainst,
          quorumReachedAt: vs.quorumReachedAt,
          executeAfter: vs.executeAfter,
          executedAt: vs.executedAt,
        },
        total: totalCount(),
      })
      .from(pr)
      .leftJoin(p, and(eq(p.chainId, pr.chainId), eq(p.address, pr.pool)))
      .leftJoin(vs, and(aboutProposal(vs, pr), eq(vs.isInternal, false)))
      .where(and(...filters))
      .orderBy(orderOf(page.order)(pr.proposalId))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Voting history of one proposal, newest first unless `order` is asc. */
  async interactions(
    chainId: number,
    pool: string,
    proposalId: string,
    voter: string | null,
    page: PageOffset,
  ) {
    const { voteInteraction: vi } = this.t;
    return this.orm
      .select({
        ...voteEvent(vi),
        voteType: vi.voteType,
        totalRawVoted: vi.totalRawVoted,
        totalVoted: vi.totalVoted,
        nftIds: vi.nftIds,
        logIndex: logIndexOf(vi.id),
      })
      .from(vi)
      .where(
        and(
          inPool(vi, chainId, pool),
          eq(vi.proposalId, proposalId),
          voter === null ? undefined : eq(vi.voter, voter as Address),
        ),
      )
      .orderBy(...inChainOrder(page.order, vi))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Votes and cancellations of the validators' stage of a member proposal. */
  async validatorVotes(chainId: number, pool: string, proposalId: string, page: PageOffset) {
    const { validatorVote: vv } = this.t;
    return this.orm
      .select(voteEvent(vv))
      .from(vv)
      .where(ofStage(vv, chainId, pool, proposalId))
      .orderBy(...inChainOrder(page.order, vv))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Each validator's current votes on the stage (a cancel zeroes both sides). */
  async validatorVoters(chainId: number, pool: string, proposalId: string) {
    const { validatorVoter: vv } = this.t;
    return this.orm
      .select({
        voter: vv.voter,
        votedFor: vv.votedFor,
        votedAgainst: vv.votedAgainst,
        updatedAt: vv.updatedAt,
      })
      .from(vv)
      .where(and(ofStage(vv, chainId, pool, proposalId), or(gt(vv.votedFor, "0"), gt(vv.votedAgainst, "0"))))
      .orderBy(sql`${vv.votedFor} + ${vv.votedAgainst} desc`, asc(vv.voter));
  }

  async validators(chainId: number, pool: string, page: PageOffset) {
    const { validator: v } = this.t;
    return this.orm
      .select({
        address: v.address,
        balance: v.balance,
        updatedAt: v.updatedAt,
        total: totalCount(),
        // A window sum: the seated validators' total beside each page.
        totalBalance: sql<string>`sum(${v.balance}) over ()`,
      })
      .from(v)
      .where(and(inPool(v, chainId, pool), gt(v.balance, "0")))
      .orderBy(orderOf(page.order)(v.balance), asc(v.address))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Rewards paid to `user` for the given proposals of a pool. */
  async claims(chainId: number, pool: string, user: string, proposalIds: string[]) {
    const { rewardClaim: rc } = this.t;
    if (proposalIds.length === 0) return [];
    return this.orm
      .select({
        proposalId: rc.proposalId,
        token: rc.token,
        amount: rc.amount,
        blockNumber: rc.blockNumber,
        timestamp: rc.timestamp,
        txHash: rc.txHash,
      })
      .from(rc)
      .where(
        and(inPool(rc, chainId, pool), eq(rc.user, user as Address), inArray(rc.proposalId, proposalIds)),
      )
      .orderBy(...inChainOrder("asc", rc));
  }
}
