/**
 * Proposal settings (also the governance pool settings, spec section 3) and their rules.
 * Durations are in seconds, percentages are decimal strings (25-decimal precision), amounts are
 * decimal strings of whole tokens (18 decimals).
 */
import { z } from "zod";
import { ZERO_ADDRESS } from "../constants.ts";
import {
  addIssue,
  addressSchema,
  amountSchema,
  amountUnits,
  durationSecondsSchema,
  optionalTextSchema,
  percentSchema,
  requiredError,
} from "./rules.ts";

export const rewardsInfoSchema = /* @__PURE__ */ z.object({
  rewardToken: addressSchema,
  creationReward: amountSchema(),
  executionReward: amountSchema(),
  voteRewardsCoefficient: amountSchema(),
});
export type RewardsInfo = z.infer<typeof rewardsInfoSchema>;

export const proposalSettingsSchema = /* @__PURE__ */ z
  .object({
    earlyCompletion: z.boolean(requiredError),
    delegatedVotingAllowed: z.boolean(requiredError),
    validatorsVote: z.boolean(requiredError),
    duration: durationSecondsSchema(),
    durationValidators: durationSecondsSchema({ allowZero: true }),
    quorum: percentSchema(),
    quorumValidators: percentSchema({ allowZero: true }),
    minVotesForVoting: amountSchema(),
    minVotesForCreating: amountSchema(),
    executionDelay: durationSecondsSchema({ allowZero: true }),
    executorDescription: optionalTextSchema(2048),
    rewardsInfo: rewardsInfoSchema,
  })
  .superRefine((settings, ctx) => {
    // With a validators stage, its duration and quorum must be set.
    if (!settings.validatorsVote) return;
    if (settings.durationValidators <= 0) addIssue(ctx, "validation.invalidDuration", ["durationValidators"]);
    if (/^0(\.0*)?$/.test(settings.quorumValidators)) {
      addIssue(ctx, "validation.percentTooSmall", ["quorumValidators"], { min: "0.0000001" });
    }
  });
export type ProposalSettings = z.infer<typeof proposalSettingsSchema>;

export type SettingsSlot = "default" | "internal" | "validators" | "distribution" | "tokenSale";

const ZERO_REWARDS: RewardsInfo = Object.freeze({
  rewardToken: ZERO_ADDRESS,
  creationReward: "0",
  executionReward: "0",
  voteRewardsCoefficient: "0",
});

/**
 * Settings read from the chain or a document: missing values read as "0" (durations 0), the
 * reward token defaults to the zero address; flags default per slot — the default setting has
 * earlyCompletion, delegatedVotingAllowed and validatorsVote true, the validators setting has
 * earlyCompletion and delegatedVotingAllowed false.
 */
export function normalizeProposalSettings(
  partial: Partial<Omit<ProposalSettings, "rewardsInfo">> & { rewardsInfo?: Partial<RewardsInfo> },
  slot: SettingsSlot = "default",
): ProposalSettings {
  const flagDefault = slot === "default";
  const validatorsFlags = slot === "validators" ? false : flagDefault;
  return {
    earlyCompletion: partial.earlyCompletion ?? validatorsFlags,
    delegatedVotingAllowed: partial.delegatedVotingAllowed ?? validatorsFlags,
    validatorsVote: partial.validatorsVote ?? flagDefault,
    duration: partial.duration ?? 0,
    durationValidators: partial.durationValidators ?? 0,
    quorum: partial.quorum || "0",
    quorumValidators: partial.quorumValidators || "0",
    minVotesForVoting: partial.minVotesForVoting || "0",
    minVotesForCreating: partial.minVotesForCreating || "0",
    executionDelay: partial.executionDelay ?? 0,
    executorDescription: partial.executorDescription ?? "",
    rewardsInfo: {
      rewardToken: partial.rewardsInfo?.rewardToken || ZERO_REWARDS.rewardToken,
      creationReward: partial.rewardsInfo?.creationReward || "0",
      executionReward: partial.rewardsInfo?.executionReward || "0",
      voteRewardsCoefficient: partial.rewardsInfo?.voteRewardsCoefficient || "0",
    },
  };
}

export type SupplyContext = {
  /** Total supply of the governance token, whole tokens. */
  totalSupply: string;
  /** Treasury (pool) balance of the governance token, whole tokens. */
  treasuryBalance: string;
};

/**
 * 'minimum voting powers cannot exceed total supply minus treasury base token balance': reports
 * the voting/creating minimums that nobody outside the treasury could reach.
 */
export function checkMinimumVotesAgainstSupply(
  settings: Pick<ProposalSettings, "minVotesForVoting" | "minVotesForCreating">,
  supply: SupplyContext,
  ctx: Parameters<typeof addIssue>[0],
  basePath: PropertyKey[] = [],
): void {
  const available = amountUnits(supply.totalSupply) - amountUnits(supply.treasuryBalance);
  for (const field of ["minVotesForVoting", "minVotesForCreating"] as const) {
    const value = settings[field];
    if (/^(0|[1-9]\d*)(\.\d{1,18})?$/.test(value) && amountUnits(value) > available) {
      addIssue(ctx, "validation.minVotingPowerAboveSupply", [...basePath, field]);
    }
  }
}

/** Proposal settings checked against the DAO's token supply. */
export function proposalSettingsWithSupplySchema(supply: SupplyContext) {
  return proposalSettingsSchema.superRefine((settings, ctx) =>
    checkMinimumVotesAgainstSupply(settings, supply, ctx),
  );
}
