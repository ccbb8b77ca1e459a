/**
 * Answers of the api's delegation reads (`/integrations/tracker/{chainId}/…/delegations…`, `…/delegatees/…`,
 * `…/experts`), as the api writes them and the web reads them. Amounts are decimal strings in the token's
 * smallest unit; power is raw (tokens + NFTs × individual power); times unix seconds.
 */
import * as z from "zod/mini";
import { indexedDocument, indexedListDocument } from "./governance.ts";
import { addressRecord, decimalRecord, hexRecord, poolKeyShape, unixTimeRecord } from "./jsonapi.ts";

/** Which delegator's delegation to which delegatee, in which DAO. */
const delegationPairShape = {
  ...poolKeyShape,
  delegator: addressRecord,
  delegatee: addressRecord,
};

/** What is (or was) delegated: tokens, NFTs and the power they give. */
const delegatedShape = {
  amount: decimalRecord,
  nft_ids: z.array(decimalRecord),
  power: decimalRecord,
};

/** What one delegator delegates to one delegatee now (incoming for the delegatee, outgoing for the delegator). */
export const delegationRecord = z.object({
  ...delegationPairShape,
  ...delegatedShape,
  created_at: unixTimeRecord,
  updated_at: unixTimeRecord,
});
export type DelegationRecord = z.infer<typeof delegationRecord>;
export const delegationListDocument = indexedListDocument("delegations", delegationRecord);

/**
 * One delegation change (history): `kind` delegate, undelegate, treasury-delegate or treasury-undelegate;
 * `delegation_type` the spec's delegate 1 / undelegate 2; `delegatee_power` the delegatee's micropool (its
 * treasury power for treasury changes) after it. For treasury changes the delegator is the DAO's pool.
 */
export const delegationEventRecord = z.object({
  ...delegationPairShape,
  kind: z.enum(["delegate", "undelegate", "treasury-delegate", "treasury-undelegate"]),
  delegation_type: z.int(),
  ...delegatedShape,
  delegatee_power: decimalRecord,
  block_number: z.int(),
  timestamp: unixTimeRecord,
  tx_hash: hexRecord,
});
export type DelegationEventRecord = z.infer<typeof delegationEventRecord>;
export const delegationHistoryDocument = indexedListDocument("delegation-events", delegationEventRecord);

/** A delegatee's balances in one DAO: its micropool and what the treasury delegated to it. */
export const delegateeRecord = z.object({
  ...poolKeyShape,
  account: addressRecord,
  micropool_power: decimalRecord,
  delegators_count: z.int(),
  treasury_amount: decimalRecord,
  treasury_nft_ids: z.array(decimalRecord),
  treasury_power: decimalRecord,
  /** Holds the DAO's local expert badge or the protocol's global one (spec "user type"). */
  user_type: z.enum(["holder", "expert", "global expert"]),
  updated_at: z.nullable(unixTimeRecord),
});
export type DelegateeRecord = z.infer<typeof delegateeRecord>;
export const delegateeDocument = indexedDocument("delegatees", delegateeRecord);
export const delegateeListDocument = indexedListDocument("delegatees", delegateeRecord);
