/**
 * The producers of chain notifications: each reads one kind of indexed fact (through the api's indexer
 * read layer) from a block time on, and turns each row into notification events. Keys carry the
 * chain, the row and its block time, so re-reading a row (the cursor is inclusive) stores nothing twice,
 * and a local chain started again from block 0 does not collide with the last run's events.
 */
import type { NotificationTopic } from "@polity/core/notifications";
import { and, asc, eq, gte, type InferSelectModel } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { formatUnits } from "viem";
import type { IndexerReader } from "../indexer/indexer.ts";
import { IndexerRepository } from "../indexer/indexerRepository.ts";
import type { NotificationEventInput } from "../modules/notifications/notifications.repository.ts";
import type { ResultsDocuments } from "./resultsDocuments.ts";

/** Rows read per source and pass; a pass that fills it continues from the last row's time. */
const BATCH = 2000;

export interface SourceBatch {
  events: NotificationEventInput[];
  /** The block time to read from next time (inclusive). */
  next: number;
}

type Source = (chainId: number, since: number) => Promise<SourceBatch>;

/** What every row's events share: the DAO (its name for the texts) and its token's units. */
interface RowContext {
  pool: string;
  poolName: string | null;
  decimals: number | null;
  symbol: string | null;
}

const at = (seconds: string | number) => new Date(Number(seconds) * 1000);

function amountText(amount: string, c: Pick<RowContext, "decimals" | "symbol">): string {
  if (c.decimals === null) return amount;
  const value = formatUnits(BigInt(amount), c.decimals);
  return c.symbol ? `${value} ${c.symbol}` : value;
}

/** One event of a row: the DAO's address and name are always among its params. */
function event(
  chainId: number,
  c: RowContext,
  e: {
    topic: NotificationTopic;
    id: string;
    time: string;
    toSubscribers: boolean;
    recipients?: string[];
    actor: string | null;
    params?: Record<string, string>;
  },
): NotificationEventInput {
  return {
    key: `${e.topic}:${e.id}:${e.time}`,
    topic: e.topic,
    chainId,
    destination: e.toSubscribers ? c.pool : null,
    recipients: e.recipients ?? [],
    actor: e.actor,
    params: { pool: c.pool, pool_name: c.poolName ?? c.pool, ...e.params },
    occurredAt: at(e.time),
  };
}

type IndexedTable = PgTable & { chainId: AnyPgColumn; pool: AnyPgColumn };

export class ChainEventsReader extends IndexerRepository {
  /** `documents` names the proposals a saved off-chain results document covers. */
  constructor(
    indexer: IndexerReader,
    private readonly documents?: ResultsDocuments,
  ) {
    super(indexer);
  }

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
    offchainResults: (c, s) => this.offchainResults(c, s),
    privacyAgreements: (c, s) => this.privacyAgreements(c, s),
  };

  /**
   * Rows of one indexed table of a chain whose `time` is `since` or later, oldest first, each with its
   * DAO's name and the units of `token` (the DAO's governance token unless another column is named).
   */
  private async rowsSince<T extends IndexedTable>(
    table: T,
    time: AnyPgColumn,
    chainId: number,
    since: number,
    toEvents: (row: InferSelectModel<T>, c: RowContext) => NotificationEventInput[],
    token?: AnyPgColumn,
  ): Promise<SourceBatch> {
    const { pool: p, token: t } = this.t;
    const rows = await this.orm
      .select({ row: table as PgTable, ts: time, poolName: p.name, decimals: t.decimals, symbol: t.symbol })
      .from(table as PgTable)
      .leftJoin(p, and(eq(p.chainId, table.chainId), eq(p.address, table.pool)))
      .leftJoin(t, and(eq(t.chainId, table.chainId), eq(t.address, token ?? p.govToken)))
      .where(and(eq(table.chainId, chainId), gte(time, String(since))))
      .orderBy(asc(time))
      .limit(BATCH);
    let next = since;
    const events: NotificationEventInput[] = [];
    for (const { row, ts, ...c } of rows) {
      const r = row as InferSelectModel<T> & { pool: string };
      next = Math.max(next, Number(ts));
      events.push(...toEvents(r, { pool: r.pool, ...c }));
    }
    return { events, next };
  }

  proposals(chainId: number, since: number) {
    const pr = this.t.proposal;
    return this.rowsSince(pr, pr.updatedAt, chainId, since, (row, c) => {
      const id = `${chainId}:${row.pool}:${row.proposalId}`;
      const params = { proposal_id: row.proposalId };
      // A row changes several times: each change is an event once its own time is reached.
      const steps: [NotificationTopic, string | null, string | null, Record<string, string>?][] = [
        ["PROPOSAL_CREATED", row.createdAt, row.creator],
        ["PROPOSAL_QUORUM_REACHED", row.quorumReachedAt, null],
        // Reached, then lost when votes were cancelled or undelegated (each loss keeps its own time).
        ["PROPOSAL_QUORUM_LOST", row.quorumLostAt, null],
        ["PROPOSAL_MOVED_TO_VALIDATORS", row.movedToValidatorsAt, row.movedBy],
        [
          "PROPOSAL_EXECUTED",
          row.executedAt,
          row.executedBy,
          { side: row.executedFor === false ? "against" : "for" },
        ],
      ];
      return steps
        .filter(([, time]) => time !== null && Number(time) >= since)
        .map(([topic, time, actor, extra]) =>
          event(chainId, c, {
            topic,
            id,
            time: time!,
            toSubscribers: true,
            actor,
            params: { ...params, ...extra },
          }),
        );
    });
  }

  votes(chainId: number, since: number) {
    const v = this.t.voteInteraction;
    return this.rowsSince(v, v.timestamp, chainId, since, (row, c) => [
      event(chainId, c, {
        topic: row.interaction === 3 ? "PROPOSAL_VOTE_CANCELLED" : "PROPOSAL_VOTED",
        id: row.id,
        time: row.timestamp,
        toSubscribers: true,
        actor: row.voter,
        params: {
          proposal_id: row.proposalId,
          side: row.isVoteFor ? "for" : "against",
          amount: amountText(row.amount, c),
          actor: row.voter,
        },
      }),
    ]);
  }

  deposits(chainId: number, since: number) {
    const d = this.t.depositEvent;
    return this.rowsSince(d, d.timestamp, chainId, since, (row, c) => [
      event(chainId, c, {
        topic: row.kind === "withdraw" ? "TOKENS_WITHDRAWN" : "TOKENS_DEPOSITED",
        id: row.id,
        time: row.timestamp,
        toSubscribers: true,
        recipients: [row.account],
        actor: row.account,
        params: {
          amount: `${amountText(row.amount, c)}${row.nftIds.length > 0 ? ` + ${row.nftIds.length} NFT` : ""}`,
          actor: row.account,
        },
      }),
    ]);
  }

  rewards(chainId: number, since: number) {
    const r = this.t.rewardClaim;
    return this.rowsSince(
      r,
      r.timestamp,
      chainId,
      since,
      (row, c) => [
        // Only the claimer hears of a claim.
        event(chainId, c, {
          topic: "REWARDS_CLAIMED",
          id: row.id,
          time: row.timestamp,
          toSubscribers: false,
          recipients: [row.user],
          actor: row.user,
          params: { proposal_id: row.proposalId, amount: amountText(row.amount, c) },
        }),
      ],
      r.token,
    );
  }

  delegations(chainId: number, since: number) {
    const d = this.t.delegationEvent;
    return this.rowsSince(d, d.timestamp, chainId, since, (row, c) => {
      const isAdd = row.kind === "delegate" || row.kind === "treasury-delegate";
      const params = { amount: amountText(row.amount, c), actor: row.delegator, delegatee: row.delegatee };
      const one = (topic: NotificationTopic, recipient: string) =>
        event(chainId, c, {
          topic,
          id: row.id,
          time: row.timestamp,
          toSubscribers: false,
          recipients: [recipient],
          actor: row.delegator,
          params,
        });
      const events = [one(isAdd ? "DELEGATION_RECEIVED" : "DELEGATION_REVOKED", row.delegatee)];
      // The DAO itself delegates its treasury: no member to tell on that side.
      if (!row.kind.startsWith("treasury"))
        events.push(one(isAdd ? "DELEGATED" : "UNDELEGATED", row.delegator));
      return events;
    });
  }

  validatorProposals(chainId: number, since: number) {
    const v = this.t.validatorProposal;
    return this.rowsSince(v, v.createdAt, chainId, since, (row, c) => [
      event(chainId, c, {
        topic: "VALIDATOR_PROPOSAL_CREATED",
        id: `${chainId}:${row.pool}:${row.isInternal}:${row.proposalId}`,
        time: row.createdAt,
        toSubscribers: true,
        actor: row.creator,
        params: { proposal_id: row.proposalId, is_internal: String(row.isInternal) },
      }),
    ]);
  }

  validatorVotes(chainId: number, since: number) {
    const v = this.t.validatorVote;
    return this.rowsSince(v, v.timestamp, chainId, since, (row, c) => [
      event(chainId, c, {
        topic: "VALIDATOR_VOTED",
        id: row.id,
        time: row.timestamp,
        toSubscribers: true,
        actor: row.voter,
        params: { proposal_id: row.proposalId, side: row.isVoteFor ? "for" : "against", actor: row.voter },
      }),
    ]);
  }

  tokenSaleTiers(chainId: number, since: number) {
    const s = this.t.tokenSaleTier;
    return this.rowsSince(s, s.createdAt, chainId, since, (row, c) => [
      event(chainId, c, {
        topic: "TOKEN_SALE_TIER_CREATED",
        id: `${chainId}:${row.tokenSale}:${row.tierId}`,
        time: row.createdAt,
        toSubscribers: true,
        actor: null,
        params: { tier_id: row.tierId, tier_name: row.name },
      }),
    ]);
  }

  /** Each save of off-chain results, naming the proposals its document covers (with links to them). */
  async offchainResults(chainId: number, since: number) {
    const o = this.t.offchainResults;
    const batch = await this.rowsSince(o, o.timestamp, chainId, since, (row, c) => [
      event(chainId, c, {
        topic: "OFFCHAIN_RESULTS_SAVED",
        id: row.id,
        time: row.timestamp,
        toSubscribers: true,
        actor: row.sender,
        params: { results_hash: row.resultsHash, actor: row.sender },
      }),
    ]);
    const documents = this.documents;
    if (!documents) return batch;
    for (const e of batch.events) {
      const proposals = await documents(e.params.results_hash!, chainId, e.params.pool!);
      if (proposals.length > 0) e.params.offchain_proposals = JSON.stringify(proposals);
    }
    return batch;
  }

  /** Each agreement to the privacy policy recorded on chain: the agreeing account alone hears of it. */
  async privacyAgreements(chainId: number, since: number): Promise<SourceBatch> {
    const a = this.t.privacyPolicyAgreement;
    const rows = await this.orm
      .select()
      .from(a)
      .where(and(eq(a.chainId, chainId), gte(a.timestamp, String(since))))
      .orderBy(asc(a.timestamp))
      .limit(BATCH);
    return {
      events: rows.map((row) => ({
        key: `USER_AGREED_TO_PRIVACY_POLICY:${row.id}:${row.timestamp}`,
        topic: "USER_AGREED_TO_PRIVACY_POLICY",
        chainId,
        destination: null,
        recipients: [row.user],
        actor: row.user,
        params: { document_hash: row.documentHash },
        occurredAt: at(row.timestamp),
      })),
      next: rows.reduce((next, row) => Math.max(next, Number(row.timestamp)), since),
    };
  }
}
