import { govPoolAbi } from "@polity/core/generated/contracts";
import {
  type Abi,
  CallExecutionError,
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  RawContractError,
} from "viem";
import { describe, expect, it, vi } from "vitest";
import { daoContractsFixture } from "../../test/daoContractsFixture.ts";
import { knownContracts, REVERT_ABIS } from "./daoContracts.ts";
import { reviewActions } from "./reviewActions.ts";
import { decodeRevertReason, simulateAction } from "./simulateAction.ts";

const POOL = "0x1111111111111111111111111111111111111111";
const DAO = daoContractsFixture(POOL, {
  address: "0x2222222222222222222222222222222222222222",
  symbol: "ACME",
  decimals: 6,
});

function reverting(data: Hex) {
  return new CallExecutionError(new RawContractError({ data }), { account: POOL });
}

describe("simulateAction", () => {
  it("calls the target from the pool's address and returns its result", async () => {
    const call = vi.fn().mockResolvedValue({ data: "0x01" });
    const action = {
      executor: "0x000000000000000000000000000000000000bEEF",
      value: 0n,
      data: "0xabcdef01",
    } as const;
    expect(await simulateAction({ call }, POOL, action, REVERT_ABIS)).toEqual({
      ok: true,
      returnData: "0x01",
    });
    expect(call).toHaveBeenCalledWith({ account: POOL, to: action.executor, data: action.data, value: 0n });
  });

  it("decodes custom errors and Error(string) reverts", async () => {
    const custom = encodeErrorResult({ abi: govPoolAbi, errorName: "GovPoolNotThis", args: [POOL] });
    const call = vi.fn().mockRejectedValue(reverting(custom));
    const result = await simulateAction(
      { call },
      POOL,
      { executor: POOL, value: 0n, data: "0x" },
      REVERT_ABIS,
    );
    expect(result).toEqual({ ok: false, reason: `GovPoolNotThis(${POOL})` });
    const text = encodeErrorResult({
      abi: [{ type: "error", name: "Error", inputs: [{ type: "string" }] }] as Abi,
      errorName: "Error",
      args: ["no funds"],
    });
    expect(decodeRevertReason(text, REVERT_ABIS, "fallback")).toBe("no funds");
    expect(decodeRevertReason(undefined, REVERT_ABIS, "fallback")).toBe("fallback");
  });
});

describe("reviewActions", () => {
  it("asks unknown targets for ERC-20 decimals so amounts read right, then simulates each action", async () => {
    const usdc = "0x000000000000000000000000000000000000C0DE";
    const action = {
      executor: usdc,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [POOL, 2_500_000n] }),
    } as const;
    const multicall = vi.fn().mockResolvedValue([
      { status: "success", result: "USDC" },
      { status: "success", result: 6 },
    ]);
    const insufficient = encodeErrorResult({
      abi: [
        {
          type: "error",
          name: "ERC20InsufficientBalance",
          inputs: [{ type: "address" }, { type: "uint256" }, { type: "uint256" }],
        },
      ] as Abi,
      errorName: "ERC20InsufficientBalance",
      args: [POOL, 0n, 2_500_000n],
    });
    const call = vi.fn().mockRejectedValue(reverting(insufficient));
    const review = await reviewActions(
      { call, multicall },
      POOL,
      [action],
      knownContracts(DAO),
      REVERT_ABIS,
      {
        eachAction: true,
      },
    );
    const [item] = review.items;
    expect(item?.decoded.target).toMatchObject({ role: "token", token: { symbol: "USDC", decimals: 6 } });
    expect(item?.decoded.args[1]).toMatchObject({ kind: "amount", display: "2.5 USDC" });
    expect(review.execution).toBeNull();
    expect(item?.simulation).toEqual({ ok: false, reason: `ERC20InsufficientBalance(${POOL}, 0, 2500000)` });
  });
});
