import { describe, expect, it } from "vitest";
import { tokenAmount } from "./tokenAmount.ts";

describe("tokenAmount", () => {
  it("groups the digits and names the token, given apart or as the token itself", () => {
    expect(tokenAmount(30_000n * 10n ** 18n, 18, "PFR")).toBe("30,000 PFR");
    expect(tokenAmount(1_250_000_000n, { decimals: 6, symbol: "USDC" })).toBe("1,250 USDC");
    expect(tokenAmount(15n * 10n ** 17n, { decimals: 18 })).toBe("1.5");
    expect(tokenAmount(2_500_000n * 10n ** 18n, { decimals: 18, symbol: "ACME" })).toBe("2.5M ACME");
  });
});
