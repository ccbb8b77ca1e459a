import type { IndexedMeta } from "@polity/core/records/governance";
import type { StakingPositionRecord, StakingRecord, StakingTierRecord } from "@polity/core/records/staking";
import type { Hex } from "viem";
import { notFound } from "../../http/errors.ts";
import { offsetOf, type Page } from "../../http/jsonapi.ts";
import type { IndexerReader } from "../../indexer/indexer.ts";
import type { IndexerTables } from "../../indexer/tables.ts";
import type { StakingRepository } from "./staking.repository.ts";

type TierRow = IndexerTables["stakingTier"]["$inferSelect"];

/** pending before its start, active until its end, then ended. */
export function stakingTierStatus(t: Pick<TierRow, "startTime" | "endTime">, now: number) {
  if (BigInt(now) < BigInt(t.startTime)) return "pending" as const;
  return BigInt(now) < BigInt(t.endTime) ? ("active" as const) : ("ended" as const);
}

export const toStakingTier = (t: TierRow, now: number): StakingTierRecord => ({
  chain_id: t.chainId,
  pool_address: t.pool,
  staking_address: t.staking,
  tier_id: t.tierId,
  metadata_url: t.metadataUrl,
  status: stakingTierStatus(t, now),
  stake_token: t.stakeToken,
  reward_token: t.rewardToken,
  reward_amount: t.rewardAmount,
  start_time: Number(t.startTime),
  end_time: Number(t.endTime),
  total_staked: t.totalStaked,
  total_claimed: t.totalClaimed,
  stakers_count: t.stakersCount,
  recovered_amount: t.recoveredAmount,
  created_at: Number(t.createdAt),
  created_tx: t.createdTx as Hex,
});

/** A DAO's staking, its tiers and a member's positions, from the indexer's tables. */
export class StakingService {
  constructor(
    private readonly repo: StakingRepository,
    private readonly indexer: IndexerReader,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async staking(chainId: number, pool: string): Promise<{ meta: IndexedMeta; staking: StakingRecord }> {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const row = await this.indexer.read(() => this.repo.staking(chainId, pool));
    if (!row) throw notFound("errors.api.stakingNotDeployed", { pool, chainId });
    const active = await this.indexer.read(() => this.repo.activeTiers(chainId, pool, meta.state_time));
    return {
      meta,
      staking: {
        chain_id: row.chainId,
        pool_address: row.pool,
        staking_address: row.address,
        is_enabled: row.isEnabled,
        tiers_count: row.tiersCount,
        active_tiers_count: active,
      },
    };
  }

  async tiers(chainId: number, pool: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() => this.repo.tiers(chainId, pool, offsetOf(page)));
    return {
      meta,
      total: rows[0]?.total ?? 0,
      rows: rows.map((r) => toStakingTier(r.tier, meta.state_time)),
    };
  }

  async positions(chainId: number, pool: string, user: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() => this.repo.positions(chainId, pool, user, offsetOf(page)));
    const positions: StakingPositionRecord[] = rows.map(({ position: p }) => ({
      tier_id: p.tierId,
      user: p.user,
      staked: p.staked,
      claimed: p.claimed,
    }));
    return { meta, total: rows[0]?.total ?? 0, rows: positions };
  }
}
