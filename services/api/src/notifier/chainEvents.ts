/**
 * The producers of chain notifications: each reads one kind of indexed fact (through the api's indexer
 * read layer) from a block time on, and turns each row into notification events. Keys carry the
 * chain, the row and its block time, so re-reading a row (the cursor is inclusive) stores nothing twice,
 * and a local chain started again from block 0 does not collide with the last run's events.
 */
import type { NotificationTopic } from "@polity/core/notifications";
import { and, asc, eq, gte } from "drizzle-orm";
import { type Address, formatUnits } from "viem";
import { IndexerRepository } from "../indexer/indexerRepository.ts";
import type { NotificationEventInput } from "../modules/notifications/notifications.repository.ts";

/** Rows read per source and pass; a pass that fills it continues from the last row's time. */
const BATCH = 2000;

export interface SourceBatch {
  events: NotificationEventInput[];
  /** The block time to read from next time (inclusive). */
  next: number;
}

type Source = (chainId: number, since: number) => Promise<SourceBatch>;

const at = (seconds: string | number) => new Date(Number(seconds) * 1000);

function amountText(amount: string, decimals: number | null, symbol: string | null): string {
  if (decimals === null) return amount;
  const value = formatUnits(BigInt(amount), decimals);
  return symbol ? `${value} ${symbol}` : value;
}

export class ChainEventsReader extends IndexerRepository {
  /** Every source by name: the cursor of each is kept per chain (`name:chainId`). */
  readonly sources: Record<string, Source> = {
    proposals: (c, s) => this.proposals(c, s),
    votes: (c, s) => this.votes(c, s),
    deposits: (c, s) => this.deposits(c, s),
    rewards: (c, s) => this.rewards(c, s),
    delegations: (c, s) => this.delegations(c, s),
    validatorProposals: (c, s) => this.validatorProposals(c, s),
    validatorVotes: (c, s) => this.validatorVotes(c, s),
    tokenSaleTiers: (c, s) => this.tokenSaleTiers(c, s),
  };

  private nextOf(rows: { ts: string }[], since: number): number {
    return rows.reduce((max, r) => Math.max(max, Number(r.ts)), since);
  }

  async proposals(chainId: number, since: number): Promise<SourceBatch> {
    const { proposal: pr, pool: p } = this.t;
    const rows = await this.orm
      .select({ row: pr, poolName: p.name, ts: pr.updatedAt })
      .from(pr)
      .leftJoin(p, and(eq(p.chainId, pr.chainId), eq(p.address, pr.pool)))
      .where(and(eq(pr.chainId, chainId), gte(pr.updatedAt, String(since))))
      .orderBy(asc(pr.updatedAt))
      .limit(BATCH);
    const events: NotificationEventInput[] = [];
    for (const { row, poolName } of rows) {
      const base = { pool: row.pool, pool_name: poolName ?? row.pool, proposal_id: row.proposalId };
      const id = `${chainId}:${row.pool}:${row.proposalId}`;
      const push = (topic: NotificationTopic, time: string | null, actor: string | null, extra = {}) => {
        if (time === null || Number(time) < since) return;
        events.push({
          key: `${topic}:${id}:${time}`,
          topic,
          chainId,
          destination: row.pool,
          recipients: [],
          actor,
          params: { ...base, ...extra },
          occurredAt: at(time),
        });
      };
      push("PROPOSAL_CREATED", row.createdAt, row.creator);
      push("PROPOSAL_QUORUM_REACHED", row.quorumReachedAt, null);
      push("PROPOSAL_MOVED_TO_VALIDATORS", row.movedToValidatorsAt, row.movedBy);
      push("PROPOSAL_EXECUTED", row.executedAt, row.executedBy, {
        side: row.executedFor === false ? "against" : "for",
      });
    }
    return { events, next: this.nextOf(rows, since) };
  }

  async votes(chainId: number, since: number): Promise<SourceBatch> {
    const { voteInteraction: v, pool: p, token: t } = this.t;
    const rows = await this.orm
      .select({ row: v, poolName: p.name, decimals: t.decimals, symbol: t.symbol, ts: v.timestamp })
      .from(v)
      .leftJoin(p, and(eq(p.chainId, v.chainId), eq(p.address, v.pool)))
      .leftJoin(t, and(eq(t.chainId, v.chainId), eq(t.address, p.govToken)))
      .where(and(eq(v.chainId, chainId), gte(v.timestamp, String(since))))
      .orderBy(asc(v.timestamp))
      .limit(BATCH);
    const events = rows.map(({ row, poolName, decimals, symbol }): NotificationEventInput => {
      const topic: NotificationTopic = row.interaction === 3 ? "PROPOSAL_VOTE_CANCELLED" : "PROPOSAL_VOTED";
      return {
        key: `${topic}:${row.id}:${row.timestamp}`,
        topic,
        chainId,
        destination: row.pool,
        recipients: [],
        actor: row.voter,
        params: {
          pool: row.pool,
          pool_name: poolName ?? row.pool,
          proposal_id: row.proposalId,
          side: row.isVoteFor ? "for" : "against",
          amount: amountText(row.amount, decimals, symbol),
          actor: row.voter,
        },
        occurredAt: at(row.timestamp),
      };
    });
    return { events, next: this.nextOf(rows, since) };
  }

  async deposits(chainId: number, since: number): Promise<SourceBatch> {
    const { depositEvent: d, pool: p, token: t } = this.t;
    const rows = await this.orm
      .select({ row: d, poolName: p.name, decimals: t.decimals, symbol: t.symbol, ts: d.timestamp })
      .from(d)
      .leftJoin(p, and(eq(p.chainId, d.chainId), eq(p.address, d.pool)))
      .leftJoin(t, and(eq(t.chainId, d.chainId), eq(t.address, p.govToken)))
      .where(and(eq(d.chainId, chainId), gte(d.timestamp, String(since))))
      .orderBy(asc(d.timestamp))
      .limit(BATCH);
    const events = rows.map(({ row, poolName, decimals, symbol }): NotificationEventInput => {
      const topic: NotificationTopic = row.kind === "withdraw" ? "TOKENS_WITHDRAWN" : "TOKENS_DEPOSITED";
      const nfts = row.nftIds.length > 0 ? ` + ${row.nftIds.length} NFT` : "";
      return {
        key: `${topic}:${row.id}:${row.timestamp}`,
        topic,
        chainId,
        destination: row.pool,
        recipients: [row.account],
        actor: row.account,
        params: {
          pool: row.pool,
          pool_name: poolName ?? row.pool,
          amount: `${amountText(row.amount, decimals, symbol)}${nfts}`,
          actor: row.account,
        },
        occurredAt: at(row.timestamp),
      };
    });
    return { events, next: this.nextOf(rows, since) };
  }

  async rewards(chainId: number, since: number): Promise<SourceBatch> {
    const { rewardClaim: r, pool: p, token: t } = this.t;
    const rows = await this.orm
      .select({ row: r, poolName: p.name, decimals: t.decimals, symbol: t.symbol, ts: r.timestamp })
      .from(r)
      .leftJoin(p, and(eq(p.chainId, r.chainId), eq(p.address, r.pool)))
      .leftJoin(t, and(eq(t.chainId, r.chainId), eq(t.address, r.token)))
      .where(and(eq(r.chainId, chainId), gte(r.timestamp, String(since))))
      .orderBy(asc(r.timestamp))
      .limit(BATCH);
    const events = rows.map(
      ({ row, poolName, decimals, symbol }): NotificationEventInput => ({
        key: `REWARDS_CLAIMED:${row.id}:${row.timestamp}`,
        topic: "REWARDS_CLAIMED",
        chainId,
        // Only the claimer hears of a claim.
        destination: null,
        recipients: [row.user],
        actor: row.user,
        params: {
          pool: row.pool,
          pool_name: poolName ?? row.pool,
          proposal_id: row.proposalId,
          amount: amountText(row.amount, decimals, symbol),
        },
        occurredAt: at(row.timestamp),
      }),
    );
    return { events, next: this.nextOf(rows, since) };
  }

  async delegations(chainId: number, since: number): Promise<SourceBatch> {
    const { delegationEvent: d, pool: p, token: t } = this.t;
    const rows = await this.orm
      .select({ row: d, poolName: p.name, decimals: t.decimals, symbol: t.symbol, ts: d.timestamp })
      .from(d)
      .leftJoin(p, and(eq(p.chainId, d.chainId), eq(p.address, d.pool)))
      .leftJoin(t, and(eq(t.chainId, d.chainId), eq(t.address, p.govToken)))
      .where(and(eq(d.chainId, chainId), gte(d.timestamp, String(since))))
      .orderBy(asc(d.timestamp))
      .limit(BATCH);
    const events: NotificationEventInput[] = [];
    for (const { row, poolName, decimals, symbol } of rows) {
      const isAdd = row.kind === "delegate" || row.kind === "treasury-delegate";
      const params = {
        pool: row.pool,
        pool_name: poolName ?? row.pool,
        amount: amountText(row.amount, decimals, symbol),
        actor: row.delegator,
        delegatee: row.delegatee,
      };
      const one = (topic: NotificationTopic, recipient: Address): NotificationEventInput => ({
        key: `${topic}:${row.id}:${row.timestamp}`,
        topic,
        chainId,
        destination: null,
        recipients: [recipient],
        actor: row.delegator,
        params,
        occurredAt: at(row.timestamp),
      });
      events.push(one(isAdd ? "DELEGATION_RECEIVED" : "DELEGATION_REVOKED", row.delegatee));
      // The DAO itself delegates its treasury: no member to tell on that side.
      if (!row.kind.startsWith("treasury"))
        events.push(one(isAdd ? "DELEGATED" : "UNDELEGATED", row.delegator));
    }
    return { events, next: this.nextOf(rows, since) };
  }

  async validatorProposals(chainId: number, since: number): Promise<SourceBatch> {
    const { validatorProposal: v, pool: p } = this.t;
    const rows = await this.orm
      .select({ row: v, poolName: p.name, ts: v.createdAt })
      .from(v)
      .leftJoin(p, and(eq(p.chainId, v.chainId), eq(p.address, v.pool)))
      .where(and(eq(v.chainId, chainId), gte(v.createdAt, String(since))))
      .orderBy(asc(v.createdAt))
      .limit(BATCH);
    const events = rows.map(
      ({ row, poolName }): NotificationEventInput => ({
        key: `VALIDATOR_PROPOSAL_CREATED:${chainId}:${row.pool}:${row.isInternal}:${row.proposalId}:${row.createdAt}`,
        topic: "VALIDATOR_PROPOSAL_CREATED",
        chainId,
        destination: row.pool,
        recipients: [],
        actor: row.creator,
        params: {
          pool: row.pool,
          pool_name: poolName ?? row.pool,
          proposal_id: row.proposalId,
          is_internal: String(row.isInternal),
        },
        occurredAt: at(row.createdAt),
      }),
    );
    return { events, next: this.nextOf(rows, since) };
  }

  async validatorVotes(chainId: number, since: number): Promise<SourceBatch> {
    const { validatorVote: v, pool: p } = this.t;
    const rows = await this.orm
      .select({ row: v, poolName: p.name, ts: v.timestamp })
      .from(v)
      .leftJoin(p, and(eq(p.chainId, v.chainId), eq(p.address, v.pool)))
      .where(and(eq(v.chainId, chainId), gte(v.timestamp, String(since))))
      .orderBy(asc(v.timestamp))
      .limit(BATCH);
    const events = rows.map(
      ({ row, poolName }): NotificationEventInput => ({
        key: `VALIDATOR_VOTED:${row.id}:${row.timestamp}`,
        topic: "VALIDATOR_VOTED",
        chainId,
        destination: row.pool,
        recipients: [],
        actor: row.voter,
        params: {
          pool: row.pool,
          pool_name: poolName ?? row.pool,
          proposal_id: row.proposalId,
          side: row.isVoteFor ? "for" : "against",
          actor: row.voter,
        },
        occurredAt: at(row.timestamp),
      }),
    );
    return { events, next: this.nextOf(rows, since) };
  }

  async tokenSaleTiers(chainId: number, since: number): Promise<SourceBatch> {
    const { tokenSaleTier: s, pool: p } = this.t;
    const rows = await this.orm
      .select({ row: s, poolName: p.name, ts: s.createdAt })
      .from(s)
      .leftJoin(p, and(eq(p.chainId, s.chainId), eq(p.address, s.pool)))
      .where(and(eq(s.chainId, chainId), gte(s.createdAt, String(since))))
      .orderBy(asc(s.createdAt))
      .limit(BATCH);
    const events = rows.map(
      ({ row, poolName }): NotificationEventInput => ({
        key: `TOKEN_SALE_TIER_CREATED:${chainId}:${row.tokenSale}:${row.tierId}:${row.createdAt}`,
        topic: "TOKEN_SALE_TIER_CREATED",
        chainId,
        destination: row.pool,
        recipients: [],
        actor: null,
        params: {
          pool: row.pool,
          pool_name: poolName ?? row.pool,
          tier_id: row.tierId,
          tier_name: row.name,
        },
        occurredAt: at(row.createdAt),
      }),
    );
    return { events, next: this.nextOf(rows, since) };
  }
}
