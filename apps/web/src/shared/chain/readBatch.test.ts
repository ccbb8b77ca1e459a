import { erc20Abi } from "viem";
import { describe, expect, expectTypeOf, it } from "vitest";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import { named, readBatch, readCall } from "./readBatch.ts";

const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const OTHER = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const HOLDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const token = { address: TOKEN, abi: erc20Abi } as const;

describe("readBatch", () => {
  it("reads every call in one multicall and answers them by name, lists as lists", async () => {
    const { client, multicall } = clientAnsweringEach((call) =>
      call.functionName === "symbol" ? (call.address === TOKEN ? "ACME" : "USDC") : 7n,
    );
    const read = await readBatch(client, {
      balance: readCall(token, "balanceOf", [HOLDER]),
      symbols: ([TOKEN, OTHER] as const).map((address) => readCall({ address, abi: erc20Abi }, "symbol")),
    });
    expect(read).toEqual({ balance: 7n, symbols: ["ACME", "USDC"] });
    expect(multicall).toHaveBeenCalledTimes(1);
    expect(multicall.mock.calls[0]?.[0].contracts.map((c) => c.functionName)).toEqual([
      "balanceOf",
      "symbol",
      "symbol",
    ]);
  });

  it("answers undefined for a failed read and for a call left out, and skips an empty batch", async () => {
    const { client, multicall } = clientAnsweringEach((call) => {
      if (call.functionName === "decimals") throw new Error("reverted");
      return "ACME";
    });
    const read = await readBatch(client, {
      symbol: readCall(token, "symbol"),
      decimals: readCall(token, "decimals"),
      skipped: null,
      absent: undefined,
    });
    expect(read).toEqual({ symbol: "ACME", decimals: undefined, skipped: undefined, absent: undefined });
    await expect(readBatch(client, { nothing: undefined, none: [] })).resolves.toEqual({
      nothing: undefined,
      none: [],
    });
    expect(multicall).toHaveBeenCalledTimes(1);
  });

  it("throws the error of a required read that failed", async () => {
    const { client } = clientAnsweringEach(() => {
      throw new Error("reverted: not a DAO");
    });
    await expect(
      readBatch(client, { symbol: readCall(token, "symbol") }, { required: ["symbol"] }),
    ).rejects.toThrow("reverted: not a DAO");
  });

  it("answers a function of several outputs by the outputs' ABI names, never by position", async () => {
    const pairAbi = [
      {
        type: "function",
        name: "reserves",
        stateMutability: "view",
        inputs: [],
        outputs: [
          { name: "base", type: "uint256" },
          { name: "quote", type: "uint256" },
        ],
      },
    ] as const;
    const { client } = clientAnsweringEach(() => [3n, 4n]);
    const read = await readBatch(client, {
      reserves: named(readCall({ address: TOKEN, abi: pairAbi }, "reserves")),
    });
    expect(read.reserves).toEqual({ base: 3n, quote: 4n });
    expectTypeOf(read.reserves).toEqualTypeOf<{ base: bigint; quote: bigint } | undefined>();
    expect(() => named(readCall(token, "balanceOf", [HOLDER]))).toThrow("several named outputs");
  });
});
