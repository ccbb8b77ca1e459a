import { VALIDATOR_TOKEN_SUFFIX } from "@polity/core/constants";
import { z } from "zod";
import {
  duplicateIndexes,
  isAddressLike,
  isDecimal,
  msg,
  percentText,
  TOKEN_DECIMALS,
  toTokenAmount,
} from "./rules.ts";
import { delayText, durationText } from "./votingSchema.ts";

export const VALIDATOR_NAME_MAX_LENGTH = 30;
export const VALIDATOR_SYMBOL_MAX_LENGTH = 10;

/** Validator token name and symbol carry the suffix -VT (spec §5), added once. */
export function withValidatorSuffix(value: string): string {
  const text = value.trim();
  return text.toUpperCase().endsWith(VALIDATOR_TOKEN_SUFFIX) ? text : `${text}${VALIDATOR_TOKEN_SUFFIX}`;
}

const baseText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, msg.required)
    .refine(
      (value) => withValidatorSuffix(value).length <= max,
      msg.maxLength(max - VALIDATOR_TOKEN_SUFFIX.length),
    );

export const validatorsSchema = z.discriminatedUnion("isValidator", [
  z.object({ isValidator: z.literal(false) }).loose(),
  z.object({
    isValidator: z.literal(true),
    validatorsVote: z.boolean(),
    name: baseText(VALIDATOR_NAME_MAX_LENGTH),
    symbol: baseText(VALIDATOR_SYMBOL_MAX_LENGTH),
    validators: z
      .array(
        z.object({
          address: z
            .string()
            .trim()
            .min(1, msg.required)
            .refine((value) => isAddressLike(value), msg.address),
          balance: z
            .string()
            .trim()
            .min(1, msg.required)
            .refine(
              (value) => isDecimal(value) && (value.split(".")[1]?.length ?? 0) <= TOKEN_DECIMALS,
              msg.number,
            )
            .refine((value) => toTokenAmount(value) > 0n, msg.greaterThanZero),
        }),
      )
      .min(1, "validation.validatorsRequired")
      .superRefine((validators, ctx) => {
        for (const index of duplicateIndexes(validators.map((v) => v.address))) {
          ctx.addIssue({ code: "custom", path: [index, "address"], message: msg.duplicate });
        }
      }),
    quorum: percentText,
    duration: durationText,
    executionDelay: delayText,
  }),
]);

export type ValidatorsValues = {
  isValidator: boolean;
  validatorsVote: boolean;
  name: string;
  symbol: string;
  validators: { address: string; balance: string }[];
  quorum: string;
  duration: string;
  executionDelay: string;
};
