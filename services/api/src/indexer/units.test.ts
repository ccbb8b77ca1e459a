import { describe, expect, it } from "vitest";
import { formatUnitsString, percentChange } from "./units.ts";

describe("formatUnitsString", () => {
  it("formats 18-decimal USD integers exactly", () => {
    expect(formatUnitsString("1234500000000000000000")).toBe("1234.5");
    expect(formatUnitsString("1")).toBe("0.000000000000000001");
    expect(formatUnitsString("0")).toBe("0");
    expect(formatUnitsString(-2_500_000_000_000_000_000n)).toBe("-2.5");
  });

  it("honours other decimals", () => {
    expect(formatUnitsString("123456", 6)).toBe("0.123456");
    expect(formatUnitsString("1000000", 6)).toBe("1");
  });

  it("does not lose precision on values beyond 2^53", () => {
    expect(formatUnitsString("123456789012345678901234567890")).toBe("123456789012.34567890123456789");
  });

  it("reads leading zeros, a sign on zero, no decimals and a fraction of the raw value as before", () => {
    expect(formatUnitsString("0001500000000000000000")).toBe("1.5");
    expect(formatUnitsString("-0")).toBe("0");
    expect(formatUnitsString("-5", 0)).toBe("-5");
    expect(formatUnitsString("1500000000000000000.75")).toBe("1.5");
  });
});

describe("percentChange", () => {
  it("is the change in percent with two decimals", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange("1000000000000000000", "3000000000000000000")).toBe(-66.66);
  });

  it("reads a missing or zero previous value as no change", () => {
    expect(percentChange(10, null)).toBe(0);
    expect(percentChange(10, 0)).toBe(0);
  });
});
