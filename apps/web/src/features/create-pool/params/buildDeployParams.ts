import { parseDuration } from "@polity/core/duration";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { validatorTokenName } from "@polity/core/validation/dao";
import { type Address, getAddress, zeroAddress } from "viem";
import {
  type CreatePoolDraft,
  createDefaultDraft,
  type ProposalSettingsForm,
  VOTE_POWER_TYPES,
} from "../draft/createPoolDraft.ts";
import { toPercentage, toTokenAmount } from "../schemas/rules.ts";
import { createsToken } from "../wizardSteps.ts";
import { SETTINGS_SLOTS, type SettingsSlot } from "./daoMetadata.ts";

/** Uploaded documents the parameters reference. */
export type DeployUploads = {
  /** `ipfs://<cid>` of the DAO metadata document. */
  descriptionURL: string;
  /** `ipfs://<cid>` of each settings slot's description document. */
  executorDescriptions: Record<SettingsSlot, string>;
};

export type DeployContext = {
  /** Signs off-chain voting results for the DAO (the api's verifier on this chain). */
  verifier: Address;
};

const DEFAULT_VALIDATORS = createDefaultDraft().validatorsParams;
const DEFAULT_VALIDATOR_SYMBOL = "DAO";

function seconds(value: string): bigint {
  const parsed = parseDuration(value);
  if (parsed === null) throw new Error(`Invalid duration "${value}"`);
  return BigInt(parsed);
}

function address(value: string): Address {
  return value.trim() ? getAddress(value.trim()) : zeroAddress;
}

function settingsFor(
  slot: SettingsSlot,
  form: ProposalSettingsForm,
  draft: CreatePoolDraft,
  executorDescription: string,
): OnchainProposalSettings {
  const hasValidators = draft.isValidator;
  const validatorsVote = hasValidators && form.validatorsVote;
  const isValidatorsSlot = slot === "validators";
  return {
    // Spec §3: the validators slot never completes early nor lets delegators vote themselves.
    earlyCompletion: isValidatorsSlot ? false : form.earlyCompletion,
    delegatedVotingAllowed: isValidatorsSlot ? false : form.delegatedVotingAllowed,
    validatorsVote,
    duration: seconds(form.duration),
    durationValidators: validatorsVote ? seconds(draft.validatorsParams.duration) : 0n,
    executionDelay: seconds(form.executionDelay),
    quorum: toPercentage(form.quorum),
    quorumValidators: validatorsVote ? toPercentage(draft.validatorsParams.quorum) : 0n,
    minVotesForVoting: toTokenAmount(form.minVotesForVoting),
    minVotesForCreating: toTokenAmount(form.minVotesForCreating),
    rewardsInfo: {
      rewardToken: address(form.rewardsInfo.rewardToken),
      creationReward: toTokenAmount(form.rewardsInfo.creationReward),
      executionReward: toTokenAmount(form.rewardsInfo.executionReward),
      // The protocol multiplies raw votes by this coefficient with 25-decimal precision (1 = 10^25).
      voteRewardsCoefficient: toPercentage(form.rewardsInfo.voteRewardsCoefficient),
    },
    executorDescription,
  };
}

/** Draft → the protocol's pieces of `PoolFactory.deployGovPool` (exact integers, 18-decimal amounts, 25-decimal percentages). */
export function buildDeployParts(draft: CreatePoolDraft, uploads: DeployUploads, context: DeployContext) {
  const proposalSettings = SETTINGS_SLOTS.map((slot) =>
    settingsFor(slot, draft.defaultProposalSettings, draft, uploads.executorDescriptions[slot]),
  );

  // GovValidators is deployed with every DAO and refuses zero settings: a DAO without validators
  // still gets the default chamber settings and a validator token named after the DAO, with no holders.
  const chamber = draft.isValidator ? draft.validatorsParams : DEFAULT_VALIDATORS;
  const validators = draft.isValidator ? draft.validatorsParams.validators : [];
  const validatorsParams = {
    name: validatorTokenName(draft.isValidator ? chamber.name : draft.daoName),
    symbol: validatorTokenName(draft.isValidator ? chamber.symbol : DEFAULT_VALIDATOR_SYMBOL),
    duration: seconds(chamber.duration),
    executionDelay: seconds(chamber.executionDelay),
    quorum: toPercentage(chamber.quorum),
    validators: validators.map((v) => getAddress(v.address.trim())),
    balances: validators.map((v) => toTokenAmount(v.balance)),
  };

  const isNewToken = createsToken(draft);
  const token = draft.tokenCreation;
  const tokenParams = isNewToken
    ? {
        name: token.name.trim(),
        symbol: token.symbol.trim(),
        cap: toTokenAmount(token.cap),
        mintedTotal: toTokenAmount(token.totalSupply),
        users: token.recipients.map((r) => getAddress(r.address.trim())),
        amounts: token.recipients.map((r) => toTokenAmount(r.amount)),
      }
    : { name: "", symbol: "", cap: 0n, mintedTotal: 0n, users: [] as Address[], amounts: [] as bigint[] };

  const keeper = draft.userKeeperParams;
  const userKeeperParams = {
    // A new token's address is only known on deployment: the factory fills it in.
    tokenAddress: draft.isErc20 && !isNewToken ? address(keeper.tokenAddress) : zeroAddress,
    nftAddress: draft.isErc721 ? address(keeper.nftAddress) : zeroAddress,
    individualPower: draft.isErc721 ? toTokenAmount(keeper.individualPower) : 0n,
    nftsTotalSupply:
      draft.isErc721 && /^\d+$/.test(keeper.nftsTotalSupply) ? BigInt(keeper.nftsTotalSupply) : 0n,
  };

  const model = draft.votingModel;
  const votePowerParams = {
    voteType: VOTE_POWER_TYPES[model.votePowerType],
    holdersCoefficient:
      model.votePowerType === "polynomial" ? toTokenAmount(model.polinomialHoldersCoefficient) : 0n,
    expertsCoefficient:
      model.votePowerType === "polynomial" ? toTokenAmount(model.polinomialExpertsCoefficient) : 0n,
    expertsDelegationCoefficient:
      model.votePowerType === "polynomial" ? toTokenAmount(model.polinomialExpertsDelegationCoefficient) : 0n,
    presetAddress: model.votePowerType === "custom" ? address(model.customPowerContractAddress) : zeroAddress,
  };

  return {
    proposalSettings,
    validatorsParams,
    userKeeperParams,
    isNewToken,
    tokenParams,
    votePowerParams,
    commentSettings: {
      minVotesForReadProposalDiscussion: toTokenAmount(model.minVotesForReadProposalDiscussion),
      minVotesForCreatingComment: toTokenAmount(model.minVotesForCreatingComment),
    },
    verifier: context.verifier,
    onlyBABTHolders: draft.isBinanceKycRestricted,
    descriptionURL: uploads.descriptionURL,
    name: draft.daoName.trim(),
  };
}

export type DeployParts = ReturnType<typeof buildDeployParts>;
