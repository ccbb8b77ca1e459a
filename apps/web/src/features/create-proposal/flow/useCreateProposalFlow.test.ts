import { govPoolAbi } from "@polity/core/generated/contracts";
import { encodeAbiParameters, encodeEventTopics, type TransactionReceipt } from "viem";
import { describe, expect, it } from "vitest";
import { POOL, poolContextFixture, USER } from "../test/poolContextFixture.ts";
import { planCreateSteps, proposalIdFromReceipt } from "./useCreateProposalFlow.ts";

describe("planCreateSteps", () => {
  const ctx = poolContextFixture(); // 40 deposited, no allowance
  it("only creates and votes when the deposit covers the vote", () => {
    expect(planCreateSteps(ctx, 40_000_000n)).toEqual(["createAndVote"]);
    expect(planCreateSteps(ctx, 0n)).toEqual(["createAndVote"]);
  });
  it("unlocks and deposits the missing part first", () => {
    expect(planCreateSteps(ctx, 50_000_000n)).toEqual(["unlock", "deposit", "createAndVote"]);
  });
  it("skips the unlock when the allowance already covers the deposit", () => {
    const approved = poolContextFixture({ user: { ...ctx.user!, allowance: 10_000_000n } });
    expect(planCreateSteps(approved, 50_000_000n)).toEqual(["deposit", "createAndVote"]);
    expect(planCreateSteps(approved, 50_000_001n)).toEqual(["unlock", "deposit", "createAndVote"]);
  });
});

describe("proposalIdFromReceipt", () => {
  it("reads the id from ProposalCreated", () => {
    const topics = encodeEventTopics({
      abi: govPoolAbi,
      eventName: "ProposalCreated",
      args: { proposalId: 7n, creator: USER },
    });
    const data = encodeAbiParameters(
      [
        { type: "string" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }, { type: "bytes" }] },
        { type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }, { type: "bytes" }] },
      ],
      ["ipfs://x", 0n, 1n, 2n, [], []],
    );
    const receipt = {
      logs: [
        {
          address: POOL,
          topics,
          data,
          blockNumber: 1n,
          logIndex: 0,
          transactionIndex: 0,
          transactionHash: "0x",
          blockHash: "0x",
          removed: false,
        },
      ],
    } as unknown as TransactionReceipt;
    expect(proposalIdFromReceipt(receipt)).toBe(7n);
    expect(proposalIdFromReceipt({ logs: [] } as unknown as TransactionReceipt)).toBeNull();
  });
});
