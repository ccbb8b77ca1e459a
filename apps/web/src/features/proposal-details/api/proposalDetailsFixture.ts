import { zeroAddress } from "viem";
import type { ProposalDetails, UserProposalPosition } from "./fetchProposalDetails.ts";

/** Test data: a proposal in `state` with overridable parts (used by this feature's tests only). */
export const FIXTURE_DAO = "0x1000000000000000000000000000000000000001" as const;
export const FIXTURE_USER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
const E = (n: number) => BigInt(n) * 10n ** 18n;

export function fixtureUser(overrides: Partial<UserProposalPosition> = {}): UserProposalPosition {
  return {
    address: FIXTURE_USER,
    walletBalance: E(50),
    allowance: 0n,
    deposited: E(100),
    depositedNfts: [],
    withdrawable: E(100),
    vote: { isVoteFor: false, totalVoted: 0n, tokensVoted: 0n, totalRawVoted: 0n, nftsVoted: [] },
    power: E(100),
    powerByType: { personal: E(100), micropool: 0n, delegated: 0n, treasury: 0n },
    isValidator: false,
    validatorVotes: { votedFor: 0n, votedAgainst: 0n },
    validatorBalance: 0n,
    rewards: {
      rewardToken: zeroAddress,
      staticRewards: 0n,
      votingRewards: { personal: 0n, micropool: 0n, treasury: 0n },
      multiplierBonus: 0n,
      offchainTokens: [],
      offchainRewards: [],
      hasClaimed: false,
    },
    ...overrides,
  };
}

/** The proposal as GovPool's getProposals answers it, in `state`. */
export function fixtureProposal(
  state: number,
  overrides: Partial<ProposalDetails["proposal"]> = {},
): ProposalDetails["proposal"] {
  return {
    id: 3n,
    state,
    settingsId: 0n,
    creator: "0x2000000000000000000000000000000000000002",
    voteEnd: 1_900_000_000n,
    executeAfter: 0n,
    executionDelay: 0n,
    earlyCompletion: true,
    validatorsVote: false,
    hasActionsOnAgainst: false,
    quorumReached: false,
    movedToValidators: false,
    executed: state === 7 || state === 8,
    requiredQuorum: E(400),
    minVotesForVoting: 0n,
    votesFor: E(300),
    votesAgainst: E(100),
    rawVotesFor: E(300),
    rawVotesAgainst: E(100),
    ...overrides,
  };
}

export function fixtureDetails(
  state: number,
  overrides: Partial<ProposalDetails> = {},
  proposal: Partial<ProposalDetails["proposal"]> = {},
): ProposalDetails {
  return {
    dao: FIXTURE_DAO,
    daoName: "Acme DAO",
    chainId: 97,
    proposal: fixtureProposal(state, proposal),
    descriptionUrl: "",
    actionsOnFor: [],
    actionsOnAgainst: [],
    createdAt: 1_899_000_000,
    movedAt: null,
    executedAt: null,
    indexed: "ok",
    validatorVotes: [],
    totalPower: E(1000),
    token: { address: "0x3000000000000000000000000000000000000003", symbol: "ACME", decimals: 18 },
    nft: null,
    rewardToken: null,
    hasValidators: false,
    delegatedVotingAllowed: false,
    validatorsContract: "0x4000000000000000000000000000000000000004",
    settingsContract: "0x6000000000000000000000000000000000000006",
    validatorsStage: null,
    userKeeper: "0x5000000000000000000000000000000000000005",
    commentSettings: { minVotesForReadProposalDiscussion: 0n, minVotesForCreatingComment: E(1) },
    user: fixtureUser(),
    ...overrides,
  };
}
