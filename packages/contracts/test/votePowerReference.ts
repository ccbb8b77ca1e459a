/**
 * Floating-point reference of the polynomial (meritocratic) vote-power formula
 * (PROTOCOL.md, "Voting power"). The on-chain VotePower contract computes the same curve in
 * fixed point; the contract tests check it against this reference.
 *
 * Notation: S = total power of the DAO, v = raw vote (personal + micropool + treasury),
 * x = 100·v/S (the voter's share of S in percent).
 *
 * - Holders: power = v while x < 7; from x = 7 on, with t = x − 7,
 *   power = 0.07·S + k_holders·(S/100)·(1.041t − 0.007211t² + 0.0001994t³).
 * - Experts: f(x) = 1.801894x − 0.169889x² + 0.023761x³ − 0.001328x⁴ for x < 6.63;
 *   for x ≥ 6.63, with u = x − 6.63,
 *   f = 8.83755895036092 + 1.13u − 0.006086u² + 0.00004147u³ − 0.000000148u⁴;
 *   power = (S/100)·f·[k_experts·(1 − r) + k_expertsDelegation·r] where r is the treasury share
 *   of the expert's raw vote.
 */

export type PolynomialCoefficients = {
  /** Multiplier of the holders' curve above 7% (default 0.97). */
  holders: number;
  /** Multiplier of the experts' curve for their own (non-treasury) votes (default 0.92). */
  experts: number;
  /** Multiplier of the experts' curve for the treasury-delegated share (default 1.08). */
  expertsDelegation: number;
};

export const DEFAULT_POLYNOMIAL_COEFFICIENTS: Readonly<PolynomialCoefficients> = Object.freeze({
  holders: 0.97,
  experts: 0.92,
  expertsDelegation: 1.08,
});

/** Share of S (in percent) below which a holder's power equals the raw vote. */
export const HOLDERS_LINEAR_THRESHOLD_PERCENT = 7;
/** Share of S (in percent) where the experts' curve switches polynomial. */
export const EXPERTS_BREAKPOINT_PERCENT = 6.63;
/** Value of the experts' first polynomial at the breakpoint (the second one starts there). */
export const EXPERTS_VALUE_AT_BREAKPOINT = 8.83755895036092;

export type PolynomialPowerInput = {
  /** S: total voting power of the DAO (same unit as rawVote). */
  totalPower: number;
  /** v: the voter's raw vote (personal + micropool + treasury). Must satisfy 0 <= v <= S. */
  rawVote: number;
  /** r: share of rawVote that comes from treasury delegation, in [0, 1]. Only used for experts. */
  treasuryShare?: number;
  /** Whether the voter holds a local or global expert badge. */
  isExpert: boolean;
  coefficients?: Partial<PolynomialCoefficients>;
};

/** Holders' polynomial above the linear zone, in percent-of-S units, t = x − 7. */
export function holdersCurve(t: number): number {
  return 1.041 * t - 0.007211 * t ** 2 + 0.0001994 * t ** 3;
}

/** Experts' curve f(x), x in percent of S. */
export function expertsCurve(x: number): number {
  if (x < EXPERTS_BREAKPOINT_PERCENT) {
    return 1.801894 * x - 0.169889 * x ** 2 + 0.023761 * x ** 3 - 0.001328 * x ** 4;
  }
  const u = x - EXPERTS_BREAKPOINT_PERCENT;
  return (
    EXPERTS_VALUE_AT_BREAKPOINT + 1.13 * u - 0.006086 * u ** 2 + 0.00004147 * u ** 3 - 0.000000148 * u ** 4
  );
}

function assertFiniteNonNegative(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number >= 0, got ${value}`);
  }
}

/**
 * Post-formula voting power of one voter under the polynomial vote-power type.
 * Returns 0 when the DAO has no power at all (S = 0).
 */
export function polynomialPower(input: PolynomialPowerInput): number {
  const { totalPower: S, rawVote: v, isExpert } = input;
  const r = input.treasuryShare ?? 0;
  const k = { ...DEFAULT_POLYNOMIAL_COEFFICIENTS, ...input.coefficients };
  assertFiniteNonNegative("totalPower", S);
  assertFiniteNonNegative("rawVote", v);
  if (!Number.isFinite(r) || r < 0 || r > 1) {
    throw new RangeError(`treasuryShare must be within [0, 1], got ${r}`);
  }
  for (const [name, value] of Object.entries(k)) assertFiniteNonNegative(`coefficients.${name}`, value);
  if (v > S) throw new RangeError(`rawVote (${v}) cannot exceed totalPower (${S})`);
  if (S === 0) return 0;

  const x = (100 * v) / S;
  if (isExpert) {
    return (S / 100) * expertsCurve(x) * (k.experts * (1 - r) + k.expertsDelegation * r);
  }
  if (x < HOLDERS_LINEAR_THRESHOLD_PERCENT) return v;
  return 0.07 * S + k.holders * (S / 100) * holdersCurve(x - HOLDERS_LINEAR_THRESHOLD_PERCENT);
}

/** Linear vote-power type: identity. */
export function linearPower(rawVote: number): number {
  assertFiniteNonNegative("rawVote", rawVote);
  return rawVote;
}
