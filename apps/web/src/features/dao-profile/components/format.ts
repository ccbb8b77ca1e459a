import { fixedToPercent } from "@polity/core/bigAmount";
import { formatDuration } from "@polity/core/duration";

/** Protocol percentage (25 decimals) → "50%". */
export function percent(value: bigint): string {
  return `${fixedToPercent(value)}%`;
}

export function duration(seconds: bigint): string {
  return seconds === 0n ? "0" : formatDuration(Number(seconds));
}
