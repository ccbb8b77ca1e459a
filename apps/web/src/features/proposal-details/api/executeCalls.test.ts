import { govPoolAbi } from "@polity/core/generated/contracts";
import { ProposalState } from "@polity/core/proposalStates";
import { decodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import {
  claimsOnExecute,
  executeAndClaimCalls,
  executeAndClaimMulticall,
  executeValue,
  supportsAtomicBatch,
} from "./executeCalls.ts";
import { FIXTURE_USER, fixtureDetails } from "./proposalDetailsFixture.ts";

const ACTION = { executor: "0x7000000000000000000000000000000000000007", value: 5n, data: "0x" } as const;
const REWARD = {
  address: "0x9000000000000000000000000000000000000009",
  symbol: "RWD",
  decimals: 18,
} as const;
const AGAINST = {
  executor: "0x8000000000000000000000000000000000000008",
  value: 9n,
  data: "0x1234",
} as const;

describe("execute and claim", () => {
  it("sends the value of the side that won", () => {
    const base = { actionsOnFor: [ACTION, ACTION], actionsOnAgainst: [AGAINST] };
    expect(executeValue(fixtureDetails(ProposalState.SucceededFor, base))).toBe(10n);
    expect(executeValue(fixtureDetails(ProposalState.SucceededAgainst, base))).toBe(9n);
  });

  it("batches execute with the creation actions, then the caller's claim", () => {
    const details = fixtureDetails(ProposalState.SucceededFor, {
      actionsOnFor: [ACTION],
      actionsOnAgainst: [],
    });
    const [execute, claim] = executeAndClaimCalls(details, FIXTURE_USER);
    expect(execute?.to).toBe(details.dao);
    expect(execute?.value).toBe(5n);
    const decodedExecute = decodeFunctionData({ abi: govPoolAbi, data: execute?.data ?? "0x" });
    expect(decodedExecute.functionName).toBe("execute");
    expect(decodedExecute.args?.[0]).toBe(3n);
    const decodedClaim = decodeFunctionData({ abi: govPoolAbi, data: claim?.data ?? "0x" });
    expect(decodedClaim).toEqual({ functionName: "claimRewards", args: [[3n], FIXTURE_USER] });
  });

  it("uses the pool's multicall only without native value", () => {
    const free = {
      ...fixtureDetails(ProposalState.SucceededFor, { actionsOnFor: [{ ...ACTION, value: 0n }] }),
      rewardToken: REWARD,
    };
    expect(executeAndClaimMulticall(free, FIXTURE_USER)).toEqual(
      executeAndClaimCalls(free, FIXTURE_USER).map((c) => c.data),
    );
    const paid = {
      ...fixtureDetails(ProposalState.SucceededFor, { actionsOnFor: [ACTION] }),
      rewardToken: REWARD,
    };
    expect(executeAndClaimMulticall(paid, FIXTURE_USER)).toBeNull();
  });

  it("executes alone a proposal whose settings pay no rewards (the claim would revert)", () => {
    const details = fixtureDetails(ProposalState.SucceededFor, { actionsOnFor: [{ ...ACTION, value: 0n }] });
    expect(details.rewardToken).toBeNull();
    expect(claimsOnExecute(details)).toBe(false);
    expect(executeAndClaimMulticall(details, FIXTURE_USER)).toBeNull();
    expect(claimsOnExecute({ rewardToken: REWARD })).toBe(true);
  });

  it("uses a batch only where the wallet reports atomic support", () => {
    expect(supportsAtomicBatch({ atomic: { status: "supported" } })).toBe(true);
    expect(supportsAtomicBatch({ atomic: { status: "ready" } })).toBe(true);
    expect(supportsAtomicBatch({ atomic: { status: "unsupported" } })).toBe(false);
    expect(supportsAtomicBatch({})).toBe(false);
    expect(supportsAtomicBatch(null)).toBe(false);
  });
});
