import { govPoolAbi } from "@polity/core/generated/contracts";
import { decodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import { poolContextFixture, TOKEN } from "../test/poolContextFixture.ts";
import { proposalCreatedReceipt } from "../test/proposalCreatedReceipt.ts";
import {
  type CreateRequest,
  depositShortfall,
  encodeDepositAndCreateAndVote,
  planCreateSteps,
  proposalIdFromReceipt,
} from "./useCreateProposalFlow.ts";

describe("planCreateSteps", () => {
  const ctx = poolContextFixture(); // 40 deposited, no allowance
  it("only creates and votes when the deposit covers the vote", () => {
    expect(planCreateSteps(ctx, 40_000_000n)).toEqual(["createAndVote"]);
    expect(planCreateSteps(ctx, 0n)).toEqual(["createAndVote"]);
  });
  it("unlocks, then deposits the missing part and creates and votes in one batched step", () => {
    expect(planCreateSteps(ctx, 50_000_000n)).toEqual(["unlock", "depositAndCreateAndVote"]);
  });
  it("skips the unlock when the allowance already covers the deposit", () => {
    const approved = poolContextFixture({ user: { ...ctx.user!, allowance: 10_000_000n } });
    expect(planCreateSteps(approved, 50_000_000n)).toEqual(["depositAndCreateAndVote"]);
    expect(planCreateSteps(approved, 50_000_001n)).toEqual(["unlock", "depositAndCreateAndVote"]);
  });
  it("deposits only what the deposited balance lacks", () => {
    expect(depositShortfall(ctx, 50_000_000n)).toBe(10_000_000n);
    expect(depositShortfall(ctx, 40_000_000n)).toBe(0n);
    expect(depositShortfall(poolContextFixture({ user: undefined }), 5n)).toBe(5n);
  });
});

describe("encodeDepositAndCreateAndVote", () => {
  const request: CreateRequest = {
    descriptionURL: "ipfs://proposal",
    actionsOnFor: [{ executor: TOKEN, value: 0n, data: "0xa9059cbb" }],
    actionsOnAgainst: [],
    voteAmount: 50_000_000n,
    nftIds: [3n],
    summary: "Create proposal Pay",
  };

  it("deposits the shortfall, then creates and votes with the whole amount and the NFTs", () => {
    const calls = encodeDepositAndCreateAndVote(request, 10_000_000n);
    expect(calls).toHaveLength(2);
    const [deposit, create] = calls.map((data) => decodeFunctionData({ abi: govPoolAbi, data }));
    expect(deposit).toEqual({ functionName: "deposit", args: [10_000_000n, []] });
    expect(create?.functionName).toBe("createProposalAndVote");
    expect(create?.args).toEqual([
      "ipfs://proposal",
      [{ executor: TOKEN, value: 0n, data: "0xa9059cbb" }],
      [],
      50_000_000n,
      [3n],
    ]);
  });
});

describe("proposalIdFromReceipt", () => {
  it("reads the id from ProposalCreated", () => {
    expect(proposalIdFromReceipt(proposalCreatedReceipt(7n))).toBe(7n);
    expect(proposalIdFromReceipt({ logs: [] })).toBeNull();
  });
});
