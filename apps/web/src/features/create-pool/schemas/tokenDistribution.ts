import { formatAmount } from "@polity/core/bigAmount";
import { PERCENTAGE_100, PERCENTAGE_DECIMALS, toPercentage, toTokenAmount } from "./rules.ts";

/** Initial distribution in percent: what the treasury does not keep (100 − treasury). */
export function initialDistributionPercent(treasury: string): string {
  const share = toPercentage(treasury);
  if (share > PERCENTAGE_100 || (share === 0n && treasury.trim() === "")) return "";
  return formatAmount(PERCENTAGE_100 - share, PERCENTAGE_DECIMALS);
}

/** Token amount (18 decimals) the recipients receive: total supply × (100% − treasury), rounded down. */
export function initialDistributionAmount(totalSupply: string, treasury: string): bigint {
  const share = toPercentage(treasury);
  if (share > PERCENTAGE_100) return 0n;
  return (toTokenAmount(totalSupply) * (PERCENTAGE_100 - share)) / PERCENTAGE_100;
}
