import fc from "fast-check";
import { formatUnits, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import {
  applyPercentage,
  assertDecimals,
  convertDecimals,
  divide,
  fixedToPercent,
  formatAmount,
  mulDiv,
  parseAmount,
  percentToFixed,
  ratioToPercentage,
  toBigInt,
} from "./bigAmount.ts";
import { PolityError } from "./errors/PolityError.ts";
import { en } from "./i18n/en.ts";

function caught(fn: () => unknown): PolityError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PolityError) return err;
    throw err;
  }
  throw new Error("expected a PolityError");
}

describe("bigint amounts", () => {
  it("parses decimal strings into base units", () => {
    expect(parseAmount("1", 18)).toBe(10n ** 18n);
    expect(parseAmount("1.5", 6)).toBe(1_500_000n);
    expect(parseAmount(".5", 2)).toBe(50n);
    expect(parseAmount("2.", 2)).toBe(200n);
    expect(parseAmount("-0.25", 2)).toBe(-25n);
    expect(parseAmount(" 0.100 ", 1)).toBe(1n);
  });

  it("refuses non-numbers and excess precision", () => {
    for (const bad of ["", ".", "1e3", "abc", "1.2.3", "--1", "0x10"]) {
      expect(caught(() => parseAmount(bad, 18)).code).toBe("BIG_NUMBER_UNCONVERTIBLE");
    }
    expect(caught(() => parseAmount("0.001", 2)).details).toMatch(/more than 2 decimal places/);
  });

  it("refuses decimals <= 0 with the spec's error", () => {
    for (const decimals of [0, -1, 1.5, Number.NaN, 256]) {
      const err = caught(() => formatAmount(1n, decimals));
      expect(err.code).toBe("BIG_NUMBER_INVALID_DECIMALS");
      expect(en[err.messageKey]).toBe("Decimals must be greater than 0");
    }
    expect(() => parseAmount("1", 0)).toThrow(PolityError);
    expect(() => assertDecimals(1)).not.toThrow();
  });

  it("formats base units exactly", () => {
    expect(formatAmount(1_500_000n, 6)).toBe("1.5");
    expect(formatAmount(1n, 18)).toBe("0.000000000000000001");
    expect(formatAmount(-25n, 2)).toBe("-0.25");
    expect(formatAmount(0n, 18)).toBe("0");
    expect(formatAmount(10n ** 24n, 18)).toBe("1000000");
  });

  it("refuses division by zero", () => {
    const err = caught(() => divide(1n, 0n));
    expect(err.code).toBe("BIG_NUMBER_DIVISION_BY_ZERO");
    expect(en[err.messageKey]).toBe("Division by zero");
    expect(() => mulDiv(1n, 2n, 0n)).toThrow(PolityError);
    expect(() => ratioToPercentage(1n, 0n)).toThrow(PolityError);
    expect(divide(7n, 2n)).toBe(3n);
    expect(mulDiv(10n ** 30n, 3n, 7n)).toBe((10n ** 30n * 3n) / 7n);
  });

  it("converts to bigint or refuses", () => {
    expect(toBigInt(5)).toBe(5n);
    expect(toBigInt("-12")).toBe(-12n);
    expect(toBigInt(3n)).toBe(3n);
    for (const bad of [1.5, "1.5", null, undefined, {}, Number.MAX_SAFE_INTEGER + 2]) {
      expect(caught(() => toBigInt(bad)).code).toBe("BIG_NUMBER_UNCONVERTIBLE");
    }
  });

  it("converts between token decimals", () => {
    expect(convertDecimals(1_000_000n, 6, 18)).toBe(10n ** 18n);
    expect(convertDecimals(10n ** 18n + 1n, 18, 6)).toBe(1_000_000n);
  });

  it("handles 25-decimal percentages (100% = 10^27)", () => {
    expect(percentToFixed("100")).toBe(10n ** 27n);
    expect(percentToFixed("50")).toBe(5n * 10n ** 26n);
    expect(percentToFixed("0.0000001")).toBe(10n ** 18n);
    expect(fixedToPercent(5n * 10n ** 26n)).toBe("50");
    expect(applyPercentage(1000n, percentToFixed("12.5"))).toBe(125n);
    expect(ratioToPercentage(1n, 4n)).toBe(percentToFixed("25"));
  });

  it("round-trips parse/format for any amount and decimals (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 1, max: 36 }),
        (v, d) => {
          expect(parseAmount(formatAmount(v, d), d)).toBe(v);
        },
      ),
    );
  });

  it("agrees with viem's formatUnits and parseUnits (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 36n }), fc.integer({ min: 1, max: 30 }), (v, d) => {
        const text = formatAmount(v, d);
        expect(text).toBe(formatUnits(v, d));
        expect(parseUnits(text, d)).toBe(v);
      }),
    );
  });
});
