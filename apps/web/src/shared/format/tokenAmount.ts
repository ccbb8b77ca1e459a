import { formatTokenAmount } from "@polity/core/format/number";

/**
 * A token amount in base units as every page shows it: core's one number format (grouping, 6 down to 0
 * decimals by size, M/B/T from a million, truncated), followed by the symbol when there is one:
 * "30,000 PFR", "1.25M ACME", "0.5".
 */
export function tokenAmount(value: bigint, decimals: number, symbol?: string): string {
  const text = formatTokenAmount({ value, decimals });
  return symbol ? `${text} ${symbol}` : text;
}
