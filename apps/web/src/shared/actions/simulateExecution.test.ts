import {
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  numberToHex,
} from "viem";
import { describe, expect, it, vi } from "vitest";
import { daoContractsFixture } from "../../test/daoContractsFixture.ts";
import { actionSimulatorAbi, actionSimulatorCode } from "./actionSimulator.ts";
import { knownContracts, REVERT_ABIS } from "./daoContracts.ts";
import { decodeAction, type ProposalAction } from "./decodeAction.ts";
import { simulateExecution, treasuryOutflows } from "./simulateExecution.ts";

const POOL = "0x1111111111111111111111111111111111111111";
const TOKEN = "0x2222222222222222222222222222222222222222";
const RECIPIENT = "0x000000000000000000000000000000000000dEaD";
const known = knownContracts(daoContractsFixture(POOL, { address: TOKEN, symbol: "ACME", decimals: 18 }));
const NATIVE = { symbol: "ETH", decimals: 18 };
const E = (n: number) => BigInt(n) * 10n ** 18n;
const word = (n: bigint) => numberToHex(n, { size: 32 });

const transfer = {
  executor: TOKEN,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, E(500)] }),
} as const;

/** `simulateExecution` of `actions` from the fixture DAO's pool. */
function simulate(
  call: Parameters<typeof simulateExecution>[0]["call"],
  actions: readonly ProposalAction[],
  abis = REVERT_ABIS,
) {
  return simulateExecution(
    { call },
    POOL,
    actions,
    actions.map((a) => decodeAction(a, known)),
    known,
    NATIVE,
    abis,
  );
}

/** A node answering the simulator's `run` with `answer(calls)`, recording what it was asked. */
function node(
  answer: (calls: readonly { target: string; data: Hex }[]) => { success: boolean; returnData: Hex }[],
) {
  return vi.fn(async (args: { data?: Hex }) => {
    const { args: decoded } = decodeFunctionData({ abi: actionSimulatorAbi, data: args.data ?? "0x" });
    const calls = (decoded?.[0] ?? []) as readonly { target: string; data: Hex }[];
    return {
      data: encodeFunctionResult({ abi: actionSimulatorAbi, functionName: "run", result: answer(calls) }),
    };
  });
}

describe("simulateExecution", () => {
  it("runs the actions from the pool's address in one eth_call with the simulator's code and reports each balance that changes", async () => {
    const call = node(() => [
      { success: true, returnData: word(E(1000)) },
      { success: true, returnData: word(0n) },
      { success: true, returnData: word(1n) },
      { success: true, returnData: word(E(500)) },
      { success: true, returnData: word(E(500)) },
    ]);
    const result = await simulate(call, [transfer]);
    const request = call.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(request).toMatchObject({
      account: POOL,
      to: POOL,
      stateOverride: [{ address: POOL, code: actionSimulatorCode }],
    });
    const { args } = decodeFunctionData({ abi: actionSimulatorAbi, data: request.data as Hex });
    const calls = args?.[0] as readonly { target: string; data: Hex }[];
    // The treasury's and the recipient's ACME before, the transfer, and the same two reads after.
    expect(calls.map((c) => c.target)).toEqual([TOKEN, TOKEN, TOKEN, TOKEN, TOKEN]);
    expect(calls[2]?.data).toBe(transfer.data);
    expect(result).toEqual({
      status: "ok",
      changes: [
        {
          holder: POOL,
          asset: { address: TOKEN, symbol: "ACME", decimals: 18 },
          before: E(1000),
          after: E(500),
        },
        {
          holder: RECIPIENT,
          asset: { address: TOKEN, symbol: "ACME", decimals: 18 },
          before: 0n,
          after: E(500),
        },
      ],
    });
    if (result.status !== "ok") throw new Error("expected ok");
    expect(treasuryOutflows(result.changes, POOL)).toEqual([
      { asset: { address: TOKEN, symbol: "ACME", decimals: 18 }, amount: E(500), recipients: [RECIPIENT] },
    ]);
  });

  it("says which action reverts and why", async () => {
    const insufficient = encodeErrorResult({
      abi: [
        {
          type: "error",
          name: "ERC20InsufficientBalance",
          inputs: [{ type: "address" }, { type: "uint256" }, { type: "uint256" }],
        },
      ],
      errorName: "ERC20InsufficientBalance",
      args: [POOL, 0n, E(500)],
    });
    const call = node((calls) =>
      calls.map((c) =>
        c.data === transfer.data
          ? { success: false, returnData: insufficient }
          : { success: true, returnData: word(0n) },
      ),
    );
    const abis = [
      ...REVERT_ABIS,
      [
        {
          type: "error",
          name: "ERC20InsufficientBalance",
          inputs: [{ type: "address" }, { type: "uint256" }, { type: "uint256" }],
        },
      ] as const,
    ];
    expect(
      await simulateExecution(
        { call },
        POOL,
        [transfer],
        [decodeAction(transfer, known)],
        known,
        NATIVE,
        abis,
      ),
    ).toEqual({ status: "reverted", index: 0, reason: `ERC20InsufficientBalance(${POOL}, 0, ${E(500)})` });
  });

  it("reads native balances when an action sends value, and does not stand in for the DAO when an action calls it", async () => {
    const pay = { executor: RECIPIENT, value: E(2), data: "0x" } as const;
    let asked: readonly { target: string; data: Hex }[] = [];
    const call = node((calls) => {
      asked = calls;
      return [word(E(10)), word(E(2)), "0x" as Hex, word(E(8)), word(E(4))].map((returnData) => ({
        success: true,
        returnData,
      }));
    });
    const result = await simulate(call, [pay]);
    expect(asked[0]).toMatchObject({
      target: POOL,
      data: encodeFunctionData({ abi: actionSimulatorAbi, functionName: "nativeBalance", args: [POOL] }),
    });
    expect(result).toMatchObject({
      status: "ok",
      changes: [
        { holder: POOL, asset: { address: null, symbol: "ETH" }, before: E(10), after: E(8) },
        { holder: RECIPIENT, asset: { address: null, symbol: "ETH" }, before: E(2), after: E(4) },
      ],
    });
    const self = { executor: POOL, value: 0n, data: "0x12345678" } as const;
    const untouched = vi.fn();
    expect(await simulate(untouched, [self])).toEqual({ status: "unavailable" });
    expect(untouched).not.toHaveBeenCalled();
  });
});
