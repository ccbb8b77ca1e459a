/**
 * Answers of the api's token-sale reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/token-sale/…`)
 * and of its Merkle whitelists (`/integrations/token-sale-svc/…`), as the api writes them and the web reads
 * them. Amounts are decimal strings in the token's smallest unit, rates and percentages with 25 decimals,
 * times unix seconds.
 */
import * as z from "zod/mini";
import { indexedDocument, indexedListDocument } from "./governance.ts";
import {
  addressRecord,
  dataDocument,
  decimalRecord,
  hexRecord,
  poolKeyShape,
  resourceRecord,
  unixTimeRecord,
} from "./jsonapi.ts";

/** One participation requirement as the tier stores it (`participation_type`: DAO votes 0, whitelist 1,
 * BABT 2, token lock 3, NFT lock 4, Merkle whitelist 5; the decoded values of its `data`). */
export const participationRecord = z.object({
  participation_type: z.int(),
  min_votes: z.optional(decimalRecord),
  token: z.optional(addressRecord),
  amount: z.optional(decimalRecord),
  nft: z.optional(addressRecord),
  count: z.optional(decimalRecord),
  merkle_root: z.optional(hexRecord),
  merkle_uri: z.optional(z.string()),
});
export type ParticipationRecord = z.infer<typeof participationRecord>;

export const tierRecord = z.object({
  ...poolKeyShape,
  token_sale: addressRecord,
  tier_id: decimalRecord,
  name: z.string(),
  description: z.string(),
  /** pending, active, completed, not-actual — at `meta.state_time`. */
  status: z.enum(["pending", "active", "completed", "not-actual"]),
  sale_token: addressRecord,
  total_token_provided: decimalRecord,
  total_sold: decimalRecord,
  /** Sold share in basis points (0-10,000). */
  progress_bps: z.int(),
  sale_start_time: unixTimeRecord,
  sale_end_time: unixTimeRecord,
  claim_lock_duration: unixTimeRecord,
  receiver: addressRecord,
  min_allocation_per_user: decimalRecord,
  max_allocation_per_user: decimalRecord,
  vesting_percentage: decimalRecord,
  vesting_duration: unixTimeRecord,
  cliff_period: unixTimeRecord,
  unlock_step: unixTimeRecord,
  purchase_tokens: z.array(z.object({ token: addressRecord, exchange_rate: decimalRecord })),
  participation: z.array(participationRecord),
  merkle_root: z.nullable(hexRecord),
  merkle_uri: z.nullable(z.string()),
  is_off: z.boolean(),
  recovered_amount: z.nullable(decimalRecord),
  buyers_count: z.int(),
  created_at: unixTimeRecord,
  created_tx: hexRecord,
});
export type TierRecord = z.infer<typeof tierRecord>;

export const tierListDocument = indexedListDocument("token-sale-tiers", tierRecord);
export const tierDocument = indexedDocument("token-sale-tiers", tierRecord);

/** One `Bought` event. */
export const purchaseRecord = z.object({
  tier_id: decimalRecord,
  payment_token: addressRecord,
  paid: decimalRecord,
  commission: decimalRecord,
  bought: decimalRecord,
  vesting_amount: decimalRecord,
  timestamp: unixTimeRecord,
  tx_hash: hexRecord,
});
export type PurchaseRecord = z.infer<typeof purchaseRecord>;

/** A buyer's position in one tier, with its vesting schedule. */
export const participantRecord = z.object({
  ...poolKeyShape,
  tier_id: decimalRecord,
  user: addressRecord,
  sale_token: addressRecord,
  tier_status: z.enum(["pending", "active", "completed", "not-actual"]),
  bought: decimalRecord,
  claim_total: decimalRecord,
  claimed: decimalRecord,
  /** Claimable now (the claim lock has passed). */
  claimable: decimalRecord,
  claimable_from: unixTimeRecord,
  vesting_total: decimalRecord,
  vesting_withdrawn: decimalRecord,
  /** Vested at `meta.state_time`, less what was withdrawn. */
  vesting_withdrawable: decimalRecord,
  /** Each time more vests, with the total vested from then. */
  vesting_schedule: z.array(z.object({ timestamp: unixTimeRecord, vested: decimalRecord })),
  locked_tokens: decimalRecord,
  locked_nfts: z.array(decimalRecord),
  purchases: z.array(purchaseRecord),
});
export type ParticipantRecord = z.infer<typeof participantRecord>;

export const participantListDocument = indexedListDocument("token-sale-participants", participantRecord);

/** A Merkle whitelist the api stores (OpenZeppelin StandardMerkleTree of `[address]`). */
export const merkleWhitelistRecord = z.object({
  root: hexRecord,
  ...poolKeyShape,
  addresses: z.array(addressRecord),
  created_at: z.string(),
});
export type MerkleWhitelistRecord = z.infer<typeof merkleWhitelistRecord>;
export const merkleWhitelistDocument = dataDocument(
  resourceRecord("merkle-whitelists", merkleWhitelistRecord),
);

/** The proof of one address in a whitelist: `buy(tierId, token, amount, proof)`. */
export const merkleProofRecord = z.object({
  root: hexRecord,
  address: addressRecord,
  proof: z.array(hexRecord),
});
export type MerkleProofRecord = z.infer<typeof merkleProofRecord>;
export const merkleProofDocument = dataDocument(resourceRecord("merkle-proofs", merkleProofRecord));

/** A DAO's token sale and distribution executors (null until the indexer saw them deployed). */
export const saleExecutorsRecord = z.object({
  ...poolKeyShape,
  token_sale: z.nullable(addressRecord),
  distribution: z.nullable(addressRecord),
});
export type SaleExecutorsRecord = z.infer<typeof saleExecutorsRecord>;
export const saleExecutorsDocument = indexedDocument("sale-executors", saleExecutorsRecord);

/**
 * A proposal's distribution (DistributionProposal): what it funded and what was claimed, and with `voter`
 * asked, that voter's share: claimable once the proposal executed for, to voters for, pro rata to their
 * personal raw votes.
 */
export const distributionRecord = z.object({
  ...poolKeyShape,
  distribution_proposal: z.nullable(addressRecord),
  proposal_id: decimalRecord,
  is_funded: z.boolean(),
  token: z.nullable(addressRecord),
  amount: decimalRecord,
  claimed_total: decimalRecord,
  claims_count: z.int(),
  voter: z.nullable(
    z.object({
      address: addressRecord,
      /** The voter's personal raw votes for (0 when they voted against or not at all). */
      raw_votes_for: decimalRecord,
      claimable: decimalRecord,
      claimed: z.nullable(decimalRecord),
    }),
  ),
});
export type DistributionRecord = z.infer<typeof distributionRecord>;
export const distributionDocument = indexedDocument("distributions", distributionRecord);
