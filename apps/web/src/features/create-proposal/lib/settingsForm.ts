import { formatDuration, parseDuration } from "@polity/core/duration";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { nothingChangedError } from "@polity/core/validation/formChanges";
import { type ProposalSettings, proposalSettingsSchema } from "@polity/core/validation/proposalSettings";
import { type Address, formatUnits, parseUnits } from "viem";
import { type FieldErrors, validate } from "./validate.ts";

/** What the settings form edits: durations as '1Y 6Mon 2w 1d' text, percentages and amounts as decimals. */
export interface SettingsFormValues {
  earlyCompletion: boolean;
  delegatedVotingAllowed: boolean;
  validatorsVote: boolean;
  duration: string;
  durationValidators: string;
  executionDelay: string;
  quorum: string;
  quorumValidators: string;
  minVotesForVoting: string;
  minVotesForCreating: string;
  rewardToken: string;
  creationReward: string;
  executionReward: string;
  voteRewardsCoefficient: string;
  executorDescription: string;
}

/** Percentages are 25-decimal fixed point on chain (100% = 10^27); amounts have 18 decimals. */
const PERCENT_DECIMALS = 25;
const AMOUNT_DECIMALS = 18;

export function settingsToForm(s: OnchainProposalSettings): SettingsFormValues {
  return {
    earlyCompletion: s.earlyCompletion,
    delegatedVotingAllowed: s.delegatedVotingAllowed,
    validatorsVote: s.validatorsVote,
    duration: formatDuration(Number(s.duration)),
    durationValidators: formatDuration(Number(s.durationValidators)),
    executionDelay: formatDuration(Number(s.executionDelay)),
    quorum: formatUnits(s.quorum, PERCENT_DECIMALS),
    quorumValidators: formatUnits(s.quorumValidators, PERCENT_DECIMALS),
    minVotesForVoting: formatUnits(s.minVotesForVoting, AMOUNT_DECIMALS),
    minVotesForCreating: formatUnits(s.minVotesForCreating, AMOUNT_DECIMALS),
    rewardToken: s.rewardsInfo.rewardToken,
    creationReward: formatUnits(s.rewardsInfo.creationReward, AMOUNT_DECIMALS),
    executionReward: formatUnits(s.rewardsInfo.executionReward, AMOUNT_DECIMALS),
    voteRewardsCoefficient: formatUnits(s.rewardsInfo.voteRewardsCoefficient, AMOUNT_DECIMALS),
    executorDescription: s.executorDescription,
  };
}

/** Duration text → seconds; invalid text becomes NaN so core's duration rule reports it. */
function seconds(text: string): number {
  const value = parseDuration(text.trim());
  return value === null ? Number.NaN : value;
}

function toSchemaInput(v: SettingsFormValues) {
  return {
    earlyCompletion: v.earlyCompletion,
    delegatedVotingAllowed: v.delegatedVotingAllowed,
    validatorsVote: v.validatorsVote,
    duration: seconds(v.duration),
    durationValidators: seconds(v.durationValidators),
    executionDelay: seconds(v.executionDelay),
    quorum: v.quorum,
    quorumValidators: v.quorumValidators,
    minVotesForVoting: v.minVotesForVoting,
    minVotesForCreating: v.minVotesForCreating,
    executorDescription: v.executorDescription,
    rewardsInfo: {
      rewardToken: v.rewardToken,
      creationReward: v.creationReward,
      executionReward: v.executionReward,
      voteRewardsCoefficient: v.voteRewardsCoefficient,
    },
  };
}

export function settingsToOnchain(s: ProposalSettings): OnchainProposalSettings {
  return {
    earlyCompletion: s.earlyCompletion,
    delegatedVotingAllowed: s.delegatedVotingAllowed,
    validatorsVote: s.validatorsVote,
    duration: BigInt(s.duration),
    durationValidators: BigInt(s.durationValidators),
    executionDelay: BigInt(s.executionDelay),
    quorum: parseUnits(s.quorum, PERCENT_DECIMALS),
    quorumValidators: parseUnits(s.quorumValidators, PERCENT_DECIMALS),
    minVotesForVoting: parseUnits(s.minVotesForVoting, AMOUNT_DECIMALS),
    minVotesForCreating: parseUnits(s.minVotesForCreating, AMOUNT_DECIMALS),
    rewardsInfo: {
      rewardToken: s.rewardsInfo.rewardToken as Address,
      creationReward: parseUnits(s.rewardsInfo.creationReward, AMOUNT_DECIMALS),
      executionReward: parseUnits(s.rewardsInfo.executionReward, AMOUNT_DECIMALS),
      voteRewardsCoefficient: parseUnits(s.rewardsInfo.voteRewardsCoefficient, AMOUNT_DECIMALS),
    },
    executorDescription: s.executorDescription,
  };
}

/** Field paths of the schema mapped back to the form's flat field names. */
function flatten(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, error] of Object.entries(errors)) out[path.replace(/^rewardsInfo\./, "")] ??= error;
  return out;
}

/**
 * Validates edited settings with core's proposal-settings schema; an unchanged form (compared with
 * `initial`, when given) reports 'Nothing has been changed…' under `form`.
 */
export function validateSettings(
  values: SettingsFormValues,
  initial?: SettingsFormValues,
): { ok: true; settings: OnchainProposalSettings } | { ok: false; errors: FieldErrors } {
  if (initial) {
    const unchanged = nothingChangedError(initial, values);
    if (unchanged) return { ok: false, errors: { form: { key: unchanged } } };
  }
  const result = validate(proposalSettingsSchema, toSchemaInput(values));
  if (!result.ok) {
    const errors = flatten(result.errors);
    // Unreadable duration text reaches the schema as NaN; name the rule the user broke.
    for (const field of ["duration", "durationValidators", "executionDelay"] as const) {
      if (parseDuration(values[field].trim()) === null) errors[field] = { key: "validation.invalidDuration" };
    }
    return { ok: false, errors };
  }
  return { ok: true, settings: settingsToOnchain(result.data) };
}
