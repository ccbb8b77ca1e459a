import { parseAmount, percentToFixed } from "@polity/core/bigAmount";
import { DECIMALS, MIN_PERCENTAGE_TEXT, PERCENTAGE_100 } from "@polity/core/constants";
import { isAddress } from "viem";
import { z } from "zod";
import { encodeMessage } from "../components/errorMessage.ts";

export { PERCENTAGE_100, UINT64_MAX } from "@polity/core/constants";
export const TOKEN_DECIMALS = DECIMALS.token;
/** Percentages carry 25 decimals on chain: 100% = 10^27. */
export const PERCENTAGE_DECIMALS = DECIMALS.percentage;

/** Message keys of `@polity/core`'s catalogue (spec §5 wording), some with interpolation values. */
export const msg = {
  required: "validation.required",
  minLength: (minLength: number) => encodeMessage("validation.minLength", { minLength }),
  maxLength: (maxLength: number) => encodeMessage("validation.maxLength", { maxLength }),
  url: "validation.invalidUrl",
  number: "validation.invalidNumber",
  address: "validation.invalidAddress",
  duplicate: "validation.duplicateAddress",
  greaterThanZero: "validation.greaterThanZero",
  duration: "validation.invalidDuration",
  percent: "validation.percentAbove100",
  smallestPercent: encodeMessage("validation.percentTooSmall", { min: `${MIN_PERCENTAGE_TEXT}%` }),
} as const;

/** Non-negative decimal, no leading zero followed by digits (spec §5 numeric input). */
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** Token amount (18 decimals) of a validated decimal string; 0n for anything else. */
export function toTokenAmount(value: string): bigint {
  if (!isDecimal(value)) return 0n;
  const [, fraction = ""] = value.split(".");
  if (fraction.length > TOKEN_DECIMALS) return 0n;
  return parseAmount(value, TOKEN_DECIMALS);
}

/** A percentage string ("12.5") as the protocol's 25-decimal fixed point (12.5% = 12.5·10^25). */
export function toPercentage(value: string): bigint {
  if (!isDecimal(value)) return 0n;
  const [, fraction = ""] = value.split(".");
  if (fraction.length > PERCENTAGE_DECIMALS) return 0n;
  return percentToFixed(value);
}

export const requiredText = z.string().trim().min(1, msg.required);

export const urlText = z
  .string()
  .trim()
  .min(1, msg.required)
  .refine((value) => isHttpUrl(value), msg.url);

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    // A valid domain: labels of letters, digits and hyphens with a top-level part, or localhost / an IP.
    return (
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(url.hostname) ||
      url.hostname === "localhost" ||
      /^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/** Any 20-byte hex address, checksummed or not (a plain boolean: no type narrowing in schemas). */
export function isAddressLike(value: string): boolean {
  return isAddress(value.trim(), { strict: false });
}

export const addressText = z
  .string()
  .trim()
  .min(1, msg.required)
  .refine((value) => isAddressLike(value), msg.address);

/** A required token amount: a non-negative decimal with at most 18 fraction digits. */
export const amountText = z
  .string()
  .trim()
  .min(1, msg.required)
  .refine((value) => isDecimal(value) && (value.split(".")[1]?.length ?? 0) <= TOKEN_DECIMALS, msg.number);

export const positiveAmountText = amountText.refine(
  (value) => toTokenAmount(value) > 0n,
  msg.greaterThanZero,
);

/** A percentage in (0, 100], at least the smallest percentage 1e-7 (spec §5). */
export const percentText = z
  .string()
  .trim()
  .min(1, msg.required)
  .refine((value) => isDecimal(value) && toPercentage(value) <= PERCENTAGE_100, msg.percent)
  .refine((value) => toPercentage(value) >= percentToFixed(MIN_PERCENTAGE_TEXT), msg.smallestPercent);

/** Index of every entry equal (case-insensitively) to an earlier one. */
export function duplicateIndexes(values: string[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  values.forEach((value, index) => {
    const key = value.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}
