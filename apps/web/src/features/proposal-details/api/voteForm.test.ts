import { describe, expect, it } from "vitest";
import { percentOf, voteFormState, voteSteps } from "./voteForm.ts";

const E = (n: number) => BigInt(n) * 10n ** 18n;
const base = { decimals: 18, balance: E(100), nftIds: [] as bigint[] };

describe("voteFormState", () => {
  it("asks for an amount until one is typed", () => {
    expect(voteFormState({ ...base, amountText: "" }).blocker).toBe("terminal.selectAmount");
    expect(voteFormState({ ...base, amountText: "0" }).blocker).toBe("terminal.selectAmount");
  });

  it("refuses more than the tokens left to vote with", () => {
    expect(voteFormState({ ...base, amountText: "100.000000000000000001" }).blocker).toBe(
      "terminal.insufficientBalance",
    );
    expect(voteFormState({ ...base, amountText: "100" })).toEqual({
      amount: E(100),
      inputError: null,
      blocker: null,
    });
  });

  it("applies core's numeric input rules", () => {
    expect(voteFormState({ ...base, amountText: "abc" }).inputError).toBe("validation.invalidNumber");
    expect(voteFormState({ ...base, amountText: "01" }).inputError).toBe("validation.invalidNumber");
    expect(voteFormState({ ...base, decimals: 6, amountText: "1.1234567" }).inputError).toBe(
      "validation.tooManyDecimals",
    );
  });

  it("lets NFTs vote without tokens", () => {
    expect(voteFormState({ ...base, amountText: "", nftIds: [1n] }).blocker).toBeNull();
    expect(voteFormState({ ...base, amountText: "101", nftIds: [1n] }).blocker).toBe(
      "terminal.insufficientBalance",
    );
  });
});

describe("percentOf", () => {
  it("takes the spec's percent buttons of a balance", () => {
    expect(percentOf(E(100), 10, 18)).toBe("10");
    expect(percentOf(E(100), 25, 18)).toBe("25");
    expect(percentOf(E(3), 75, 18)).toBe("2.25");
    expect(percentOf(1n, 50, 18)).toBe("0");
  });
});

describe("voteSteps", () => {
  it("votes straight from deposited tokens", () => {
    expect(voteSteps({ amount: E(10), deposited: E(10), allowance: 0n })).toEqual({
      steps: ["vote"],
      depositAmount: 0n,
    });
  });

  it("deposits the wallet part and votes in one transaction, approving it when the allowance is short", () => {
    expect(voteSteps({ amount: E(15), deposited: E(10), allowance: 0n })).toEqual({
      steps: ["approve", "depositAndVote"],
      depositAmount: E(5),
    });
    expect(voteSteps({ amount: E(15), deposited: E(10), allowance: E(5) })).toEqual({
      steps: ["depositAndVote"],
      depositAmount: E(5),
    });
  });
});
