/**
 * Display formatting of amounts and fiat values (spec sections 5 and 9), exact on decimal strings:
 * - amounts from 1e6 are abbreviated (M, B, T; `k` from 1e3 when a lower threshold is asked for);
 * - below 1e5 an amount shows 6 down to 0 decimals by size (<1: 6, <10: 5, <100: 4, <1e3: 3,
 *   <1e4: 2, <1e5: 1), 0 from 1e5;
 * - fiat up to 1000 shows 2 decimals, otherwise 0;
 * - a positive value below the smallest shown unit shows "<" + that unit ('<0.01' for fiat);
 * - USD: a zero value with a positive token amount shows '<$0.01', a zero value 'N/A', NFTs 'N/A'.
 * Digits are truncated (never rounded up) so a balance is never overstated.
 */
import { ABBREVIATION_THRESHOLD, DECIMALS_BY_SIZE_LIMIT, FIAT_DECIMALS_LIMIT } from "../constants.ts";

/** An exact decimal: units / 10^scale. */
export type Decimal = { units: bigint; scale: number };

/** A value to display: a decimal string, a finite number, or base units with their decimals. */
export type DecimalInput = string | number | { value: bigint; decimals: number } | Decimal;

const DECIMAL_STRING = /^(-)?(\d+)?(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

export function toDecimal(input: DecimalInput): Decimal {
  if (typeof input === "object" && "units" in input) return input;
  if (typeof input === "object") {
    if (!Number.isInteger(input.decimals) || input.decimals < 0) {
      throw new RangeError(`Invalid decimals ${input.decimals}`);
    }
    return { units: input.value, scale: input.decimals };
  }
  if (typeof input === "number" && !Number.isFinite(input))
    throw new RangeError(`Not a finite number: ${input}`);
  const text = String(input).trim();
  const match = DECIMAL_STRING.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) {
    throw new RangeError(`Not a decimal number: "${text}"`);
  }
  const [, sign, int = "", frac = "", exp = "0"] = match;
  let units = BigInt(`${int}${frac}` || "0");
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign ? -units : units, scale };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function compareTo(d: Decimal, threshold: number | bigint): number {
  const scaled = BigInt(threshold) * pow10(d.scale);
  return d.units < scaled ? -1 : d.units > scaled ? 1 : 0;
}

/** Truncates toward zero to at most `places` decimals. */
export function truncate(d: Decimal, places: number): Decimal {
  if (d.scale <= places) return d;
  return { units: d.units / pow10(d.scale - places), scale: places };
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Renders with grouping and without trailing zeros. */
export function renderDecimal(d: Decimal, options: { group?: boolean; minDecimals?: number } = {}): string {
  const negative = d.units < 0n;
  const abs = negative ? -d.units : d.units;
  const base = pow10(d.scale);
  const int = (abs / base).toString();
  let frac = d.scale > 0 ? (abs % base).toString().padStart(d.scale, "0").replace(/0+$/, "") : "";
  if (options.minDecimals) frac = frac.padEnd(options.minDecimals, "0");
  const intText = options.group === false ? int : groupThousands(int);
  const isZero = abs === 0n;
  return `${negative && !isZero ? "-" : ""}${intText}${frac ? `.${frac}` : ""}`;
}

/** Number of decimals an amount below 1e5 shows: 6 for <1 down to 0 from 1e5. */
export function decimalsBySize(value: DecimalInput): number {
  const d = toDecimal(value);
  const abs = { units: d.units < 0n ? -d.units : d.units, scale: d.scale };
  const limits = [1, 10, 100, 1_000, 10_000, DECIMALS_BY_SIZE_LIMIT];
  const index = limits.findIndex((limit) => compareTo(abs, limit) < 0);
  return index === -1 ? 0 : 6 - index;
}

export const ABBREVIATIONS = Object.freeze([
  { suffix: "T", exponent: 12 },
  { suffix: "B", exponent: 9 },
  { suffix: "M", exponent: 6 },
  { suffix: "k", exponent: 3 },
] as const);

export type AbbreviateOptions = {
  /** Values from this on are abbreviated (default 1e6). */
  threshold?: number;
  /** Decimals kept in the abbreviated figure (default 2). */
  decimals?: number;
};

/** "1.23M", "4.5B", "1,234T"; null when the value is below the threshold. */
export function abbreviate(value: DecimalInput, options: AbbreviateOptions = {}): string | null {
  const d = toDecimal(value);
  const abs = { units: d.units < 0n ? -d.units : d.units, scale: d.scale };
  if (compareTo(abs, BigInt(options.threshold ?? ABBREVIATION_THRESHOLD)) < 0) return null;
  const tier = ABBREVIATIONS.find((t) => compareTo(abs, pow10(t.exponent)) >= 0);
  if (!tier) return null;
  const shifted = truncate({ units: d.units, scale: d.scale + tier.exponent }, options.decimals ?? 2);
  return `${renderDecimal(shifted)}${tier.suffix}`;
}

/**
 * Token amount for display: abbreviated from 1e6, otherwise decimals by size, grouped, trailing
 * zeros removed; a positive amount too small to show becomes "<0.000001".
 */
export function formatTokenAmount(value: DecimalInput, options: AbbreviateOptions = {}): string {
  const abbreviated = abbreviate(value, options);
  if (abbreviated !== null) return abbreviated;
  const d = toDecimal(value);
  const places = decimalsBySize(d);
  return renderTruncated(d, places);
}

function renderTruncated(d: Decimal, places: number): string {
  const shown = truncate(d, places);
  if (shown.units === 0n && d.units > 0n) return `<${renderDecimal({ units: 1n, scale: places })}`;
  return renderDecimal(shown);
}

/** Decimals of a fiat value: 2 up to 1000, 0 above. */
export function fiatDecimals(value: DecimalInput): number {
  const d = toDecimal(value);
  const abs = { units: d.units < 0n ? -d.units : d.units, scale: d.scale };
  return compareTo(abs, FIAT_DECIMALS_LIMIT) <= 0 ? 2 : 0;
}

/** Fiat value without currency sign: '<0.01' for a positive value below one cent, "12.5", "1,234", "2.5M". */
export function formatFiatValue(value: DecimalInput): string {
  const abbreviated = abbreviate(value);
  if (abbreviated !== null) return abbreviated;
  return renderTruncated(toDecimal(value), fiatDecimals(value));
}

export type UsdOptions = {
  /** Token amount behind the fiat value, to tell "price unknown" from "worth less than a cent". */
  tokenAmount?: DecimalInput;
  isNft?: boolean;
};

/** USD value for display with the spec's 'N/A' and '<$0.01' rules. */
export function formatUsd(value: DecimalInput | null | undefined, options: UsdOptions = {}): string {
  if (options.isNft) return "N/A";
  const d = value === null || value === undefined ? null : toDecimal(value);
  if (d === null || d.units === 0n) {
    const hasTokens = options.tokenAmount !== undefined && toDecimal(options.tokenAmount).units > 0n;
    return hasTokens ? "<$0.01" : "N/A";
  }
  const text = formatFiatValue(d);
  if (text.startsWith("<")) return `<$${text.slice(1)}`;
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}
