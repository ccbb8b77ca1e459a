import { parseDuration, SECONDS_PER_DAY } from "@polity/core/duration";
import { z } from "zod";
import { encodeMessage } from "../components/errorMessage.ts";
import { VOTE_POWER_TYPES, type VotePowerTypeName } from "../draft/createPoolDraft.ts";
import {
  isAddressLike,
  isDecimal,
  msg,
  percentText,
  TOKEN_DECIMALS,
  toPercentage,
  toTokenAmount,
} from "./rules.ts";

/** The protocol stores durations and delays as 32-bit seconds. */
export const MAX_DURATION_SECONDS = 2 ** 32 - 1;
export const MAX_DURATION_DAYS = Math.floor(MAX_DURATION_SECONDS / SECONDS_PER_DAY);

const amount = z
  .string()
  .trim()
  .min(1, msg.required)
  .refine((value) => isDecimal(value) && (value.split(".")[1]?.length ?? 0) <= TOKEN_DECIMALS, msg.number);

const coefficient = amount.refine((value) => toTokenAmount(value) > 0n, msg.greaterThanZero);

function duration({ allowZero }: { allowZero: boolean }) {
  return z
    .string()
    .trim()
    .min(1, msg.required)
    .superRefine((value, ctx) => {
      const seconds = parseDuration(value);
      if (seconds === null) ctx.addIssue({ code: "custom", message: msg.duration });
      else if (!allowZero && seconds === 0) ctx.addIssue({ code: "custom", message: msg.greaterThanZero });
      else if (seconds > MAX_DURATION_SECONDS)
        ctx.addIssue({
          code: "custom",
          message: encodeMessage("validation.durationTooLong", { days: MAX_DURATION_DAYS }),
        });
    });
}

export const durationText = duration({ allowZero: false });
export const delayText = duration({ allowZero: true });

/** What the voting parameters are checked against, known from the governance steps. */
export type VotingContext = {
  /** Initial distribution in 25-decimal percent when the DAO creates its token. */
  initialDistribution?: bigint;
  /** Token amount (18 decimals) that can vote at all: supply outside the treasury. */
  votableSupply?: bigint;
};

export function votingSchema(context: VotingContext = {}) {
  return z
    .object({
      votingModel: z.object({
        votePowerType: z.enum(Object.keys(VOTE_POWER_TYPES) as [VotePowerTypeName, ...VotePowerTypeName[]]),
        polinomialHoldersCoefficient: z.string(),
        polinomialExpertsCoefficient: z.string(),
        polinomialExpertsDelegationCoefficient: z.string(),
        customPowerContractAddress: z.string().trim(),
        isCustomPowerContractAgreement: z.boolean(),
        minVotesForReadProposalDiscussion: amount,
        minVotesForCreatingComment: amount,
      }),
      settings: z.object({
        earlyCompletion: z.boolean(),
        delegatedVotingAllowed: z.boolean(),
        validatorsVote: z.boolean(),
        duration: durationText,
        quorum: percentText,
        minVotesForVoting: amount,
        minVotesForCreating: amount,
        executionDelay: delayText,
        executorDescription: z.string(),
        rewardsInfo: z.object({
          rewardToken: z
            .string()
            .trim()
            .refine((value) => value === "" || isAddressLike(value), "errors.invalidRewardToken"),
          creationReward: amount,
          executionReward: amount,
          voteRewardsCoefficient: amount,
        }),
      }),
    })
    .superRefine(({ votingModel, settings }, ctx) => {
      if (votingModel.votePowerType === "polynomial") {
        for (const key of [
          "polinomialHoldersCoefficient",
          "polinomialExpertsCoefficient",
          "polinomialExpertsDelegationCoefficient",
        ] as const) {
          const result = coefficient.safeParse(votingModel[key]);
          if (!result.success)
            ctx.addIssue({
              code: "custom",
              path: ["votingModel", key],
              message: result.error.issues[0]?.message,
            });
        }
      }
      if (votingModel.votePowerType === "custom") {
        const address = votingModel.customPowerContractAddress;
        if (!address)
          ctx.addIssue({
            code: "custom",
            path: ["votingModel", "customPowerContractAddress"],
            message: msg.required,
          });
        else if (!isAddressLike(address))
          ctx.addIssue({
            code: "custom",
            path: ["votingModel", "customPowerContractAddress"],
            message: msg.address,
          });
        if (!votingModel.isCustomPowerContractAgreement)
          ctx.addIssue({
            code: "custom",
            path: ["votingModel", "isCustomPowerContractAgreement"],
            message: "validation.customPowerAgreement",
          });
      }
      if (
        toTokenAmount(votingModel.minVotesForReadProposalDiscussion) >
        toTokenAmount(votingModel.minVotesForCreatingComment)
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["votingModel", "minVotesForReadProposalDiscussion"],
          message: "validation.discussionAboveComment",
        });
      }
      if (
        context.initialDistribution !== undefined &&
        toPercentage(settings.quorum) > context.initialDistribution
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["settings", "quorum"],
          message: "validation.quorumAboveInitialDistribution",
        });
      }
      if (context.votableSupply !== undefined) {
        for (const key of ["minVotesForVoting", "minVotesForCreating"] as const) {
          if (toTokenAmount(settings[key]) > context.votableSupply)
            ctx.addIssue({
              code: "custom",
              path: ["settings", key],
              message: "validation.minVotingPowerAboveSupply",
            });
        }
      }
    });
}

export type VotingValues = z.infer<ReturnType<typeof votingSchema>>;
