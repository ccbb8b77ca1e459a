import { stakingProposalAbi } from "@polity/core/generated/contracts";
import { type Address, erc20Abi } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, type TokenInfo, tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { fetchStakingInfo, fetchStakingTiers } from "../../../shared/tracker/stakingApi.ts";

/** Most tiers the page reads (the contract keeps at most 10 active). */
const TIER_LIMIT = 100n;

export type TierStatus = "pending" | "active" | "ended";

/** The connected member's side of a tier: wallet, allowance, stake and what accrued. */
export interface TierPosition {
  balance: bigint;
  allowance: bigint;
  staked: bigint;
  claimable: bigint;
}

export interface StakingTier {
  id: bigint;
  metadataURL: string;
  stakeToken: TokenInfo;
  rewardToken: TokenInfo;
  rewardAmount: bigint;
  startTime: number;
  endTime: number;
  totalStaked: bigint;
  /** Rewards accrued to the stakers so far (the contract's view, up to now). */
  allocated: bigint;
  claimed: bigint;
  /** The DAO took back what accrued to nobody (StakingProposal.recover). */
  recovered: boolean;
  status: TierStatus;
  stakersCount: number;
  position: TierPosition | null;
}

export interface Staking {
  address: Address;
  isEnabled: boolean;
  tiers: StakingTier[];
}

export function tierStatus(startTime: number, endTime: number, now: number): TierStatus {
  if (now < startTime) return "pending";
  return now < endTime ? "active" : "ended";
}

/**
 * The DAO's staking: its executor (from the tracker), then in one multicall its tiers as the contract
 * computes them now, then the member's positions, wallet balances and allowances with the tokens'
 * symbols. Null when the DAO has no staking executor.
 */
export async function fetchStaking(
  client: ReadClient,
  chainId: number,
  pool: Address,
  user: Address | undefined,
  options: { signal?: AbortSignal; now?: number } = {},
): Promise<Staking | null> {
  const info = await fetchStakingInfo(chainId, pool, options);
  if (!info) return null;
  const staking = { address: info.staking_address, abi: stakingProposalAbi } as const;
  const [first, indexed] = await Promise.all([
    readBatch(client, {
      isEnabled: readCall(staking, "isEnabled"),
      tiers: readCall(staking, "getTierViews", [0n, TIER_LIMIT]),
    }),
    fetchStakingTiers(chainId, pool, options).catch(() => []),
  ]);
  const tiers = first.tiers ?? [];
  const ids = tiers.map((t) => t.id);
  const tokens = [...new Set(tiers.flatMap((t) => [t.stakeToken, t.rewardToken]))];
  const [infos, mine] = await Promise.all([
    fetchTokenInfos(client, chainId, tokens),
    user
      ? readBatch(client, {
          views: readCall(staking, "getUserViews", [user, ids]),
          balances: tiers.map((t) => readCall({ address: t.stakeToken, abi: erc20Abi }, "balanceOf", [user])),
          allowances: tiers.map((t) =>
            readCall({ address: t.stakeToken, abi: erc20Abi }, "allowance", [user, info.staking_address]),
          ),
        })
      : null,
  ]);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const byId = new Map(indexed.map((t) => [t.tier_id, t]));
  return {
    address: info.staking_address,
    isEnabled: first.isEnabled ?? false,
    tiers: tiers.map((t, i) => ({
      id: t.id,
      metadataURL: t.metadataURL,
      stakeToken: tokenInfoOf(infos, t.stakeToken),
      rewardToken: tokenInfoOf(infos, t.rewardToken),
      rewardAmount: t.rewardAmount,
      startTime: Number(t.startTime),
      endTime: Number(t.endTime),
      totalStaked: t.totalStaked,
      allocated: t.allocated,
      claimed: t.claimed,
      recovered: t.recovered,
      // The chain's clock may run ahead of this one (local time travel): the contract says whether the tier
      // ended, the tracker (judged at the indexed block's time) whether it started.
      status: !t.isActive
        ? "ended"
        : (byId.get(t.id.toString())?.status ?? tierStatus(Number(t.startTime), Number(t.endTime), now)),
      stakersCount: byId.get(t.id.toString())?.stakers_count ?? 0,
      position: mine
        ? {
            balance: mine.balances[i] ?? 0n,
            allowance: mine.allowances[i] ?? 0n,
            staked: mine.views?.[i]?.staked ?? 0n,
            claimable: mine.views?.[i]?.claimable ?? 0n,
          }
        : null,
    })),
  };
}
