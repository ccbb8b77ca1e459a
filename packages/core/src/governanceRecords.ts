import type { Address, Hex } from "viem";

/**
 * Attributes of the api's governance reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/…`),
 * as the api writes them and the web reads them: proposals computed from the indexer's tables,
 * one proposal's timeline, voting history, validators and a member's proposals. Amounts are
 * decimal strings, times unix seconds.
 */

/** How far the indexer has come on the chain; every answer's `meta` carries it. */
export interface IndexedMeta {
  indexed_block: number | null;
  indexed_at: number | null;
  /** The time computed states were judged at: the later of the wall clock and `indexed_at`. */
  state_time: number;
}

export interface ValidatorsStageRecord {
  vote_end: number;
  quorum: string;
  votes_for: string;
  votes_against: string;
  quorum_reached_at: number | null;
  execute_after: number | null;
  executed_at: number | null;
}

/** A proposal as the indexer knows it. */
export interface IndexedProposal {
  chain_id: number;
  pool_address: Address;
  proposal_id: string;
  /** Spec state (0-9) computed from the indexed fields at `meta.state_time`. */
  state: number;
  creator: Address;
  description_url: string;
  executor: Address;
  settings_id: string | null;
  has_actions_on_against: boolean;
  quorum_votes: string;
  votes_for: string;
  votes_against: string;
  raw_votes_for: string;
  raw_votes_against: string;
  voters_count: number;
  early_completion: boolean;
  validators_vote: boolean;
  execution_delay: string;
  vote_end: number;
  created_at: number;
  created_block: string;
  created_tx: Hex;
  quorum_reached_at: number | null;
  execute_after: number | null;
  moved_to_validators_at: number | null;
  moved_by: Address | null;
  executed_at: number | null;
  executed_for: boolean | null;
  executed_by: Address | null;
  executed_tx: Hex | null;
  validators_stage: ValidatorsStageRecord | null;
}

export interface ProposalActionRecord {
  executor: Address;
  value: string;
  data: Hex;
}

/** A reward paid to a member for a proposal. */
export interface RewardPaymentRecord {
  token: Address;
  amount: string;
  timestamp: number;
  tx_hash: Hex;
}

export interface IndexedProposalDetail extends IndexedProposal {
  actions_on_for: ProposalActionRecord[];
  actions_on_against: ProposalActionRecord[];
  validator_votes: { voter: Address; voted_for: string; voted_against: string; updated_at: number }[];
  /** Present when the read named a `user`: the rewards paid to that address for this proposal. */
  user_claims?: RewardPaymentRecord[];
  user_has_claimed?: boolean;
}

export interface InteractionRecord {
  voter: Address;
  /** Spec: vote for 1, vote against 2, cancel vote 3. */
  interaction: 1 | 2 | 3;
  vote_type: number;
  is_vote_for: boolean;
  amount: string;
  total_raw_voted: string;
  total_voted: string;
  nft_ids: string[];
  block_number: string;
  log_index: number;
  timestamp: number;
  tx_hash: Hex;
}

export interface ValidatorRecord {
  address: Address;
  balance: string;
  updated_at: number;
}

export interface UserProposalRecord extends IndexedProposal {
  user_address: Address;
  user_is_creator: boolean;
  user_is_executor: boolean;
  user_has_voted: boolean;
  user_claims: RewardPaymentRecord[];
  user_has_claimed: boolean;
}
