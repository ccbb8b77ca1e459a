import { describe, expect, it } from "vitest";
import { voteSteps } from "./voteForm.ts";

const E = (n: number) => BigInt(n) * 10n ** 18n;

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
