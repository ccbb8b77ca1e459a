import { describe, expect, it } from "vitest";
import {
  initialDistributionAmount,
  initialDistributionPercent,
  type TokenCreationValues,
  tokenCreationSchema,
} from "./tokenCreationSchema.ts";

const ALICE = "0x70997970C51812dc3A010C7d01b50e20d35Dc4C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

const valid: TokenCreationValues = {
  name: "Lisbon Token",
  symbol: "LSB",
  cap: "1000000",
  totalSupply: "1000",
  treasury: "40",
  initialDistribution: "60",
  recipients: [
    { address: ALICE, amount: "400" },
    { address: BOB, amount: "200" },
  ],
};

function messages(values: Partial<TokenCreationValues>) {
  const result = tokenCreationSchema.safeParse({ ...valid, ...values });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("token creation rules", () => {
  it("accepts a distribution that sums to the initial distribution", () => {
    expect(messages({})).toEqual([]);
  });

  it("computes the initial distribution exactly", () => {
    expect(initialDistributionPercent("33.3333333")).toBe("66.6666667");
    expect(initialDistributionAmount("1000", "40")).toBe(600n * 10n ** 18n);
    expect(initialDistributionAmount("1", "33.3333333")).toBe(666_666_667n * 10n ** 9n);
  });

  it("limits the name to 1-30 characters and the symbol to 1-10", () => {
    expect(messages({ name: "" })).toEqual(["name: validation.required"]);
    expect(messages({ name: "x".repeat(31) })).toEqual(['name: validation.maxLength|{"maxLength":30}']);
    expect(messages({ symbol: "ABCDEFGHIJK" })).toEqual(['symbol: validation.maxLength|{"maxLength":10}']);
  });

  it("rejects a total supply above the cap or above the uint64 maximum", () => {
    expect(messages({ cap: "999" })).toContain("totalSupply: validation.totalSupplyAboveCap");
    const huge = (2n ** 64n).toString();
    expect(messages({ totalSupply: huge, cap: huge })).toContain(
      'totalSupply: validation.totalSupplyTooLarge|{"max":"18446744073709551615"}',
    );
  });

  it("rejects 100% in the treasury", () => {
    expect(messages({ treasury: "100" })).toEqual(["treasury: validation.treasuryFull"]);
  });

  it("needs valid, distinct recipients with at least one positive amount", () => {
    expect(messages({ recipients: [{ address: "0x123", amount: "600" }] })).toEqual([
      "recipients.0.address: validation.invalidAddress",
    ]);
    expect(
      messages({
        recipients: [
          { address: ALICE, amount: "300" },
          { address: ALICE.toLowerCase(), amount: "300" },
        ],
      }),
    ).toEqual(["recipients.1.address: validation.duplicateAddress"]);
    expect(messages({ recipients: [{ address: ALICE, amount: "0" }] })).toEqual([
      "recipients.root: validation.recipientAmountRequired",
    ]);
  });

  it("needs the recipients' total to equal the initial distribution", () => {
    expect(messages({ recipients: [{ address: ALICE, amount: "599.999999999999999999" }] })).toEqual([
      'recipients.root: validation.distributionMismatch|{"expected":"600","actual":"599.999999999999999999"}',
    ]);
  });
});
