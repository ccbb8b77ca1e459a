/**
 * The DAO creation draft (spec §3), as the wizard's forms hold it: numbers are kept as the
 * decimal strings the user typed and only turned into on-chain integers by `buildDeployParams`.
 */

import { DEFAULT_VALIDATOR_BALANCE as DEFAULT_BALANCE, VOTING_MODEL_DEFAULTS } from "@polity/core/constants";
import { VotePowerType } from "@polity/core/enums";

export { SOCIAL_LINK_KINDS, type SocialLinkKind } from "@polity/core/enums";

/** Vote power type (spec §3 enumerations): linear 0, polynomial 1, custom 2. */
export const VOTE_POWER_TYPES = {
  linear: VotePowerType.Linear,
  polynomial: VotePowerType.Polynomial,
  custom: VotePowerType.Custom,
} as const;
export type VotePowerTypeName = keyof typeof VOTE_POWER_TYPES;

import type {
  DaoDocument,
  DaoProfileValues,
  SocialLink,
} from "../../../shared/dao-metadata/daoProfileForm.ts";
import type { RichTextDocument } from "../../../shared/ui/RichTextEditor.tsx";

export type { DaoDocument, RichTextDocument, SocialLink };

export type TokenRecipient = { address: string; amount: string };

export type TokenCreation = {
  name: string;
  symbol: string;
  cap: string;
  totalSupply: string;
  /** Share of the total supply minted to the DAO treasury, in percent (e.g. "40"). */
  treasury: string;
  /** Share of the total supply distributed to the recipients, in percent: 100 − treasury. */
  initialDistribution: string;
  recipients: TokenRecipient[];
};

export type UserKeeperParams = {
  tokenAddress: string;
  nftAddress: string;
  /** Voting power of one NFT, in tokens. */
  individualPower: string;
  /** Size of the NFT collection when it is not enumerable ("0" when it is). */
  nftsTotalSupply: string;
};

export type RewardsInfo = {
  rewardToken: string;
  creationReward: string;
  executionReward: string;
  voteRewardsCoefficient: string;
};

export type ProposalSettingsForm = {
  earlyCompletion: boolean;
  delegatedVotingAllowed: boolean;
  validatorsVote: boolean;
  /** Durations use the duration format, e.g. "1w 2d". */
  duration: string;
  /** Percentage, e.g. "50". The validators stage takes its duration and quorum from ValidatorsParams. */
  quorum: string;
  minVotesForVoting: string;
  minVotesForCreating: string;
  executionDelay: string;
  executorDescription: string;
  rewardsInfo: RewardsInfo;
};

export type VotingModel = {
  votePowerType: VotePowerTypeName;
  polinomialHoldersCoefficient: string;
  polinomialExpertsCoefficient: string;
  polinomialExpertsDelegationCoefficient: string;
  customPowerContractAddress: string;
  isCustomPowerContractAgreement: boolean;
  minVotesForReadProposalDiscussion: string;
  minVotesForCreatingComment: string;
};

export type Validator = { address: string; balance: string };

export type ValidatorsParams = {
  name: string;
  symbol: string;
  validators: Validator[];
  quorum: string;
  duration: string;
  executionDelay: string;
};

export type GovernanceTokenSource = "existing" | "create";

/** What the chain said about an imported governance token (for the summary and supply checks). */
export type ImportedToken = { name: string; symbol: string; decimals: number; totalSupply: string };

/** The profile fields (avatar, name, website, description, social links, documents) come from `DaoProfileValues`. */
export type CreatePoolDraft = DaoProfileValues & {
  isErc20: boolean;
  isErc721: boolean;
  isBinanceKycRestricted: boolean;
  isValidator: boolean;
  /** Whether the ERC-20 governance token is imported or created with the DAO. */
  tokenSource: GovernanceTokenSource;
  userKeeperParams: UserKeeperParams;
  importedToken: ImportedToken | null;
  importedNft: { name: string; symbol: string } | null;
  tokenCreation: TokenCreation;
  votingModel: VotingModel;
  defaultProposalSettings: ProposalSettingsForm;
  validatorsParams: ValidatorsParams;
};

export const DEFAULT_VALIDATOR_BALANCE = String(DEFAULT_BALANCE);
export const EMPTY_RICH_TEXT: RichTextDocument = { type: "doc", content: [] };

export function createDefaultDraft(): CreatePoolDraft {
  return {
    isErc20: true,
    isErc721: false,
    isBinanceKycRestricted: false,
    isValidator: false,
    tokenSource: "create",
    avatarUrl: "",
    avatarCID: "",
    avatarName: "",
    daoName: "",
    websiteUrl: "",
    description: { ...EMPTY_RICH_TEXT, content: [] },
    socialLinks: [],
    documents: [],
    userKeeperParams: { tokenAddress: "", nftAddress: "", individualPower: "", nftsTotalSupply: "" },
    importedToken: null,
    importedNft: null,
    tokenCreation: {
      name: "",
      symbol: "",
      cap: "",
      totalSupply: "",
      treasury: "",
      initialDistribution: "",
      recipients: [{ address: "", amount: "" }],
    },
    votingModel: {
      votePowerType: "linear",
      polinomialHoldersCoefficient: String(VOTING_MODEL_DEFAULTS.polinomialHoldersCoefficient),
      polinomialExpertsCoefficient: String(VOTING_MODEL_DEFAULTS.polinomialExpertsCoefficient),
      polinomialExpertsDelegationCoefficient: String(
        VOTING_MODEL_DEFAULTS.polinomialExpertsDelegationCoefficient,
      ),
      customPowerContractAddress: "",
      isCustomPowerContractAgreement: false,
      minVotesForReadProposalDiscussion: String(VOTING_MODEL_DEFAULTS.minVotesForReadProposalDiscussion),
      minVotesForCreatingComment: String(VOTING_MODEL_DEFAULTS.minVotesForCreatingComment),
    },
    defaultProposalSettings: {
      earlyCompletion: true,
      delegatedVotingAllowed: true,
      validatorsVote: true,
      duration: "1w",
      quorum: "50",
      minVotesForVoting: "0",
      minVotesForCreating: "0",
      executionDelay: "0s",
      executorDescription: "",
      rewardsInfo: {
        rewardToken: "",
        creationReward: "0",
        executionReward: "0",
        voteRewardsCoefficient: "0",
      },
    },
    validatorsParams: {
      name: "",
      symbol: "",
      validators: [{ address: "", balance: DEFAULT_VALIDATOR_BALANCE }],
      quorum: "50",
      duration: "3d",
      executionDelay: "0s",
    },
  };
}
