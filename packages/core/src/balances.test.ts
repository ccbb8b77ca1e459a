import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fallbackMemberCount,
  higherPrice,
  isShownBalance,
  isZeroLikeAddress,
  shownBalances,
} from "./balances.ts";

const T = "0x0000000000000000000000000000000000000001";

describe("balance rules", () => {
  it("shows only balances above zero and never the zero-like address", () => {
    expect(isZeroLikeAddress("0x0")).toBe(true);
    expect(isZeroLikeAddress("0x0000000000000000000000000000000000000000")).toBe(true);
    expect(isZeroLikeAddress(T)).toBe(false);
    expect(isShownBalance({ token_address: T, balance: "0.0001" })).toBe(true);
    expect(isShownBalance({ token_address: T, balance: "0" })).toBe(false);
    expect(isShownBalance({ token_address: T, balance: "0.000" })).toBe(false);
    expect(isShownBalance({ token_address: T, balance: 5n })).toBe(true);
    expect(isShownBalance({ token_address: T, balance: 0n })).toBe(false);
    expect(isShownBalance({ token_address: "0x0", balance: "10" })).toBe(false);
    expect(isShownBalance({ token_address: T, balance: "-1" })).toBe(false);
    expect(
      shownBalances([
        { token_address: T, balance: "1" },
        { token_address: "0x0", balance: "1" },
      ]),
    ).toHaveLength(1);
  });

  it("counts members as the union of holders and voters", () => {
    expect(fallbackMemberCount(["0xA", "0xb"], ["0xa", "0xC"])).toBe(3);
    expect(fallbackMemberCount([], [])).toBe(0);
  });

  it("uses the higher of two prices", () => {
    expect(higherPrice(2n, 3n)).toBe(3n);
    expect(higherPrice(5n, null)).toBe(5n);
    expect(higherPrice(undefined, 7n)).toBe(7n);
    expect(higherPrice(null, null)).toBeNull();
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt(), (a, b) => {
        const h = higherPrice(a, b);
        expect(h === a || h === b).toBe(true);
        expect(h! >= a && h! >= b).toBe(true);
      }),
    );
  });
});
