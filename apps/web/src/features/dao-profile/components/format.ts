import { fixedToPercent } from "@polity/core/bigAmount";
import { formatDuration } from "@polity/core/duration";
import type { AmountUnit } from "../../../shared/format/tokenAmount.ts";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";

/** Protocol percentage (25 decimals) → "50%". */
export function percent(value: bigint): string {
  return `${fixedToPercent(value)}%`;
}

export function duration(seconds: bigint): string {
  return seconds === 0n ? "0" : formatDuration(Number(seconds));
}

/**
 * What the DAO's amounts and voting power are counted in: its token (decimals and symbol), or 18 decimals
 * without a symbol when it votes with NFTs only.
 */
export function daoUnit(profile: Pick<DaoProfile, "token">): AmountUnit {
  return profile.token
    ? { decimals: profile.token.decimals, symbol: profile.token.symbol }
    : { decimals: 18 };
}

/** A vote rewards coefficient (1.0 is 10^25) as a multiplier: "×1.5". */
export function coefficient(value: bigint): string {
  return `×${fixedToPercent(value)}`;
}

/** What validator votes are counted in: the DAO's validator token, the protocol's own ERC-20 with 18 decimals. */
export function validatorUnit(profile: Pick<DaoProfile, "validators">): AmountUnit {
  return { decimals: 18, symbol: profile.validators.token?.symbol };
}
