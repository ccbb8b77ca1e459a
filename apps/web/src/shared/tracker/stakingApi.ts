import {
  type StakingRecord,
  type StakingTierRecord,
  stakingDocument,
  stakingTierListDocument,
} from "@polity/core/records/staking";
import type { Address } from "viem";
import { api } from "../http/api.ts";

export type { StakingRecord, StakingTierRecord };

const base = (chainId: number, pool: Address) =>
  `/integrations/tracker/${chainId}/pools/gov/${pool.toLowerCase()}/staking`;

/** The DAO's staking executor (address, enabled, tiers counted), or null for a DAO that has none. */
export async function fetchStakingInfo(
  chainId: number,
  pool: Address,
  options: { signal?: AbortSignal } = {},
): Promise<StakingRecord | null> {
  try {
    const document = await api.get(base(chainId, pool), {
      schema: stakingDocument,
      isAuthenticated: false,
      signal: options.signal,
    });
    return document.data.attributes;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

/** The DAO's staking tiers as indexed (status, totals, stakers), oldest first (at most 100). */
export async function fetchStakingTiers(
  chainId: number,
  pool: Address,
  options: { signal?: AbortSignal } = {},
): Promise<StakingTierRecord[]> {
  const document = await api.get(`${base(chainId, pool)}/tiers`, {
    schema: stakingTierListDocument,
    query: { page: { number: 1, limit: 100 } },
    isAuthenticated: false,
    signal: options.signal,
  });
  return document.data.map((r) => r.attributes);
}
