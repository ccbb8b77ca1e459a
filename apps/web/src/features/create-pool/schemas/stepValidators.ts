/**
 * Each wizard step checked by `@polity/core`'s DAO creation schemas (spec §5 rules and messages).
 * The forms keep what the user typed (durations as '1w 2d', a token source instead of a flag,
 * percentages of the treasury); these adapters turn a step's values into the core schema's input
 * and map every issue back to the form field that shows it.
 */
import { formatAmount } from "@polity/core/bigAmount";
import { ZERO_ADDRESS } from "@polity/core/constants";
import { parseDuration } from "@polity/core/duration";
import type { MessageKey, MessageParams } from "@polity/core/i18n/en";
import {
  type TokenCreation as CoreTokenCreation,
  governanceSchema,
  isQuorumReachable,
  tokenCreationSchema,
  validatorsSchema,
  votingParametersSchema,
} from "@polity/core/validation/dao";
import { checkMinimumVotesAgainstSupply, type SupplyContext } from "@polity/core/validation/proposalSettings";
import { durationTextSchema } from "@polity/core/validation/rules";
import { type FormIssue, issuesOf } from "../../../shared/ui/formResolver.ts";
import {
  type CreatePoolDraft,
  createDefaultDraft,
  type ProposalSettingsForm,
  type TokenCreation,
  type ValidatorsParams,
  VOTE_POWER_TYPES,
  type VotingModel,
} from "../draft/createPoolDraft.ts";
import { createsToken } from "../wizardSteps.ts";
import { delaySchema, MAX_DURATION_DAYS, TOKEN_DECIMALS, toTokenAmount } from "./rules.ts";
import { initialDistributionAmount } from "./tokenDistribution.ts";

export type StepIssue = FormIssue;

type IssueSink = {
  addIssue: (issue: { message: string; path?: PropertyKey[]; params?: Record<string, unknown> }) => void;
};

function collect(
  run: (ctx: IssueSink) => void,
  mapPath: (path: string[]) => string[] = (p) => p,
): StepIssue[] {
  const issues: StepIssue[] = [];
  run({
    addIssue: (issue) =>
      issues.push({
        path: mapPath((issue.path ?? []).map(String)),
        key: issue.message,
        params: issue.params as MessageParams | undefined,
      }),
  });
  return issues;
}

export const durationSchema = durationTextSchema({ maxDays: MAX_DURATION_DAYS });

// ─── Step 2: governance ───

export type GovernanceValues = {
  isErc20: boolean;
  isErc721: boolean;
  isBinanceKycRestricted: boolean;
  tokenSource: "existing" | "create";
  tokenAddress: string;
  nftAddress: string;
  individualPower: string;
  nftsTotalSupply: string;
};

export function validateGovernance(values: GovernanceValues): StepIssue[] {
  return issuesOf(
    governanceSchema,
    {
      isErc20: values.isErc20,
      isErc721: values.isErc721,
      isBinanceKycRestricted: values.isBinanceKycRestricted,
      isCreatingToken: values.tokenSource === "create",
      userKeeperParams: {
        tokenAddress: values.tokenAddress,
        nftAddress: values.nftAddress,
        individualPower: values.individualPower,
        // Empty means an enumerable collection that counts itself.
        nftsTotalSupply: values.nftsTotalSupply.trim() === "" ? "0" : values.nftsTotalSupply,
      },
    },
    (path) => (path[0] === "userKeeperParams" ? path.slice(1) : path),
  );
}

// ─── Step 2.5: token creation ───

/** Core's token input: the initial distribution is what the treasury does not keep, in tokens. */
export function tokenCreationInput(token: TokenCreation) {
  return {
    ...token,
    initialDistribution: formatAmount(
      initialDistributionAmount(token.totalSupply, token.treasury),
      TOKEN_DECIMALS,
    ),
  };
}

export function validateTokenCreation(values: TokenCreation): StepIssue[] {
  return issuesOf(tokenCreationSchema, tokenCreationInput(values), (path) =>
    // Sums over the recipients are shown under the recipients list.
    path[0] === "initialDistribution" || (path[0] === "recipients" && path.length === 1)
      ? ["recipients", "root"]
      : path,
  );
}

// ─── Step 3: voting parameters ───

export type VotingValues = { votingModel: VotingModel; settings: ProposalSettingsForm };

/** Cross-step limits: what the governance token lets the voting parameters ask for. */
export type VotingContext = {
  /** The token created with the DAO, when it is. */
  token?: ReturnType<typeof tokenCreationInput>;
  /** Supply outside the treasury, for the minimum votes. */
  supply?: SupplyContext;
};

export function votingContextOf(draft: CreatePoolDraft): VotingContext {
  if (createsToken(draft)) {
    const token = tokenCreationInput(draft.tokenCreation);
    if (!tokenCreationSchema.safeParse(token).success) return {};
    const supply = draft.tokenCreation.totalSupply;
    // Everything not handed to the recipients stays in the treasury.
    const treasury = formatAmount(
      toTokenAmount(supply) - toTokenAmount(token.initialDistribution),
      TOKEN_DECIMALS,
    );
    return { token, supply: { totalSupply: supply, treasuryBalance: treasury } };
  }
  if (draft.isErc20 && draft.importedToken && !draft.isErc721) {
    const { totalSupply, decimals } = draft.importedToken;
    // The protocol counts votes with 18 decimals whatever the token's own decimals; a pool that
    // does not exist yet holds none of the token.
    const units =
      decimals <= TOKEN_DECIMALS
        ? BigInt(totalSupply) * 10n ** BigInt(TOKEN_DECIMALS - decimals)
        : BigInt(totalSupply) / 10n ** BigInt(decimals - TOKEN_DECIMALS);
    return { supply: { totalSupply: formatAmount(units, TOKEN_DECIMALS), treasuryBalance: "0" } };
  }
  return {};
}

const DEFAULT_MODEL = createDefaultDraft().votingModel;

export function validateVoting(
  { votingModel, settings }: VotingValues,
  context: VotingContext = {},
): StepIssue[] {
  const durationIssues = [
    ...issuesOf(durationSchema, settings.duration, () => ["settings", "duration"]),
    ...issuesOf(delaySchema, settings.executionDelay, () => ["settings", "executionDelay"]),
  ];
  const isPolynomial = votingModel.votePowerType === "polynomial";
  // Hidden coefficients keep their defaults so a stale edit cannot block another model.
  const coefficients = isPolynomial ? votingModel : DEFAULT_MODEL;
  const defaultSettings = {
    earlyCompletion: settings.earlyCompletion,
    delegatedVotingAllowed: settings.delegatedVotingAllowed,
    // The validators stage is checked with the validators (step 4).
    validatorsVote: false,
    duration: parseDuration(settings.duration) || 1,
    durationValidators: 0,
    quorum: settings.quorum,
    quorumValidators: "0",
    minVotesForVoting: settings.minVotesForVoting,
    minVotesForCreating: settings.minVotesForCreating,
    executionDelay: parseDuration(settings.executionDelay) ?? 0,
    executorDescription: "",
    rewardsInfo: {
      ...settings.rewardsInfo,
      rewardToken: settings.rewardsInfo.rewardToken.trim() || ZERO_ADDRESS,
    },
  };
  const modelIssues = issuesOf(
    votingParametersSchema,
    {
      votePowerType: VOTE_POWER_TYPES[votingModel.votePowerType],
      polinomialHoldersCoefficient: coefficients.polinomialHoldersCoefficient,
      polinomialExpertsCoefficient: coefficients.polinomialExpertsCoefficient,
      polinomialExpertsDelegationCoefficient: coefficients.polinomialExpertsDelegationCoefficient,
      customPowerContractAddress: votingModel.customPowerContractAddress,
      isCustomPowerContractAgreement: votingModel.isCustomPowerContractAgreement,
      minVotesForReadProposalDiscussion: votingModel.minVotesForReadProposalDiscussion,
      minVotesForCreatingComment: votingModel.minVotesForCreatingComment,
      defaultSettings,
    },
    (path) => (path[0] === "defaultSettings" ? ["settings", ...path.slice(1)] : ["votingModel", ...path]),
  )
    .filter((issue) => !(issue.path[1] === "duration" || issue.path[1] === "executionDelay"))
    .map((issue) =>
      // Spec §8: a custom reward token gets the invalid contract address message.
      issue.path.at(-1) === "rewardToken" && issue.key === "validation.invalidAddress"
        ? { ...issue, key: "errors.invalidRewardToken" }
        : issue,
    );
  const crossIssues = collect((ctx) => {
    // The token passed core's schema (votingContextOf), so its addresses are valid.
    if (
      context.token &&
      !isQuorumReachable({ quorum: settings.quorum }, context.token as CoreTokenCreation)
    ) {
      ctx.addIssue({ message: "validation.quorumAboveInitialDistribution", path: ["settings", "quorum"] });
    }
    if (context.supply) {
      checkMinimumVotesAgainstSupply(settings, context.supply, ctx, ["settings"]);
    }
  });
  return [...durationIssues, ...modelIssues, ...crossIssues];
}

// ─── Step 4: validators ───

export type ValidatorsValues = ValidatorsParams & { isValidator: boolean; validatorsVote: boolean };

export function validateValidators(values: ValidatorsValues): StepIssue[] {
  if (!values.isValidator) return [];
  const durationIssues = [
    ...issuesOf(durationSchema, values.duration, () => ["duration"]),
    ...issuesOf(delaySchema, values.executionDelay, () => ["executionDelay"]),
  ];
  const issues = issuesOf(
    validatorsSchema,
    {
      isValidator: true,
      name: values.name,
      symbol: values.symbol,
      validators: values.validators,
      settings: {
        quorum: values.quorum,
        duration: parseDuration(values.duration) || 1,
        executionDelay: parseDuration(values.executionDelay) ?? 0,
      },
    },
    (path) =>
      path[0] === "settings"
        ? path.slice(1)
        : path[0] === "validators" && path.length === 1
          ? ["validators", "root"]
          : path,
  ).filter((issue) => issue.path[0] !== "duration" && issue.path[0] !== "executionDelay");
  return [...durationIssues, ...issues];
}

// ─── The whole draft (summary) ───

export function governanceValuesOf(draft: CreatePoolDraft): GovernanceValues {
  return {
    isErc20: draft.isErc20,
    isErc721: draft.isErc721,
    isBinanceKycRestricted: draft.isBinanceKycRestricted,
    tokenSource: draft.tokenSource,
    ...draft.userKeeperParams,
  };
}

export function validatorsValuesOf(draft: CreatePoolDraft): ValidatorsValues {
  return {
    ...draft.validatorsParams,
    isValidator: draft.isValidator,
    validatorsVote: draft.defaultProposalSettings.validatorsVote,
  };
}

export type { MessageKey };
