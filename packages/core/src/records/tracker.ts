/** Answers of the DAO lists and statistics (`/integrations/tracker`), read from the indexer's tables. */
import * as z from "zod/mini";
import {
  addressRecord,
  dataDocument,
  decimalRecord,
  listDocument,
  poolKeyShape,
  resourceRecord,
  unixTimeRecord,
} from "./jsonapi.ts";

export const periodRecord = z.enum(["D", "W", "M"]);

/** Totals over every DAO of some chains, with the change over the period. */
export const summaryStatsRecord = z.object({
  chain_ids: z.array(z.int()),
  period: periodRecord,
  pools_count: z.int(),
  tvl_usd: z.string(),
  tvg_usd: z.string(),
  total_members_count: z.int(),
  lau: z.int(),
  total_proposals_count: z.int(),
  pools_count_change_percent: z.number(),
  tvl_usd_change_percent: z.number(),
  tvg_usd_change_percent: z.number(),
  members_change_percent: z.number(),
  lau_change_percent: z.number(),
  proposals_change_percent: z.number(),
});
export const summaryStatsDocument = dataDocument(
  resourceRecord("gov-pools-summary-stats", summaryStatsRecord),
);

export const chainIndexingHealthRecord = z.object({
  chain_id: z.int(),
  head_block: z.nullable(z.int()),
  last_indexed_block: z.nullable(z.int()),
  last_indexed_at: z.nullable(z.int()),
  lag_blocks: z.nullable(z.int()),
  is_indexed: z.boolean(),
  error: z.nullable(z.string()),
});
export type ChainIndexingHealth = z.infer<typeof chainIndexingHealthRecord>;
export const indexerHealthDocument = dataDocument(
  z.array(resourceRecord("indexer-health", chainIndexingHealthRecord)),
);

/** Top pool record (spec section 3). */
export const topPoolRecord = z.object({
  ...poolKeyShape,
  name: z.string(),
  description_url: z.string(),
  gov_token_address: addressRecord,
  gov_token_symbol: z.nullable(z.string()),
  gov_token_decimals: z.nullable(z.int()),
  gov_nft_address: addressRecord,
  created_at: unixTimeRecord,
  tvl_usd: z.string(),
  tvg_usd: z.string(),
  lau: z.int(),
  total_members_count: z.int(),
  active_members_count: z.int(),
  total_proposals_count: z.int(),
  active_proposals_count: z.int(),
  external_proposals_count: z.int(),
  active_external_proposals_count: z.int(),
  internal_proposals_count: z.int(),
  active_internal_proposals_count: z.int(),
  offchain_proposals_count: z.int(),
  active_offchain_proposals_count: z.int(),
  tvl_usd_change_percent: z.number(),
  tvg_usd_change_percent: z.number(),
  members_change_percent: z.number(),
  lau_change_percent: z.number(),
  is_member: z.boolean(),
});
export type TopPool = z.infer<typeof topPoolRecord>;
export const topPoolListDocument = listDocument(resourceRecord("top-gov-pools", topPoolRecord));

/** A DAO an address was active in (My activity tab). */
export const userActivityPoolRecord = z.extend(topPoolRecord, {
  user_address: addressRecord,
  user_votes_count: z.int(),
  user_proposals_count: z.int(),
  user_deposits_count: z.int(),
  user_recent_votes_count: z.int(),
  user_recent_proposals_count: z.int(),
  user_recent_deposits_count: z.int(),
  user_last_activity_at: z.nullable(unixTimeRecord),
  user_deposited_tokens: z.string(),
  user_deposited_nfts: z.int(),
  user_delegated_in_tokens: z.string(),
  user_delegated_out_tokens: z.string(),
});
export type UserActivityPool = z.infer<typeof userActivityPoolRecord>;
export const userActivityListDocument = listDocument(
  resourceRecord("user-gov-pool-activity", userActivityPoolRecord),
);

/** Statistics record (spec section 3). */
export const poolStatsRecord = z.object({
  gov_pool_address: addressRecord,
  gov_pool_name: z.string(),
  gov_token_address: addressRecord,
  gov_nft_address: addressRecord,
  gov_pool_created_at: unixTimeRecord,
  tvl_usd: z.string(),
  tvg_usd: z.string(),
  total_members_count: z.int(),
  lau: z.int(),
  total_active_proposals_count: z.int(),
  total_proposals_count: z.int(),
});
export type PoolStats = z.infer<typeof poolStatsRecord>;
export const poolStatsDocument = dataDocument(resourceRecord("gov-pool-stats", poolStatsRecord));

/** One point of a DAO's chart series. */
export const statsPointRecord = z.object({
  timestamp: unixTimeRecord,
  tvl_usd: z.string(),
  tvg_usd: z.string(),
  total_members_count: z.int(),
  lau: z.int(),
  total_proposals_count: z.int(),
  total_active_proposals_count: z.int(),
  votes_count: z.int(),
});
export type StatsPoint = z.infer<typeof statsPointRecord>;
export const statsSeriesDocument = dataDocument(
  z.array(resourceRecord("gov-pool-stats-snapshot", statsPointRecord)),
  { meta: z.object({ period: periodRecord, count: z.int() }) },
);

/**
 * One member of a DAO as the Members figure counts it: an address with deposits in the pool (or,
 * while nobody has deposited, a token holder or voter), never one of the DAO's own contracts.
 */
export const poolMemberRecord = z.object({
  address: addressRecord,
  deposited_tokens: decimalRecord,
  deposited_nfts: z.int(),
});
export type PoolMember = z.infer<typeof poolMemberRecord>;
export const poolMemberListDocument = listDocument(resourceRecord("gov-pool-members", poolMemberRecord));
