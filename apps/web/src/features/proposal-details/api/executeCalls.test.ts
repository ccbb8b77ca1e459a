import { govPoolAbi } from "@polity/core/generated/contracts";
import { ProposalState } from "@polity/core/proposalStates";
import { decodeFunctionData } from "viem";
import { describe, expect, it, vi } from "vitest";
import {
  claimGoesThrough,
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

  it("asks the node whether the execute-and-claim batch goes through before sending it", async () => {
    const details = fixtureDetails(ProposalState.SucceededFor);
    const user = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
    const batch = ["0x01", "0x02"] as const;
    const call = vi
      .fn()
      .mockResolvedValueOnce({ data: "0x" })
      .mockRejectedValueOnce(new Error("GovPoolNothingToClaim"));
    expect(await claimGoesThrough({ call }, details, user, batch)).toBe(true);
    expect(call.mock.calls[0]![0]).toMatchObject({ account: user, to: details.dao });
    // nothing owed to the caller: the claim reverts, so the proposal is executed alone
    expect(await claimGoesThrough({ call }, details, user, batch)).toBe(false);
  });

  it("uses a batch only where the wallet reports atomic support", () => {
    expect(supportsAtomicBatch({ atomic: { status: "supported" } })).toBe(true);
    expect(supportsAtomicBatch({ atomic: { status: "ready" } })).toBe(true);
    expect(supportsAtomicBatch({ atomic: { status: "unsupported" } })).toBe(false);
    expect(supportsAtomicBatch({})).toBe(false);
    expect(supportsAtomicBatch(null)).toBe(false);
  });
});
