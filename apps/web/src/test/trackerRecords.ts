import type { DelegateeRecord, DelegationRecord } from "@polity/core/records/delegation";
import type { TopPool } from "../shared/tracker/trackerApi.ts";
import { TEST_ACCOUNT } from "./renderWithProviders.tsx";

/** The indexer's progress beside an indexed answer: block 100, caught up. */
export const INDEXED_META = { indexed_block: 100, indexed_at: 1_800_000_100, state_time: 1_800_000_100 };

/** `n` whole tokens of 18 decimals, as the api writes amounts. */
export const wei = (n: number) => (BigInt(n) * 10n ** 18n).toString();

/** The expert of the delegation records. */
export const EXPERT = "0x7000000000000000000000000000000000000007";

/** The connected test account as the api writes addresses (lower-case). */
export const ME = TEST_ACCOUNT.toLowerCase() as DelegationRecord["delegator"];

/** A delegation in `pool` on chain 97: the connected account delegated 30 tokens to `EXPERT`. */
export function delegationRecord(pool: string, over: Partial<DelegationRecord> = {}): DelegationRecord {
  return {
    chain_id: 97,
    pool_address: pool as DelegationRecord["pool_address"],
    delegator: ME,
    delegatee: EXPERT,
    amount: wei(30),
    nft_ids: [],
    power: wei(30),
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
    ...over,
  };
}

/** `EXPERT` in `pool` on chain 97: a local expert with a micropool of 130 tokens from 3 delegators. */
export function delegateeRecord(pool: string, over: Partial<DelegateeRecord> = {}): DelegateeRecord {
  return {
    chain_id: 97,
    pool_address: pool as DelegateeRecord["pool_address"],
    account: EXPERT,
    micropool_power: wei(130),
    delegators_count: 3,
    treasury_amount: "0",
    treasury_nft_ids: [],
    treasury_power: "0",
    user_type: "expert",
    updated_at: 1_800_000_000,
    ...over,
  };
}

/** A DAO of the tracker's lists, numbered `index` (its address and name derive from it). */
export function topPoolRecord(index: number, overrides: Partial<TopPool> = {}): TopPool {
  return {
    chain_id: 97,
    pool_address: `0x${index.toString(16).padStart(40, "0")}` as TopPool["pool_address"],
    name: `DAO ${index}`,
    description_url: "",
    gov_token_address: "0x0000000000000000000000000000000000000001",
    gov_token_symbol: `T${index}`,
    gov_token_decimals: 18,
    gov_nft_address: "0x0000000000000000000000000000000000000000",
    created_at: 1_700_000_000,
    tvl_usd: "1234.5",
    tvg_usd: "0",
    lau: 3,
    total_members_count: 12,
    active_members_count: 2,
    total_proposals_count: 7,
    active_proposals_count: 2,
    external_proposals_count: 7,
    active_external_proposals_count: 2,
    internal_proposals_count: 0,
    active_internal_proposals_count: 0,
    offchain_proposals_count: 0,
    active_offchain_proposals_count: 0,
    tvl_usd_change_percent: 0,
    tvg_usd_change_percent: 0,
    members_change_percent: 0,
    lau_change_percent: 0,
    is_member: false,
    ...overrides,
  };
}
