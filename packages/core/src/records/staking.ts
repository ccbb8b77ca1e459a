/**
 * Answers of the api's staking reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/staking…`), as the api
 * writes them and the web reads them. Amounts are decimal strings in the token's smallest unit, times unix
 * seconds. What accrued is read from the contract (`getTierViews`, `getUserViews`), never from here.
 */
import * as z from "zod/mini";
import { indexedDocument, indexedListDocument } from "./governance.ts";
import { addressRecord, decimalRecord, hexRecord, poolKeyShape, unixTimeRecord } from "./jsonapi.ts";

/** A DAO's StakingProposal: its address and whether the DAO enabled it. */
export const stakingRecord = z.object({
  ...poolKeyShape,
  staking_address: addressRecord,
  is_enabled: z.boolean(),
  tiers_count: z.int(),
  /** Tiers that have not ended at `meta.state_time` (the contract allows 10). */
  active_tiers_count: z.int(),
});
export type StakingRecord = z.infer<typeof stakingRecord>;

export const stakingDocument = indexedDocument("staking", stakingRecord);

/** One staking tier: its terms and running totals; `status` at `meta.state_time`. */
export const stakingTierRecord = z.object({
  ...poolKeyShape,
  staking_address: addressRecord,
  tier_id: decimalRecord,
  metadata_url: z.string(),
  status: z.enum(["pending", "active", "ended"]),
  stake_token: addressRecord,
  reward_token: addressRecord,
  reward_amount: decimalRecord,
  start_time: unixTimeRecord,
  end_time: unixTimeRecord,
  total_staked: decimalRecord,
  total_claimed: decimalRecord,
  stakers_count: z.int(),
  recovered_amount: z.nullable(decimalRecord),
  created_at: unixTimeRecord,
  created_tx: hexRecord,
});
export type StakingTierRecord = z.infer<typeof stakingTierRecord>;

export const stakingTierListDocument = indexedListDocument("staking-tiers", stakingTierRecord);

/** A member's position in one tier: staked now, claimed so far. */
export const stakingPositionRecord = z.object({
  tier_id: decimalRecord,
  user: addressRecord,
  staked: decimalRecord,
  claimed: decimalRecord,
});
export type StakingPositionRecord = z.infer<typeof stakingPositionRecord>;

export const stakingPositionListDocument = indexedListDocument("staking-positions", stakingPositionRecord);
