import { describe, expect, it } from "vitest";
import { depositSteps } from "./DepositRoute.tsx";

const E = (n: number) => BigInt(n) * 10n ** 18n;

describe("depositSteps", () => {
  it("approves only what is missing before the deposit", () => {
    expect(depositSteps({ amount: E(5), allowance: 0n, nftCount: 0, isNftApproved: false })).toEqual([
      "approve",
      "deposit",
    ]);
    expect(depositSteps({ amount: E(5), allowance: E(5), nftCount: 0, isNftApproved: false })).toEqual([
      "deposit",
    ]);
    expect(depositSteps({ amount: 0n, allowance: 0n, nftCount: 2, isNftApproved: false })).toEqual([
      "approveNfts",
      "deposit",
    ]);
    expect(depositSteps({ amount: E(1), allowance: 0n, nftCount: 1, isNftApproved: true })).toEqual([
      "approve",
      "deposit",
    ]);
  });
});
