import type { TopPool } from "../shared/tracker/trackerApi.ts";

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
