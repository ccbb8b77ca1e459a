import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  abbreviate,
  decimalsBySize,
  fiatDecimals,
  formatFiatValue,
  formatTokenAmount,
  formatUsd,
  renderDecimal,
  toDecimal,
  truncate,
} from "./number.ts";

describe("toDecimal", () => {
  it("reads strings, numbers (exponent notation included) and base units", () => {
    expect(toDecimal("12.50")).toEqual({ units: 1250n, scale: 2 });
    expect(toDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(toDecimal(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(toDecimal("-3")).toEqual({ units: -3n, scale: 0 });
    expect(toDecimal({ value: 15n, decimals: 1 })).toEqual({ units: 15n, scale: 1 });
    expect(() => toDecimal("abc")).toThrow(RangeError);
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimal({ value: 1n, decimals: -1 })).toThrow(RangeError);
  });
});

describe("decimals by size", () => {
  it("shows 6 down to 0 decimals below 1e5", () => {
    expect(decimalsBySize("0.5")).toBe(6);
    expect(decimalsBySize("1")).toBe(5);
    expect(decimalsBySize("9.99")).toBe(5);
    expect(decimalsBySize("10")).toBe(4);
    expect(decimalsBySize("100")).toBe(3);
    expect(decimalsBySize("1000")).toBe(2);
    expect(decimalsBySize("10000")).toBe(1);
    expect(decimalsBySize("99999.9")).toBe(1);
    expect(decimalsBySize("100000")).toBe(0);
    expect(decimalsBySize("-0.5")).toBe(6);
  });
});

describe("abbreviations", () => {
  it("abbreviates from 1e6 with M, B, T", () => {
    expect(abbreviate(999_999)).toBeNull();
    expect(abbreviate(1_000_000)).toBe("1M");
    expect(abbreviate(1_234_567)).toBe("1.23M");
    expect(abbreviate(4_500_000_000)).toBe("4.5B");
    expect(abbreviate("2000000000000")).toBe("2T");
    expect(abbreviate("1234000000000000")).toBe("1,234T");
    expect(abbreviate(-2_500_000)).toBe("-2.5M");
  });
  it("uses k when asked to abbreviate from 1e3", () => {
    expect(abbreviate(1500, { threshold: 1e3 })).toBe("1.5k");
    expect(abbreviate(999, { threshold: 1e3 })).toBeNull();
  });
  it("truncates, never rounds up", () => {
    expect(abbreviate(1_999_999)).toBe("1.99M");
    expect(abbreviate(1_999_999, { decimals: 0 })).toBe("1M");
  });
});

describe("formatTokenAmount", () => {
  it("applies decimals by size with grouping and truncation", () => {
    expect(formatTokenAmount("0.123456789")).toBe("0.123456");
    expect(formatTokenAmount("1.234567")).toBe("1.23456");
    expect(formatTokenAmount("12345.678")).toBe("12,345.6");
    expect(formatTokenAmount("123456.78")).toBe("123,456");
    expect(formatTokenAmount("1.50")).toBe("1.5");
    expect(formatTokenAmount(0)).toBe("0");
    expect(formatTokenAmount({ value: 1_500_000_000_000_000_000n, decimals: 18 })).toBe("1.5");
    expect(formatTokenAmount("2500000")).toBe("2.5M");
  });
  it("shows '<0.000001' for dust", () => {
    expect(formatTokenAmount("0.0000001")).toBe("<0.000001");
    expect(formatTokenAmount({ value: 1n, decimals: 18 })).toBe("<0.000001");
  });
});

describe("fiat", () => {
  it("shows 2 decimals up to 1000 and 0 above", () => {
    expect(fiatDecimals(1000)).toBe(2);
    expect(fiatDecimals(1000.01)).toBe(0);
    expect(formatFiatValue("999.999")).toBe("999.99");
    expect(formatFiatValue("1000")).toBe("1,000");
    expect(formatFiatValue("1000.5")).toBe("1,000");
    expect(formatFiatValue("12.5")).toBe("12.5");
  });
  it("shows '<0.01' above zero but below one cent", () => {
    expect(formatFiatValue("0.009")).toBe("<0.01");
    expect(formatFiatValue("0.01")).toBe("0.01");
  });
  it("USD: N/A, <$0.01 and the $ sign", () => {
    expect(formatUsd("0", { tokenAmount: "5" })).toBe("<$0.01");
    expect(formatUsd("0")).toBe("N/A");
    expect(formatUsd(null)).toBe("N/A");
    expect(formatUsd("0", { tokenAmount: "0" })).toBe("N/A");
    expect(formatUsd("120", { isNft: true })).toBe("N/A");
    expect(formatUsd("0.004", { tokenAmount: "1" })).toBe("<$0.01");
    expect(formatUsd("1234.56")).toBe("$1,234");
    expect(formatUsd("12.345")).toBe("$12.34");
    expect(formatUsd("-5")).toBe("-$5");
    expect(formatUsd("3000000")).toBe("$3M");
  });
});

describe("formatting properties", () => {
  const decimalString = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
    .map(([units, scale]) => renderDecimal({ units, scale }, { group: false }));

  it("a formatted amount below 1e6 never exceeds the value and is within one shown unit", () => {
    fc.assert(
      fc.property(decimalString, (text) => {
        const d = toDecimal(text);
        if (d.units >= 10n ** BigInt(d.scale + 6)) return;
        const shown = formatTokenAmount(text);
        if (shown.startsWith("<")) {
          expect(d.units > 0n).toBe(true);
          return;
        }
        const places = decimalsBySize(text);
        const back = toDecimal(shown.replace(/,/g, ""));
        const scale = Math.max(back.scale, d.scale, places);
        const a = back.units * 10n ** BigInt(scale - back.scale);
        const b = d.units * 10n ** BigInt(scale - d.scale);
        expect(a <= b).toBe(true);
        expect(b - a < 10n ** BigInt(scale - places)).toBe(true);
      }),
    );
  });

  it("abbreviations are monotonic in magnitude tier and keep at most 2 decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 6n, max: 10n ** 20n }), (n) => {
        const text = abbreviate(n.toString());
        expect(text).toMatch(/^[\d,]+(\.\d{1,2})?[MBT]$/);
        const tier = n >= 10n ** 12n ? "T" : n >= 10n ** 9n ? "B" : "M";
        expect(text?.endsWith(tier)).toBe(true);
      }),
    );
  });

  it("truncate never increases the magnitude", () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (units, scale, p) => {
          const t = truncate({ units, scale }, p);
          const s = Math.max(scale, t.scale);
          const abs = (x: bigint) => (x < 0n ? -x : x);
          expect(abs(t.units) * 10n ** BigInt(s - t.scale) <= abs(units) * 10n ** BigInt(s - scale)).toBe(
            true,
          );
        },
      ),
    );
  });
});
