import { formatTokenAmount } from "@polity/core/format/number";

/** What an amount is counted in: the decimals of its base units and, when known, the token's symbol. */
export interface AmountUnit {
  decimals: number;
  symbol?: string | undefined;
}

/**
 * A token amount in base units as every page shows it: core's one number format (grouping, 6 down to 0
 * decimals by size, M/B/T from a million, truncated), followed by the symbol when there is one:
 * "30,000 PFR", "1.25M ACME", "0.5". The unit is the token itself (`{ decimals, symbol }`, what the
 * pages read) or its decimals and symbol apart.
 */
export function tokenAmount(value: bigint, unit: AmountUnit): string;
export function tokenAmount(value: bigint, decimals: number, symbol?: string): string;
export function tokenAmount(value: bigint, unit: AmountUnit | number, symbol?: string): string {
  const { decimals, symbol: shownSymbol } = typeof unit === "number" ? { decimals: unit, symbol } : unit;
  const text = formatTokenAmount({ value, decimals });
  return shownSymbol ? `${text} ${shownSymbol}` : text;
}
