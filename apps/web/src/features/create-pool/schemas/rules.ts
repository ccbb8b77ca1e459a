/**
 * The wizard's rule helpers over `@polity/core`'s validation building blocks: exact bigint
 * conversions that never throw (an invalid input reads as 0, its schema reports it) and the
 * duration limits of the protocol.
 */
import { percentToFixed } from "@polity/core/bigAmount";
import { DECIMALS } from "@polity/core/constants";
import { parseDuration, SECONDS_PER_DAY } from "@polity/core/duration";
import { isNumericInput } from "@polity/core/validation/amountText";
import { addIssue, amountUnits } from "@polity/core/validation/rules";
import { isAddress } from "viem";
import { z } from "zod";

export { PERCENTAGE_100, UINT64_MAX } from "@polity/core/constants";
export const TOKEN_DECIMALS = DECIMALS.token;
/** Percentages carry 25 decimals on chain: 100% = 10^27. */
export const PERCENTAGE_DECIMALS = DECIMALS.percentage;

/** The protocol stores durations and delays as 32-bit seconds. */
export const MAX_DURATION_SECONDS = 2 ** 32 - 1;
/** Durations must stay below this many days (2^32 s is 49710.27 days). */
export const MAX_DURATION_DAYS = Math.floor(MAX_DURATION_SECONDS / SECONDS_PER_DAY);

function hasDecimals(value: string, decimals: number): boolean {
  return isNumericInput(value) && (value.split(".")[1]?.length ?? 0) <= decimals;
}

/** Token amount (18 decimals) of a typed value; 0n when the value is not a valid amount. */
export function toTokenAmount(value: string): bigint {
  return hasDecimals(value.trim(), TOKEN_DECIMALS) ? amountUnits(value.trim(), TOKEN_DECIMALS) : 0n;
}

/** A percentage string ("12.5") as the protocol's 25-decimal fixed point; 0n when invalid. */
export function toPercentage(value: string): bigint {
  return hasDecimals(value.trim(), PERCENTAGE_DECIMALS) ? percentToFixed(value.trim()) : 0n;
}

/** Any 20-byte hex address, checksummed or not (a plain boolean: no type narrowing in schemas). */
export function isAddressLike(value: string): boolean {
  return isAddress(value.trim(), { strict: false });
}

/** A delay in the duration format that may be zero ("0s"), below the protocol's 32-bit limit. */
export const delaySchema = z
  .string()
  .trim()
  .min(1, "validation.required")
  .superRefine((value, ctx) => {
    const seconds = parseDuration(value);
    if (seconds === null) addIssue(ctx, "validation.invalidDuration");
    else if (seconds >= MAX_DURATION_DAYS * SECONDS_PER_DAY)
      addIssue(ctx, "validation.durationTooLong", [], { days: MAX_DURATION_DAYS });
  });
