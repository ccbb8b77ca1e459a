/**
 * The rules of a typed amount as plain code (no zod): terminals check amounts with them without downloading
 * the schema library, and `amountSchema` (rules.ts) applies the same rules inside a form schema.
 */
import type { MessageKey, MessageParams } from "../i18n/en.ts";

const NUMERIC_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;
const NUMERIC_KEYSTROKE = /^(0|[1-9]\d*)?(\.\d*)?$/;

/** Numeric input rule: a non-negative decimal without a leading zero followed by digits ("01" is refused). */
export function isNumericInput(value: string): boolean {
  return NUMERIC_INPUT.test(value);
}

/** Whether a partially typed value may stay in a numeric input ("", "0.", ".5" are fine, "01" is not). */
export function isNumericKeystroke(value: string): boolean {
  return NUMERIC_KEYSTROKE.test(value);
}

export type AmountRules = {
  /** Most fractional digits (token decimals); default 18. */
  decimals?: number;
  /** Must be greater than zero. */
  positive?: boolean;
};

/**
 * The rule a typed, trimmed, non-empty amount breaks first (a number, at most `decimals` fractional digits,
 * above zero when `positive`), or null. Plain code, so a terminal checks amounts without loading zod.
 */
export function amountTextIssue(
  value: string,
  rules: AmountRules = {},
): { key: MessageKey; params?: MessageParams } | null {
  const decimals = rules.decimals ?? 18;
  if (!isNumericInput(value)) return { key: "validation.invalidNumber" };
  const fraction = value.split(".")[1] ?? "";
  if (fraction.length > decimals) return { key: "validation.tooManyDecimals", params: { decimals } };
  if (rules.positive && /^0(\.0*)?$/.test(value)) return { key: "validation.greaterThanZero" };
  return null;
}
