/**
 * Token sale rules both sides need (the contract's `TokenSaleProposal` and `TokenSaleVesting`, in
 * TypeScript): a tier's status at a time, its progress, and the vesting schedule of a purchase. Times
 * are unix seconds, amounts integers in the token's smallest unit.
 */
import { TokenSaleTierStatus } from "./enums.ts";

export type TierTiming = {
  isOff: boolean;
  saleStartTime: bigint;
  saleEndTime: bigint;
  totalTokenProvided: bigint;
  totalSold: bigint;
};

/** The contract's `getTierStatus`: not actual when off, pending before the start, completed after the end
 * or sold out, active otherwise. */
export function tierStatus(t: TierTiming, now: bigint): TokenSaleTierStatus {
  if (t.isOff) return TokenSaleTierStatus.NotActual;
  if (now < t.saleStartTime) return TokenSaleTierStatus.Pending;
  if (now > t.saleEndTime || t.totalSold === t.totalTokenProvided) return TokenSaleTierStatus.Completed;
  return TokenSaleTierStatus.Active;
}

/** Sold share of a tier in basis points (0-10,000), rounded down. */
export function tierProgressBps(t: Pick<TierTiming, "totalSold" | "totalTokenProvided">): number {
  if (t.totalTokenProvided === 0n) return 0;
  return Number((t.totalSold * 10_000n) / t.totalTokenProvided);
}

export type VestingTerms = {
  /** Vesting starts at the sale's end. */
  start: bigint;
  cliff: bigint;
  duration: bigint;
  step: bigint;
};

/** The contract's `TokenSaleVesting.vested`: nothing before the cliff, a linear share per whole step,
 * all of `total` from `start + duration`. */
export function vestedAmount(total: bigint, v: VestingTerms, t: bigint): bigint {
  if (t < v.start + v.cliff || t < v.start) return 0n;
  if (t >= v.start + v.duration) return total;
  const step = v.step === 0n ? 1n : v.step;
  const elapsed = ((t - v.start) / step) * step;
  return (total * elapsed) / v.duration;
}

/** Every time the vested amount grows, with the amount vested from then (at most `maxPoints`, the last one
 * always the end). */
export function vestingSchedule(
  total: bigint,
  v: VestingTerms,
  maxPoints = 120,
): { timestamp: number; vested: string }[] {
  if (total === 0n || v.duration === 0n) return [];
  const step = v.step === 0n ? 1n : v.step;
  const end = v.start + v.duration;
  const first = ((v.cliff + step - 1n) / step) * step;
  const points: { timestamp: number; vested: string }[] = [];
  const steps = (v.duration - first + step - 1n) / step;
  const stride = steps > BigInt(maxPoints - 1) ? (steps + BigInt(maxPoints - 2)) / BigInt(maxPoints - 1) : 1n;
  for (let offset = first; v.start + offset < end; offset += step * stride) {
    const t = v.start + offset;
    const at = t < v.start + v.cliff ? v.start + v.cliff : t;
    points.push({ timestamp: Number(at), vested: vestedAmount(total, v, at).toString() });
  }
  points.push({ timestamp: Number(end), vested: total.toString() });
  return points.filter((p, i, all) => i === 0 || p.vested !== all[i - 1]!.vested);
}
