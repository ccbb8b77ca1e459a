import { fixedToPercent } from "@polity/core/bigAmount";
import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";

export function percentText(value: bigint): string {
  return `${fixedToPercent(value)}%`;
}

export function utcTime(seconds: number | bigint | null | undefined): string | null {
  if (seconds === null || seconds === undefined || Number(seconds) === 0) return null;
  return formatUtcDateTime(fromUnixSeconds(Number(seconds)));
}

/** part / whole as a 0..100 number with two decimals (display only). */
export function share(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 10_000n) / whole) / 100;
}
