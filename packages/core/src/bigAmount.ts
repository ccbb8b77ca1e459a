/**
 * Exact bigint amount helpers: decimal strings ⇄ base units, division, and the protocol's
 * 25-decimal percentages (100% = 10^27). Following the spec, decimals must be above 0 and
 * division by zero is refused; both throw a PolityError with a catalogue key.
 */
import { PERCENTAGE_100 } from "./constants.ts";
import { PolityError } from "./errors/PolityError.ts";

export const BigNumberErrorCode = {
  InvalidDecimals: "BIG_NUMBER_INVALID_DECIMALS",
  Unconvertible: "BIG_NUMBER_UNCONVERTIBLE",
  FormatFailed: "BIG_NUMBER_FORMAT_FAILED",
  DivisionByZero: "BIG_NUMBER_DIVISION_BY_ZERO",
} as const;

function invalidDecimals(decimals: unknown): PolityError {
  return new PolityError("Invalid decimals", {
    code: BigNumberErrorCode.InvalidDecimals,
    messageKey: "errors.bigNumber.invalidDecimals",
    details: `decimals must be an integer above 0, got ${String(decimals)}`,
  });
}

export function assertDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals <= 0 || decimals > 255) throw invalidDecimals(decimals);
}

const DECIMAL_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;

/** Parses a decimal string ("1.5", "-0.25", ".5") into base units; more fractional digits than `decimals` is an error. */
export function parseAmount(value: string, decimals: number): bigint {
  assertDecimals(decimals);
  const match = DECIMAL_PATTERN.exec(value.trim());
  const [, sign, intDigits = "", fracDigits = ""] = match ?? [];
  if (!match || (intDigits === "" && fracDigits === "")) {
    throw new PolityError("Value cannot be converted", {
      code: BigNumberErrorCode.Unconvertible,
      messageKey: "errors.bigNumber.unconvertible",
      details: `"${value}" is not a decimal number`,
    });
  }
  const frac = fracDigits.replace(/0+$/, "");
  if (frac.length > decimals) {
    throw new PolityError("Value cannot be converted", {
      code: BigNumberErrorCode.Unconvertible,
      messageKey: "errors.bigNumber.unconvertible",
      details: `"${value}" has more than ${decimals} decimal places`,
    });
  }
  const units = BigInt((intDigits || "0") + frac.padEnd(decimals, "0"));
  return sign ? -units : units;
}

/** Formats base units as an exact decimal string without trailing zeros ("1.5", "-0.000001", "12"). */
export function formatAmount(value: bigint, decimals: number): string {
  assertDecimals(decimals);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const int = abs / base;
  const frac = (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** Converts numbers, numeric strings and bigints to bigint (integers only). */
export function toBigInt(value: unknown): bigint {
  try {
    if (typeof value === "bigint") return value;
    if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  } catch {
    // fall through to the error below
  }
  throw new PolityError("Value cannot be converted", {
    code: BigNumberErrorCode.Unconvertible,
    messageKey: "errors.bigNumber.unconvertible",
    details: `${typeof value} ${String(value)} is not an integer`,
  });
}

export function divide(dividend: bigint, divisor: bigint): bigint {
  if (divisor === 0n) {
    throw new PolityError("Division by zero", {
      code: BigNumberErrorCode.DivisionByZero,
      messageKey: "errors.bigNumber.divisionByZero",
    });
  }
  return dividend / divisor;
}

/** a·b/c rounded toward zero, with the full-precision product. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  return divide(a * b, c);
}

/** Re-expresses an amount from one token's decimals in another's (rounding toward zero). */
export function convertDecimals(value: bigint, fromDecimals: number, toDecimals: number): bigint {
  assertDecimals(fromDecimals);
  assertDecimals(toDecimals);
  if (toDecimals >= fromDecimals) return value * 10n ** BigInt(toDecimals - fromDecimals);
  return value / 10n ** BigInt(fromDecimals - toDecimals);
}

/** "50" (percent) → 5·10^26; "0.0000001" → 10^18. */
export function percentToFixed(percent: string): bigint {
  return parseAmount(percent, 25);
}

/** 5·10^26 → "50". */
export function fixedToPercent(value: bigint): string {
  return formatAmount(value, 25);
}

/** `amount` × percentage (25-decimal fixed point), rounded toward zero. */
export function applyPercentage(amount: bigint, percentage: bigint): bigint {
  return (amount * percentage) / PERCENTAGE_100;
}

/** part / whole as a 25-decimal percentage (100% = 10^27); refuses a zero whole. */
export function ratioToPercentage(part: bigint, whole: bigint): bigint {
  return mulDiv(part, PERCENTAGE_100, whole);
}
