/** USD values are stored as integers with 18 decimals (spec §9: fiat decimals 18). */
export const USD_DECIMALS = 18;

/** `1234500000000000000000` → `"1234.5"`; exact, no float rounding. */
export function formatUnitsString(raw: string | bigint, decimals: number = USD_DECIMALS): string {
  let value = typeof raw === "bigint" ? raw : BigInt(raw.split(".")[0] ?? "0");
  const negative = value < 0n;
  if (negative) value = -value;
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  const fraction = (value % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
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
  const cur = BigInt(String(current).split(".")[0] ?? "0");
  const prev = BigInt(String(previous).split(".")[0] ?? "0");
  if (prev === 0n) return 0;
  // Basis points of a percent in integer math, then to a number: exact for any realistic value.
  const hundredths = ((cur - prev) * 10_000n) / (prev < 0n ? -prev : prev);
  return Number(hundredths) / 100;
}
