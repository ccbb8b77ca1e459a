import { fixedToPercent } from "@polity/core/bigAmount";
import { formatDuration } from "@polity/core/duration";
import { formatTokenAmount } from "@polity/core/format/number";

/** Token amount in base units → display text ("1.25M", "12.5"). */
export function tokenAmount(value: bigint, decimals: number): string {
  return formatTokenAmount({ value, decimals });
}

/** Protocol percentage (25 decimals) → "50%". */
export function percent(value: bigint): string {
  return `${fixedToPercent(value)}%`;
}

export function duration(seconds: bigint): string {
  return seconds === 0n ? "0" : formatDuration(Number(seconds));
}
