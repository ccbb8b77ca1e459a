import type {
  DelegateeRecord,
  DelegationEventRecord,
  DelegationRecord,
} from "@polity/core/records/delegation";
import type { Hex } from "viem";
import { offsetOf, type Page } from "../../http/jsonapi.ts";
import type { IndexerReader } from "../../indexer/indexer.ts";
import type { IndexerTables } from "../../indexer/tables.ts";
import type { DelegationRepository } from "./delegation.repository.ts";

type DelegationRow = IndexerTables["delegation"]["$inferSelect"];
type EventRow = IndexerTables["delegationEvent"]["$inferSelect"];
type DelegateeRow = IndexerTables["delegatee"]["$inferSelect"];

export const toDelegation = (d: DelegationRow): DelegationRecord => ({
  chain_id: d.chainId,
  pool_address: d.pool,
  delegator: d.delegator,
  delegatee: d.delegatee,
  amount: d.amount,
  nft_ids: d.nftIds,
  power: d.power,
  created_at: Number(d.createdAt),
  updated_at: Number(d.updatedAt),
});

export const toDelegationEvent = (e: EventRow): DelegationEventRecord => ({
  chain_id: e.chainId,
  pool_address: e.pool,
  delegator: e.delegator,
  delegatee: e.delegatee,
  kind: e.kind as DelegationEventRecord["kind"],
  delegation_type: e.delegationType,
  amount: e.amount,
  nft_ids: e.nftIds,
  power: e.power,
  delegatee_power: e.delegateePower,
  block_number: Number(e.blockNumber),
  timestamp: Number(e.timestamp),
  tx_hash: e.txHash as Hex,
});

type UserType = DelegateeRecord["user_type"];

export function toDelegatee(
  chainId: number,
  pool: string,
  account: string,
  row: DelegateeRow | null,
  userType: UserType,
): DelegateeRecord {
  return {
    chain_id: chainId,
    pool_address: pool.toLowerCase() as DelegateeRecord["pool_address"],
    account: account.toLowerCase() as DelegateeRecord["account"],
    micropool_power: row?.micropoolPower ?? "0",
    delegators_count: row?.delegatorsCount ?? 0,
    treasury_amount: row?.treasuryAmount ?? "0",
    treasury_nft_ids: row?.treasuryNftIds ?? [],
    treasury_power: row?.treasuryPower ?? "0",
    user_type: userType,
    updated_at: row ? Number(row.updatedAt) : null,
  };
}

/** Delegations (incoming, outgoing, history), delegatees' balances and experts, from the indexer's tables. */
export class DelegationService {
  constructor(
    private readonly repo: DelegationRepository,
    private readonly indexer: IndexerReader,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async delegations(
    chainId: number,
    pool: string | null,
    side: { delegatee: string } | { delegator: string },
    page: Page,
  ) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const lowered =
      "delegatee" in side
        ? { delegatee: side.delegatee.toLowerCase() }
        : { delegator: side.delegator.toLowerCase() };
    const rows = await this.indexer.read(() =>
      this.repo.delegations(chainId, pool?.toLowerCase() ?? null, lowered, offsetOf(page)),
    );
    return { meta, total: rows[0]?.total ?? 0, rows: rows.map((r) => toDelegation(r.delegation)) };
  }

  async history(
    chainId: number,
    pool: string,
    filter: { delegator?: string | undefined; delegatee?: string | undefined },
    page: Page,
  ) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const lowered = {
      ...(filter.delegator ? { delegator: filter.delegator.toLowerCase() } : {}),
      ...(filter.delegatee ? { delegatee: filter.delegatee.toLowerCase() } : {}),
    };
    const rows = await this.indexer.read(() =>
      this.repo.history(chainId, pool.toLowerCase(), lowered, offsetOf(page)),
    );
    return { meta, total: rows[0]?.total ?? 0, rows: rows.map((r) => toDelegationEvent(r.event)) };
  }

  private async userTypes(chainId: number, pool: string, accounts: string[]) {
    const experts = await this.indexer.read(() => this.repo.expertsAmong(chainId, pool, accounts));
    const types = new Map<string, UserType>();
    for (const e of experts) {
      if (e.isGlobal) types.set(e.address, "global expert");
      else if (!types.has(e.address)) types.set(e.address, "expert");
    }
    return types;
  }

  async delegatees(chainId: number, pool: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const p = pool.toLowerCase();
    const rows = await this.indexer.read(() => this.repo.delegatees(chainId, p, offsetOf(page)));
    const types = await this.userTypes(
      chainId,
      p,
      rows.map((r) => r.delegatee.account),
    );
    return {
      meta,
      total: rows[0]?.total ?? 0,
      rows: rows.map((r) =>
        toDelegatee(chainId, p, r.delegatee.account, r.delegatee, types.get(r.delegatee.account) ?? "holder"),
      ),
    };
  }

  /** One account's balances as a delegatee (zeros when nobody delegates to it). */
  async delegatee(chainId: number, pool: string, account: string) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const p = pool.toLowerCase();
    const a = account.toLowerCase();
    const [row] = await this.indexer.read(() =>
      this.repo.delegatees(chainId, p, { limit: 1, offset: 0, order: "desc" }, a),
    );
    const types = await this.userTypes(chainId, p, [a]);
    return { meta, delegatee: toDelegatee(chainId, p, a, row?.delegatee ?? null, types.get(a) ?? "holder") };
  }

  /** The experts of a DAO (local badges first, then global ones) with their balances there. */
  async experts(chainId: number, pool: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const p = pool.toLowerCase();
    const rows = await this.indexer.read(() => this.repo.experts(chainId, p, offsetOf(page)));
    return {
      meta,
      total: rows[0]?.total ?? 0,
      rows: rows.map((r) =>
        toDelegatee(
          chainId,
          p,
          r.expert.address,
          r.delegatee,
          r.expert.isGlobal ? "global expert" : "expert",
        ),
      ),
    };
  }
}
