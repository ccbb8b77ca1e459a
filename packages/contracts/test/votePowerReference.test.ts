import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  DEFAULT_POLYNOMIAL_COEFFICIENTS,
  EXPERTS_BREAKPOINT_PERCENT,
  EXPERTS_VALUE_AT_BREAKPOINT,
  expertsCurve,
  holdersCurve,
  linearPower,
  polynomialPower,
} from "./votePowerReference.ts";

const S = 1_000_000;

/** Vitest's toBeCloseTo: |actual − expected| < 10^−digits / 2. */
function assertClose(actual: number, expected: number, digits: number) {
  assert.ok(Math.abs(actual - expected) < 10 ** -digits / 2, `${actual} is not close to ${expected}`);
}

describe("polynomialPower — holders", () => {
  it("is linear (identity) below 7% of total power", () => {
    for (const v of [0, 1, 1234.5, 50_000, 69_999.99]) {
      assert.equal(polynomialPower({ totalPower: S, rawVote: v, isExpert: false }), v);
    }
  });

  it("equals 0.07·S exactly at 7%", () => {
    assertClose(polynomialPower({ totalPower: S, rawVote: 70_000, isExpert: false }), 70_000, 9);
  });

  it("is continuous at 7%", () => {
    const below = polynomialPower({ totalPower: S, rawVote: 70_000 - 1e-6, isExpert: false });
    const above = polynomialPower({ totalPower: S, rawVote: 70_000 + 1e-6, isExpert: false });
    assert.ok(Math.abs(above - below) < 1e-4);
  });

  it("applies the holders coefficient above 7% (known value at x = 17)", () => {
    // t = 10: 1.041·10 − 0.007211·100 + 0.0001994·1000 = 9.8883
    assertClose(holdersCurve(10), 9.8883, 10);
    const p = polynomialPower({ totalPower: S, rawVote: 170_000, isExpert: false });
    assertClose(p, 70_000 + 0.97 * 10_000 * 9.8883, 6);
  });

  it("uses custom coefficients", () => {
    const p = polynomialPower({
      totalPower: S,
      rawVote: 170_000,
      isExpert: false,
      coefficients: { holders: 1 },
    });
    assertClose(p, 70_000 + 10_000 * 9.8883, 6);
  });

  it("ignores the treasury share for holders", () => {
    const a = polynomialPower({ totalPower: S, rawVote: 300_000, isExpert: false });
    const b = polynomialPower({ totalPower: S, rawVote: 300_000, isExpert: false, treasuryShare: 0.5 });
    assert.equal(a, b);
  });

  it("damps mid-size holders: power stays below the raw vote between 7% and 30%", () => {
    for (const v of [100_000, 170_000, 250_000, 300_000]) {
      assert.ok(polynomialPower({ totalPower: S, rawVote: v, isExpert: false }) < v);
    }
  });
});

describe("polynomialPower — experts", () => {
  it("has the defaults 0.97 / 0.92 / 1.08", () => {
    assert.deepEqual(DEFAULT_POLYNOMIAL_COEFFICIENTS, {
      holders: 0.97,
      experts: 0.92,
      expertsDelegation: 1.08,
    });
  });

  it("is continuous at 6.63% (both polynomials meet at 8.83755895036092)", () => {
    const x = EXPERTS_BREAKPOINT_PERCENT;
    const left = 1.801894 * x - 0.169889 * x ** 2 + 0.023761 * x ** 3 - 0.001328 * x ** 4;
    assertClose(left, EXPERTS_VALUE_AT_BREAKPOINT, 5);
    assert.equal(expertsCurve(x), EXPERTS_VALUE_AT_BREAKPOINT);
    assert.ok(Math.abs(expertsCurve(x - 1e-9) - expertsCurve(x)) < 1e-5);
  });

  it("is zero at zero and boosts small experts above their raw vote", () => {
    assert.equal(polynomialPower({ totalPower: S, rawVote: 0, isExpert: true }), 0);
    const v = 10_000; // 1%
    const p = polynomialPower({ totalPower: S, rawVote: v, isExpert: true });
    const f1 = 1.801894 - 0.169889 + 0.023761 - 0.001328;
    assertClose(p, 10_000 * f1 * 0.92, 6);
    assert.ok(p > v);
  });

  it("blends experts and delegation coefficients by the treasury share r", () => {
    const base = { totalPower: S, rawVote: 200_000, isExpert: true } as const;
    const f = expertsCurve(20);
    assertClose(polynomialPower({ ...base, treasuryShare: 0 }), 10_000 * f * 0.92, 6);
    assertClose(polynomialPower({ ...base, treasuryShare: 1 }), 10_000 * f * 1.08, 6);
    assertClose(
      polynomialPower({ ...base, treasuryShare: 0.25 }),
      10_000 * f * (0.92 * 0.75 + 1.08 * 0.25),
      6,
    );
  });
});

describe("polynomialPower — input checks", () => {
  it("returns 0 when the DAO has no power", () => {
    assert.equal(polynomialPower({ totalPower: 0, rawVote: 0, isExpert: false }), 0);
    assert.equal(polynomialPower({ totalPower: 0, rawVote: 0, isExpert: true }), 0);
  });

  it("refuses negative, non-finite or out-of-range inputs", () => {
    assert.throws(() => polynomialPower({ totalPower: -1, rawVote: 0, isExpert: false }), RangeError);
    assert.throws(() => polynomialPower({ totalPower: S, rawVote: Number.NaN, isExpert: false }), RangeError);
    assert.throws(() => polynomialPower({ totalPower: S, rawVote: S + 1, isExpert: false }), /exceed/);
    assert.throws(
      () => polynomialPower({ totalPower: S, rawVote: 1, isExpert: true, treasuryShare: 1.5 }),
      /treasuryShare/,
    );
    assert.throws(
      () => polynomialPower({ totalPower: S, rawVote: 1, isExpert: true, coefficients: { experts: -1 } }),
      /coefficients.experts/,
    );
    assert.throws(() => linearPower(-1), RangeError);
  });

  it("linear type is the identity", () => {
    assert.equal(linearPower(0), 0);
    assert.equal(linearPower(42.5), 42.5);
  });
});

describe("polynomialPower — properties", () => {
  const arbShare = fc.double({ min: 0, max: 1, noNaN: true });

  it("is monotonic non-decreasing in the raw vote (holders and experts, any r)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e12, noNaN: true }),
        arbShare,
        arbShare,
        arbShare,
        fc.boolean(),
        (total, a, b, r, isExpert) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const pLo = polynomialPower({ totalPower: total, rawVote: lo * total, isExpert, treasuryShare: r });
          const pHi = polynomialPower({ totalPower: total, rawVote: hi * total, isExpert, treasuryShare: r });
          assert.ok(pHi >= pLo - Math.abs(pLo) * 1e-12);
        },
      ),
    );
  });

  it("scales with S (power/S depends only on x)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 1, max: 1e3, noNaN: true }),
        arbShare,
        fc.boolean(),
        (total, factor, share, isExpert) => {
          const a = polynomialPower({ totalPower: total, rawVote: share * total, isExpert }) / total;
          const b =
            polynomialPower({ totalPower: total * factor, rawVote: share * total * factor, isExpert }) /
            (total * factor);
          assertClose(a, b, 9);
        },
      ),
    );
  });

  it("never returns a negative value", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e15, noNaN: true }), arbShare, fc.boolean(), (total, s, e) => {
        assert.ok(polynomialPower({ totalPower: total, rawVote: s * total, isExpert: e }) >= 0);
      }),
    );
  });
});
