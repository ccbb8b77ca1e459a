/**
 * Building blocks of the form rules (spec section 5) as zod 4 schemas. Every message is an i18n
 * key of `@polity/core/i18n/en`; parameters travel in the issue (`minimum`/`maximum` for lengths,
 * `params` for custom rules) and `issueMessage` turns an issue into `{ key, params }`.
 */
import { isAddress } from "viem";
import { z } from "zod";
import { parseAmount } from "../bigAmount.ts";
import { MIN_PERCENTAGE_TEXT } from "../constants.ts";
import { parseDuration, SECONDS_PER_DAY } from "../duration.ts";
import type { MessageKey, MessageParams } from "../i18n/en.ts";
import { type AmountRules, amountTextIssue, isNumericInput } from "./amountText.ts";

/** Missing values read "Please fill out this field", values of the wrong type "Please enter a valid value". */
export const requiredError = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalid",
};

/** Adds a custom issue carrying an i18n key and its parameters. */
export function addIssue(
  ctx: {
    addIssue: (issue: {
      code: "custom";
      message: string;
      path?: PropertyKey[];
      params?: Record<string, unknown>;
      input?: unknown;
    }) => void;
  },
  key: MessageKey,
  path: PropertyKey[] = [],
  params?: MessageParams,
): void {
  ctx.addIssue({ code: "custom", message: key, path, ...(params && { params: { ...params } }) });
}

/**
 * A trimmed, required text with optional length limits; exactly one issue per value:
 * 'Please fill out this field', then {{minLength}}, then {{maxLength}}.
 */
export function textSchema(limits: { min?: number; max?: number } = {}) {
  return z
    .string(requiredError)
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) return addIssue(ctx, "validation.required");
      if (limits.min !== undefined && value.length < limits.min) {
        return addIssue(ctx, "validation.minLength", [], { minLength: limits.min });
      }
      if (limits.max !== undefined && value.length > limits.max) {
        addIssue(ctx, "validation.maxLength", [], { maxLength: limits.max });
      }
    });
}

/** Optional free text ("" allowed) with a maximum length. */
export function optionalTextSchema(max: number) {
  return z.string(requiredError).trim().max(max, "validation.maxLength");
}

// URL: http(s) scheme, a domain of dot-separated labels ending in an alphabetic TLD, optional port,
// path, query and fragment, no whitespace.
const URL_PATTERN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** URL rule: starts with http or https and has a valid domain. */
export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

export const urlSchema = /* @__PURE__ */ z
  .string(requiredError)
  .trim()
  .min(1, "validation.required")
  .refine((v) => v === "" || isValidUrl(v), "validation.invalidUrl");

/** An optional URL: "" or a valid URL. */
export const optionalUrlSchema = /* @__PURE__ */ z
  .string(requiredError)
  .trim()
  .refine((v) => v === "" || isValidUrl(v), "validation.invalidUrl");

/** A decimal amount typed by the user, kept as its exact string. */
export function amountSchema(rules: AmountRules = {}) {
  return z
    .string(requiredError)
    .trim()
    .min(1, "validation.required")
    .superRefine((value, ctx) => {
      if (value === "") return;
      const issue = amountTextIssue(value, rules);
      if (issue) addIssue(ctx, issue.key, [], issue.params);
    });
}

/** Exact base units of a validated amount string (18 decimals unless told). */
export function amountUnits(value: string, decimals = 18): bigint {
  return parseAmount(value === "" ? "0" : value, decimals);
}

/** An amount greater than `value` ({{value}}). */
export function greaterThanSchema(value: string, rules: AmountRules = {}) {
  return amountSchema(rules).superRefine((v, ctx) => {
    if (isNumericInput(v) && amountUnits(v, 25) <= amountUnits(value, 25)) {
      addIssue(ctx, "validation.greaterThan", [], { value });
    }
  });
}

/** An amount of at least `value` ({{value}}). */
export function atLeastSchema(value: string, rules: AmountRules = {}) {
  return amountSchema(rules).superRefine((v, ctx) => {
    if (isNumericInput(v) && amountUnits(v, 25) < amountUnits(value, 25)) {
      addIssue(ctx, "validation.atLeast", [], { value });
    }
  });
}

export type PercentRules = {
  /** Allow 0 (e.g. a treasury share); otherwise the smallest percentage is 1e-7. */
  allowZero?: boolean;
  /** Refuse exactly 100 (e.g. percent locked must stay below 100). */
  below100?: boolean;
};

/** A percentage 1e-7..100 with up to 25 decimals (the protocol's precision). */
export function percentSchema(rules: PercentRules = {}) {
  return amountSchema({ decimals: 25 }).superRefine((value, ctx) => {
    if (!isNumericInput(value) || (value.split(".")[1] ?? "").length > 25) return;
    const units = amountUnits(value, 25);
    if (units > amountUnits("100", 25)) return addIssue(ctx, "validation.percentAbove100");
    if (rules.below100 && units === amountUnits("100", 25))
      return addIssue(ctx, "validation.percentAbove100");
    if (units === 0n && rules.allowZero) return;
    if (units < amountUnits(MIN_PERCENTAGE_TEXT, 25)) {
      addIssue(ctx, "validation.percentTooSmall", [], { min: MIN_PERCENTAGE_TEXT });
    }
  });
}

/** An EVM address (checksum optional). */
export const addressSchema = /* @__PURE__ */ z
  .string(requiredError)
  .trim()
  .min(1, "validation.required")
  .refine((v) => v === "" || isAddress(v, { strict: false }), "validation.invalidAddress");

/** A duration typed as '1Y 6Mon 2w 1d', turned into seconds; optionally less than {{days}} days. */
export function durationTextSchema(limits: { maxDays?: number } = {}) {
  return z
    .string(requiredError)
    .trim()
    .min(1, "validation.required")
    .transform((text, ctx) => {
      if (text === "") return z.NEVER;
      const seconds = parseDuration(text);
      if (seconds === null || seconds <= 0) {
        addIssue(ctx, "validation.invalidDuration");
        return z.NEVER;
      }
      if (limits.maxDays !== undefined && seconds >= limits.maxDays * SECONDS_PER_DAY) {
        addIssue(ctx, "validation.durationTooLong", [], { days: limits.maxDays });
        return z.NEVER;
      }
      return seconds;
    });
}

/** A duration already in seconds (positive whole number; optionally less than {{days}} days). */
export function durationSecondsSchema(limits: { maxDays?: number; allowZero?: boolean } = {}) {
  return z
    .number(requiredError)
    .int("validation.invalidDuration")
    .min(limits.allowZero ? 0 : 1, "validation.invalidDuration")
    .superRefine((seconds, ctx) => {
      if (limits.maxDays !== undefined && seconds >= limits.maxDays * SECONDS_PER_DAY) {
        addIssue(ctx, "validation.durationTooLong", [], { days: limits.maxDays });
      }
    });
}

/** A valid date: a Date or epoch milliseconds that is not NaN. */
export const dateSchema = /* @__PURE__ */ z
  .union([z.number(), z.date()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalidDate",
  })
  .superRefine((value, ctx) => {
    const ms = typeof value === "number" ? value : value.getTime();
    if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) addIssue(ctx, "validation.invalidDate");
  });

export function toMillis(value: number | Date): number {
  return typeof value === "number" ? value : value.getTime();
}

/** Reports every repeated value of a list (case-insensitive for addresses) at its index. */
export function reportDuplicates<T>(
  items: readonly T[],
  select: (item: T) => string,
  ctx: Parameters<typeof addIssue>[0],
  options: { key?: MessageKey; path?: (index: number) => PropertyKey[] } = {},
): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const value = select(item).trim().toLowerCase();
    if (value === "") return;
    if (seen.has(value)) {
      addIssue(ctx, options.key ?? "validation.duplicateValue", options.path ? options.path(index) : [index]);
    }
    seen.add(value);
  });
}

/** A list of at most {{tokenLimit}} tokens. */
export function tokenLimitSchema<T extends z.ZodType>(item: T, tokenLimit: number) {
  return z.array(item, requiredError).max(tokenLimit, "validation.tokenLimit");
}
