/** USD values are stored as integers with 18 decimals (spec §9: fiat decimals 18). */
export const USD_DECIMALS = 18;

const WHOLE_NUMBER = /^-?\d+$/;

/** `1234500000000000000000` → `"1234.5"`; exact, no float rounding. */
export function formatUnitsString(raw: string | bigint, decimals: number = USD_DECIMALS): string {
  // A whole number in decimal text (what numeric columns answer) is cut where the point goes, as
  // text: a list formats two per row, and big-integer division costs four times as much.
  const text = typeof raw === "string" && WHOLE_NUMBER.test(raw) ? raw : String(wholePart(raw));
  const negative = text.startsWith("-");
  const digits = (negative ? text.slice(1) : text).replace(/^0+/, "");
  const cut = Math.max(0, digits.length - decimals);
  const whole = cut > 0 ? digits.slice(0, cut) : "0";
  const fraction = digits.slice(cut).padStart(decimals, "0").replace(/0+$/, "");
  const unsigned = `${whole}${fraction ? `.${fraction}` : ""}`;
  return negative && unsigned !== "0" ? `-${unsigned}` : unsigned;
}

/** The whole part of an amount: a decimal text's digits before its point. */
function wholePart(value: string | number | bigint): bigint {
  if (typeof value === "bigint") return value;
  const text = String(value);
  const point = text.indexOf(".");
  return BigInt(point < 0 ? text : text.slice(0, point) || "0");
}

/**
 * Percent change from `previous` to `current`, two decimals, as a number. No previous value (or a
 * previous zero) reads as no change: the figure did not exist yet, so there is nothing to compare.
 */
export function percentChange(
  current: string | number | bigint,
  previous: string | number | bigint | null,
): number {
  if (previous === null || previous === undefined) return 0;
  const cur = wholePart(current);
  const prev = wholePart(previous);
  if (prev === 0n) return 0;
  // Basis points of a percent in integer math, then to a number: exact for any realistic value.
  const hundredths = ((cur - prev) * 10_000n) / (prev < 0n ? -prev : prev);
  return Number(hundredths) / 100;
}
