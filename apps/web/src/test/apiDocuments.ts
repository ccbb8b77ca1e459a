import type {
  IndexedProposal,
  PoolContractsRecord,
  UserProposalRecord,
} from "@polity/core/records/governance";
import type { TierRecord } from "@polity/core/records/tokenSale";
import type {
  OffchainProposalRecord,
  ProposalTypeRecord,
  TemplateParameters,
} from "@polity/core/records/voting";
import { zeroAddress } from "viem";
import { DAO, KEEPER, SETTINGS, TOKEN, VALIDATORS } from "./chainAddresses.ts";
import { jsonResponse } from "./renderWithProviders.tsx";

/**
 * Api answers for tests, complete as the api writes them: the web parses every answer with core's
 * record schemas, so a fixture missing a field fails like a real answer would.
 */

/** The `links` of a list answer (the web reads pages from `meta`). */
export const LIST_LINKS = { self: "/", first: "/", last: "/" };

/** A paged list answer of `type` resources; `meta` adds to (or overrides) the page fields. */
export function listAnswer<A>(
  type: string,
  items: A[],
  meta: Record<string, unknown> = {},
  id: (item: A, index: number) => string = (_item, index) => String(index),
) {
  return {
    data: items.map((attributes, i) => ({ id: id(attributes, i), type, attributes })),
    meta: { total_count: items.length, page_number: 1, page_limit: 10, order: "desc", ...meta },
    links: LIST_LINKS,
  };
}

/** A one-resource answer of `type`. */
export function resourceAnswer<A>(
  type: string,
  id: string,
  attributes: A,
  extra: Record<string, unknown> = {},
) {
  return { data: { id, type, attributes }, ...extra };
}

/** Off-chain template parameters as the api stores them. */
export function templateParameters(over: Partial<TemplateParameters> = {}): TemplateParameters {
  return {
    name: "Grant round",
    description: "",
    voting_type: "one_of",
    use_delegated: true,
    voting_duration: 259_200,
    general_closing_percent: "50",
    anticipatory_closing_percent: "75",
    against_percent: "50",
    minimal_vote_power: "0",
    minimal_create_proposal_power: "0",
    minimal_comment_read_power: "0",
    minimal_comment_create_power: "0",
    ...over,
  };
}

/** An off-chain proposal type record. */
export function proposalTypeRecord(name: string, over: Partial<ProposalTypeRecord> = {}): ProposalTypeRecord {
  const votingType = over.voting_type ?? "one_of";
  return {
    chain_id: 31337,
    pool_address: "0x1111111111111111111111111111111111111111",
    name,
    title: name,
    description: "",
    voting_type: votingType,
    parameters: templateParameters({ name, voting_type: votingType }),
    is_built_in: false,
    ...over,
  };
}

/** An off-chain proposal record. */
export function offchainProposalRecord(over: Partial<OffchainProposalRecord> = {}): OffchainProposalRecord {
  return {
    chain_id: 31337,
    pool_address: "0x1111111111111111111111111111111111111111",
    type: "Grant round",
    title: "Q3 grants",
    description: "",
    author: "0x2000000000000000000000000000000000000002",
    voting_type: "one_of",
    vote_options: ["Alice", "Bob"],
    custom_parameters: {},
    parameters: templateParameters(),
    snapshot_block: "10",
    total_power: "100000000000000000000",
    start_at: "2026-11-20T10:00:00.000Z",
    end_at: "2026-11-23T10:00:00.000Z",
    status: "0",
    option_powers: ["0", "0"],
    against_power: "0",
    votes_count: 0,
    results_hash: null,
    execution_error: null,
    user_vote: null,
    ...over,
  };
}

/** An indexed on-chain proposal as the api's governance reads answer it. */
export function indexedProposalRecord(over: Partial<IndexedProposal> = {}): IndexedProposal {
  return {
    chain_id: 31337,
    pool_address: "0x1000000000000000000000000000000000000001",
    proposal_id: "1",
    state: 0,
    creator: "0x2000000000000000000000000000000000000002",
    description_url: "",
    executor: "0x1000000000000000000000000000000000000001",
    settings_id: "0",
    has_actions_on_against: false,
    quorum_votes: "0",
    votes_for: "0",
    votes_against: "0",
    raw_votes_for: "0",
    raw_votes_against: "0",
    voters_count: 0,
    early_completion: false,
    validators_vote: false,
    execution_delay: "0",
    vote_end: 1_900_000_000,
    created_at: 1_800_000_000,
    created_block: "10",
    created_tx: "0x01",
    quorum_reached_at: null,
    execute_after: null,
    moved_to_validators_at: null,
    moved_by: null,
    executed_at: null,
    executed_for: null,
    executed_by: null,
    executed_tx: null,
    validators_stage: null,
    ...over,
  };
}

/** A token sale tier as the tracker answers it: tier 1 of Acme DAO on chain 97, active, selling 1,000 SALE
 * (18 decimals) for USDC at 2 SALE per USDC, 250 sold to one buyer, no requirement, no vesting. */
export function tierRecord(over: Partial<TierRecord> = {}): TierRecord {
  return {
    chain_id: 97,
    pool_address: "0x1000000000000000000000000000000000000001",
    token_sale: "0x7000000000000000000000000000000000000007",
    tier_id: "1",
    name: "Seed round",
    description: "Early supporters",
    status: "active",
    sale_token: "0x5000000000000000000000000000000000000005",
    total_token_provided: (1000n * 10n ** 18n).toString(),
    total_sold: (250n * 10n ** 18n).toString(),
    progress_bps: 2500,
    sale_start_time: 1_800_000_000 - 86_400,
    sale_end_time: 1_800_000_000 + 2 * 86_400 + 3_600,
    claim_lock_duration: 0,
    receiver: "0x1000000000000000000000000000000000000001",
    min_allocation_per_user: "0",
    max_allocation_per_user: "0",
    vesting_percentage: "0",
    vesting_duration: 0,
    cliff_period: 0,
    unlock_step: 0,
    purchase_tokens: [
      { token: "0x4000000000000000000000000000000000000004", exchange_rate: (2n * 10n ** 25n).toString() },
    ],
    participation: [],
    merkle_root: null,
    merkle_uri: null,
    is_off: false,
    recovered_amount: null,
    buyers_count: 1,
    created_at: 1_800_000_000 - 2 * 86_400,
    created_tx: `0x${"ab".repeat(32)}`,
    ...over,
  };
}

/** A `fetchRoutes` route answering the tracker's one-tier read (`…/token-sale/tiers/{id}`) with `tier`. */
export function tierRoute(tier: TierRecord): [RegExp, () => Response] {
  return [
    /\/token-sale\/tiers\/\d+$/,
    () =>
      jsonResponse(
        resourceAnswer("token-sale-tiers", tier.tier_id, tier, {
          meta: { indexed_block: 1, indexed_at: 1, state_time: 1 },
        }),
      ),
  ];
}

/** An executed proposal in a member's list (`…/user-proposals/{user}`): `user` voted on it, as `hasClaimed` says. */
export function userProposalRecord(
  pool: `0x${string}`,
  user: `0x${string}`,
  id: number,
  hasClaimed = false,
): UserProposalRecord {
  return {
    ...indexedProposalRecord({
      pool_address: pool.toLowerCase() as `0x${string}`,
      proposal_id: String(id),
      state: 7,
    }),
    user_address: user.toLowerCase() as `0x${string}`,
    user_is_creator: false,
    user_is_executor: false,
    user_has_voted: true,
    user_has_claimed: hasClaimed,
    user_claims: [],
  };
}

/** A DAO's indexed contracts (`…/pools/gov/{pool}/contracts`): the test DAO's helpers and token, no NFT or validator token. */
export function poolContractsRecord(over: Partial<PoolContractsRecord> = {}): PoolContractsRecord {
  return {
    pool_address: DAO,
    settings: SETTINGS,
    user_keeper: KEEPER,
    validators: VALIDATORS,
    vote_power: zeroAddress,
    gov_token: TOKEN,
    nft: zeroAddress,
    validator_token: null,
    expert_nft: null,
    nft_multiplier: null,
    description_url: "",
    ...over,
  };
}
