import { createClient, custom, encodeFunctionResult, erc20Abi } from "viem";
import { hardhat } from "viem/chains";
import { describe, expect, it } from "vitest";
import { readActions } from "./readClient.ts";

const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const HOLDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

function clientAnswering(answer: (method: string, params: unknown) => unknown) {
  const requests: { method: string; params: unknown }[] = [];
  const client = createClient({
    chain: hardhat,
    transport: custom({
      async request({ method, params }) {
        requests.push({ method, params });
        return answer(method, params);
      },
    }),
  }).extend(readActions);
  return { client, requests };
}

describe("readActions", () => {
  it("reads a contract through eth_call and decodes the result", async () => {
    const { client, requests } = clientAnswering(() =>
      encodeFunctionResult({ abi: erc20Abi, functionName: "decimals", result: 6 }),
    );
    await expect(
      client.readContract({ address: TOKEN, abi: erc20Abi, functionName: "decimals" }),
    ).resolves.toBe(6);
    expect(requests.map((r) => r.method)).toEqual(["eth_call"]);
  });

  it("reads balances and code with their own RPC methods", async () => {
    const { client, requests } = clientAnswering((method) =>
      method === "eth_getBalance" ? "0x2a" : "0x6001",
    );
    await expect(client.getBalance({ address: HOLDER })).resolves.toBe(42n);
    await expect(client.getCode({ address: TOKEN })).resolves.toBe("0x6001");
    expect(requests.map((r) => r.method)).toEqual(["eth_getBalance", "eth_getCode"]);
  });

  it("carries only the read actions, not viem's whole public decorator", () => {
    const { client } = clientAnswering(() => null);
    expect(Object.keys(readActions(client)).sort()).toEqual([
      "call",
      "getBalance",
      "getBlock",
      "getCode",
      "getContractEvents",
      "multicall",
      "readContract",
    ]);
    expect("verifyMessage" in client).toBe(false);
  });
});
