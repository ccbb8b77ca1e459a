/** Answers of the off-chain voting service (`/integrations/voting`). */
import * as z from "zod/mini";
import { OffchainVotingType } from "../enums.ts";
import { OffchainProposalStatus } from "../proposalStates.ts";
import {
  addressRecord,
  dataDocument,
  hexRecord,
  isoTimeRecord,
  listDocument,
  poolKeyShape,
  resourceRecord,
} from "./jsonapi.ts";

const votingTypeRecord = z.enum([
  OffchainVotingType.ForAgainst,
  OffchainVotingType.OneOf,
  OffchainVotingType.MultipleOf,
]);

/** Template parameters as the api stores them (voting_duration in seconds once stored). */
export const templateParametersRecord = z.object({
  name: z.string(),
  description: z.optional(z.string()),
  voting_type: votingTypeRecord,
  use_delegated: z.boolean(),
  /** Seconds. */
  voting_duration: z.int(),
  for_percent: z.optional(z.string()),
  against_percent: z.optional(z.string()),
  general_closing_percent: z.optional(z.string()),
  anticipatory_closing_percent: z.optional(z.string()),
  boundary_percent: z.optional(z.string()),
  minimal_vote_power: z.string(),
  minimal_create_proposal_power: z.string(),
  minimal_comment_read_power: z.string(),
  minimal_comment_create_power: z.string(),
});
export type TemplateParameters = z.infer<typeof templateParametersRecord>;

export const proposalTypeRecord = z.object({
  ...poolKeyShape,
  name: z.string(),
  title: z.string(),
  description: z.string(),
  voting_type: votingTypeRecord,
  parameters: templateParametersRecord,
  is_built_in: z.boolean(),
});
export type ProposalTypeRecord = z.infer<typeof proposalTypeRecord>;

const proposalTypeResource = resourceRecord("proposal-types", proposalTypeRecord);
export const proposalTypeDocument = dataDocument(proposalTypeResource);
export const proposalTypesDocument = dataDocument(z.array(proposalTypeResource), {
  meta: z.object({ total_count: z.int() }),
});

const statusRecord = z.enum([
  OffchainProposalStatus.Active,
  OffchainProposalStatus.Approved,
  OffchainProposalStatus.Rejected,
  OffchainProposalStatus.Executed,
  OffchainProposalStatus.ExecutionFailed,
]);

export const offchainProposalRecord = z.object({
  ...poolKeyShape,
  type: z.string(),
  title: z.string(),
  description: z.string(),
  author: addressRecord,
  voting_type: votingTypeRecord,
  vote_options: z.array(z.string()),
  custom_parameters: z.record(z.string(), z.unknown()),
  parameters: templateParametersRecord,
  snapshot_block: z.string(),
  total_power: z.string(),
  start_at: isoTimeRecord,
  end_at: isoTimeRecord,
  status: statusRecord,
  option_powers: z.array(z.string()),
  against_power: z.string(),
  votes_count: z.int(),
  results_hash: z.nullable(z.string()),
  execution_error: z.nullable(z.string()),
  /** The signed-in viewer's vote (option indexes), when there is a viewer and a vote. */
  user_vote: z.nullable(z.object({ options: z.array(z.int()), is_against: z.boolean(), power: z.string() })),
});
export type OffchainProposalRecord = z.infer<typeof offchainProposalRecord>;

const proposalResource = resourceRecord("proposals", offchainProposalRecord);
export const offchainProposalDocument = dataDocument(proposalResource);
export const offchainProposalListDocument = listDocument(proposalResource);

export const proposalCountDocument = dataDocument(
  resourceRecord("proposal-count", z.object({ count: z.int() })),
);

export const voteRecord = z.object({
  proposal_id: z.string(),
  voter_address: addressRecord,
  /** The chosen option texts ("against" for a vote against). */
  options: z.array(z.string()),
  is_against: z.boolean(),
  power: z.string(),
  created_at: isoTimeRecord,
});
export const voteListDocument = listDocument(resourceRecord("votes", voteRecord));

/** `POST /vote`: the ballot and the proposal as it stands after it. */
export const castVoteDocument = dataDocument(
  resourceRecord(
    "votes",
    z.extend(z.omit(voteRecord, { created_at: true }), { proposal: offchainProposalRecord }),
  ),
);

/** A signed results document, for GovPool.saveOffchainResults. */
export const submittedResultsRecord = z.object({
  ...poolKeyShape,
  proposal_type: z.string(),
  results_hash: z.string(),
  nonce: z.string(),
  /** EIP-712 `OffchainResults(string resultsHash,uint256 nonce,address submitter,uint256 deadline,bool
   * quorumReached)`, signed for `submitter` alone (M3): the pool checks it against the sender. */
  signature: hexRecord,
  verifier: addressRecord,
  /** The account the signature is for: the signed-in caller who asked. */
  submitter: addressRecord,
  /** Last block timestamp (seconds, decimal text) at which the pool accepts the signature. */
  deadline: z.string(),
  /** Whether a proposal of the results was approved (reached its quorum): only then does saving earn the
   * reward. */
  quorum_reached: z.boolean(),
  proposals: z.array(z.object({ id: z.string(), status: z.string() })),
});
export type SubmittedResultsRecord = z.infer<typeof submittedResultsRecord>;
export const submittedResultsDocument = dataDocument(
  resourceRecord("offchain-results", submittedResultsRecord),
);
