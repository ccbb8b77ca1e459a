import type { poolFactoryAbi } from "@polity/core/generated/contracts";
import type { ContractFunctionArgs } from "viem";
import type { DeployParts } from "./buildDeployParams.ts";

export type DeployGovPoolArgs = ContractFunctionArgs<typeof poolFactoryAbi, "nonpayable", "deployGovPool">;

/**
 * The parts in the shape of `PoolFactory.GovPoolDeployParams`. An empty token name tells the
 * factory to use `userKeeperParams.tokenAddress` instead of creating a token.
 */
export function toDeployGovPoolArgs(parts: DeployParts): DeployGovPoolArgs {
  const { validatorsParams: v, votePowerParams: power } = parts;
  return [
    {
      settingsParams: { proposalSettings: parts.proposalSettings, additionalProposalExecutors: [] },
      validatorsParams: {
        name: v.name,
        symbol: v.symbol,
        proposalSettings: { duration: v.duration, executionDelay: v.executionDelay, quorum: v.quorum },
        validators: v.validators,
        balances: v.balances,
      },
      userKeeperParams: parts.userKeeperParams,
      tokenParams: parts.tokenParams,
      votePowerParams: {
        voteType: power.voteType,
        holdersCoefficient: power.holdersCoefficient,
        expertsCoefficient: power.expertsCoefficient,
        expertsDelegationCoefficient: power.expertsDelegationCoefficient,
        presetAddress: power.presetAddress,
      },
      verifier: parts.verifier,
      onlyBABTHolders: parts.onlyBABTHolders,
      descriptionURL: parts.descriptionURL,
      name: parts.name,
      minVotesForReadProposalDiscussion: parts.commentSettings.minVotesForReadProposalDiscussion,
      minVotesForCreatingComment: parts.commentSettings.minVotesForCreatingComment,
    },
  ];
}
