import { describe, expect, it } from "vitest";
import { delegatePlan } from "./delegatePlan.ts";

const base = { nftIds: [], unlocked: 0n, unlockedNfts: [], allowance: 0n, isNftApproved: false };

describe("delegatePlan", () => {
  it("delegates the unlocked deposit alone when it covers the amount", () => {
    expect(delegatePlan({ ...base, amount: 40n, unlocked: 50n, nftIds: [2n], unlockedNfts: [2n] })).toEqual({
      depositAmount: 0n,
      depositNfts: [],
      steps: ["delegate"],
    });
  });

  it("approves and deposits what the unlocked deposit lacks, then deposits and delegates", () => {
    expect(delegatePlan({ ...base, amount: 80n, unlocked: 50n, allowance: 10n })).toEqual({
      depositAmount: 30n,
      depositNfts: [],
      steps: ["approve", "depositAndDelegate"],
    });
  });

  it("skips the approvals the wallet already gave", () => {
    expect(
      delegatePlan({
        ...base,
        amount: 80n,
        unlocked: 50n,
        allowance: 30n,
        nftIds: [2n, 7n],
        unlockedNfts: [2n],
        isNftApproved: true,
      }),
    ).toEqual({ depositAmount: 30n, depositNfts: [7n], steps: ["depositAndDelegate"] });
    expect(delegatePlan({ ...base, amount: 0n, nftIds: [7n] }).steps).toEqual([
      "approveNfts",
      "depositAndDelegate",
    ]);
  });
});
