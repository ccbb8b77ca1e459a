/**
 * Answers of the api's governance reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/…`), as
 * the api writes them and the web reads them: proposals computed from the indexer's tables, one
 * proposal's record, voting history, validators and a member's proposals. Amounts are decimal
 * strings, times unix seconds.
 */
import * as z from "zod/mini";
import {
  addressRecord,
  dataDocument,
  decimalRecord,
  hexRecord,
  listDocument,
  poolKeyShape,
  resourceRecord,
  unixTimeRecord,
} from "./jsonapi.ts";

/** How far the indexer has come on the chain; every answer's `meta` carries it. */
export const indexedMetaShape = {
  indexed_block: z.nullable(z.int()),
  indexed_at: z.nullable(z.int()),
  /** The time computed states were judged at: the later of the wall clock and `indexed_at`. */
  state_time: z.int(),
};
export const indexedMetaRecord = z.object(indexedMetaShape);
export type IndexedMeta = z.infer<typeof indexedMetaRecord>;

/** One indexed resource of `type`: `{ data, meta }` with how far the indexer has come. */
export const indexedDocument = <T extends string, A extends z.core.SomeType>(type: T, attributes: A) =>
  dataDocument(resourceRecord(type, attributes), { meta: indexedMetaRecord });

/** A paged list of indexed resources of `type`, its `meta` saying how far the indexer has come. */
export const indexedListDocument = <T extends string, A extends z.core.SomeType>(type: T, attributes: A) =>
  listDocument(resourceRecord(type, attributes), indexedMetaShape);

export const validatorsStageRecord = z.object({
  vote_end: unixTimeRecord,
  quorum: decimalRecord,
  votes_for: decimalRecord,
  votes_against: decimalRecord,
  quorum_reached_at: z.nullable(unixTimeRecord),
  execute_after: z.nullable(unixTimeRecord),
  executed_at: z.nullable(unixTimeRecord),
});
export type ValidatorsStageRecord = z.infer<typeof validatorsStageRecord>;

/** A proposal as the indexer knows it. */
export const indexedProposalRecord = z.object({
  ...poolKeyShape,
  proposal_id: decimalRecord,
  /** Spec state (0-9) computed from the indexed fields at `meta.state_time`. */
  state: z.int(),
  creator: addressRecord,
  description_url: z.string(),
  executor: addressRecord,
  settings_id: z.nullable(z.string()),
  has_actions_on_against: z.boolean(),
  quorum_votes: decimalRecord,
  votes_for: decimalRecord,
  votes_against: decimalRecord,
  raw_votes_for: decimalRecord,
  raw_votes_against: decimalRecord,
  voters_count: z.int(),
  early_completion: z.boolean(),
  validators_vote: z.boolean(),
  execution_delay: decimalRecord,
  vote_end: unixTimeRecord,
  created_at: unixTimeRecord,
  created_block: decimalRecord,
  created_tx: hexRecord,
  quorum_reached_at: z.nullable(unixTimeRecord),
  execute_after: z.nullable(unixTimeRecord),
  moved_to_validators_at: z.nullable(unixTimeRecord),
  moved_by: z.nullable(addressRecord),
  executed_at: z.nullable(unixTimeRecord),
  executed_for: z.nullable(z.boolean()),
  executed_by: z.nullable(addressRecord),
  executed_tx: z.nullable(hexRecord),
  validators_stage: z.nullable(validatorsStageRecord),
});
export type IndexedProposal = z.infer<typeof indexedProposalRecord>;

export const proposalActionRecord = z.object({
  executor: addressRecord,
  value: decimalRecord,
  data: hexRecord,
});
export type ProposalActionRecord = z.infer<typeof proposalActionRecord>;

/** A reward paid to a member for a proposal. */
export const rewardPaymentRecord = z.object({
  token: addressRecord,
  amount: decimalRecord,
  timestamp: unixTimeRecord,
  tx_hash: hexRecord,
});
export type RewardPaymentRecord = z.infer<typeof rewardPaymentRecord>;

export const indexedProposalDetailRecord = z.extend(indexedProposalRecord, {
  actions_on_for: z.array(proposalActionRecord),
  actions_on_against: z.array(proposalActionRecord),
  validator_votes: z.array(
    z.object({
      voter: addressRecord,
      voted_for: decimalRecord,
      voted_against: decimalRecord,
      updated_at: unixTimeRecord,
    }),
  ),
  /** Present when the read named a `user`: the rewards paid to that address for this proposal. */
  user_claims: z.optional(z.array(rewardPaymentRecord)),
  user_has_claimed: z.optional(z.boolean()),
});
export type IndexedProposalDetail = z.infer<typeof indexedProposalDetailRecord>;

export const interactionRecord = z.object({
  voter: addressRecord,
  /** Spec: vote for 1, vote against 2, cancel vote 3. */
  interaction: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  vote_type: z.int(),
  is_vote_for: z.boolean(),
  amount: decimalRecord,
  total_raw_voted: decimalRecord,
  total_voted: decimalRecord,
  nft_ids: z.array(decimalRecord),
  block_number: decimalRecord,
  log_index: z.int(),
  timestamp: unixTimeRecord,
  tx_hash: hexRecord,
});
export type InteractionRecord = z.infer<typeof interactionRecord>;

export const validatorVoteRecord = z.pick(interactionRecord, {
  voter: true,
  interaction: true,
  is_vote_for: true,
  amount: true,
  block_number: true,
  timestamp: true,
  tx_hash: true,
});
export type ValidatorVoteRecord = z.infer<typeof validatorVoteRecord>;

export const validatorRecord = z.object({
  address: addressRecord,
  balance: decimalRecord,
  updated_at: unixTimeRecord,
});
export type ValidatorRecord = z.infer<typeof validatorRecord>;

export const userProposalRecord = z.extend(indexedProposalRecord, {
  user_address: addressRecord,
  user_is_creator: z.boolean(),
  user_is_executor: z.boolean(),
  user_has_voted: z.boolean(),
  user_claims: z.array(rewardPaymentRecord),
  user_has_claimed: z.boolean(),
});
export type UserProposalRecord = z.infer<typeof userProposalRecord>;

/**
 * A DAO's contracts as the indexer recorded them (`…/pools/gov/{pool}/contracts`): the helpers it was
 * deployed with, its governance token and NFT (the zero address when it has none), validator token,
 * expert NFT, NFT multiplier and metadata document. A page reads them beside the chain, which has the last word.
 */
export const poolContractsRecord = z.object({
  pool_address: addressRecord,
  settings: addressRecord,
  user_keeper: addressRecord,
  validators: addressRecord,
  vote_power: addressRecord,
  gov_token: addressRecord,
  nft: addressRecord,
  validator_token: z.nullable(addressRecord),
  expert_nft: z.nullable(addressRecord),
  nft_multiplier: z.nullable(addressRecord),
  description_url: z.string(),
});
export type PoolContractsRecord = z.infer<typeof poolContractsRecord>;

export const proposalListDocument = indexedListDocument("gov-proposals", indexedProposalRecord);
export const proposalDocument = indexedDocument("gov-proposal", indexedProposalDetailRecord);
export const interactionListDocument = indexedListDocument("gov-proposal-interactions", interactionRecord);
export const validatorVoteListDocument = indexedListDocument(
  "gov-proposal-validator-votes",
  validatorVoteRecord,
);
export const validatorListDocument = listDocument(resourceRecord("gov-validators", validatorRecord), {
  ...indexedMetaShape,
  /** The validator tokens of every validator. */
  total_balance: decimalRecord,
});
export const userProposalListDocument = indexedListDocument("gov-user-proposals", userProposalRecord);
export const poolContractsDocument = dataDocument(resourceRecord("gov-pool-contracts", poolContractsRecord));
