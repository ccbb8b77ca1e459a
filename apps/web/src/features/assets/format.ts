import { formatTokenAmount } from "@polity/core/format/number";

export function tokenAmount(value: bigint, decimals: number): string {
  return formatTokenAmount({ value, decimals });
}
