import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { zeroAddress } from "viem";

/** A settings slot as GovSettings answers it: one-day votes, early completion, no rewards. */
export function proposalSettingsFixture(
  over: Partial<OnchainProposalSettings> = {},
): OnchainProposalSettings {
  return {
    earlyCompletion: true,
    delegatedVotingAllowed: true,
    validatorsVote: false,
    duration: 86_400n,
    durationValidators: 0n,
    executionDelay: 0n,
    quorum: 50n * 10n ** 25n,
    quorumValidators: 0n,
    minVotesForVoting: 10n ** 18n,
    minVotesForCreating: 10n ** 18n,
    rewardsInfo: {
      rewardToken: zeroAddress,
      creationReward: 0n,
      executionReward: 0n,
      voteRewardsCoefficient: 0n,
    },
    executorDescription: "",
    ...over,
  };
}
