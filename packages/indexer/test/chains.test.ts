import { describe, expect, it } from "vitest";
import { getLogsRange, indexedChains, rpcEndpoints } from "../src/chains.ts";

const factory = "0x1111111111111111111111111111111111111111" as const;

describe("indexedChains", () => {
  it("indexes the local chain on its default endpoint", () => {
    expect(indexedChains({ 31337: { PoolFactory: factory, startBlock: 3 } }, {})).toEqual([
      {
        name: "chain31337",
        id: 31337,
        rpcUrl: "http://127.0.0.1:8545",
        // The local node has no rate limit: listed 20 times, Ponder may start it at 400 requests/s.
        rpc: Array.from({ length: 20 }, () => "http://127.0.0.1:8545"),
        ethGetLogsBlockRange: undefined,
        poolFactory: factory,
        globalExpertNft: null,
        priceFeed: null,
        startBlock: 3,
      },
    ]);
  });

  it("indexes a public chain only when its RPC_URL_<id> is set", () => {
    const deployments = {
      56: { PoolFactory: factory, startBlock: 100 },
      97: { PoolFactory: factory, startBlock: 5 },
    };
    expect(indexedChains(deployments, {}).map((c) => c.id)).toEqual([]);
    expect(indexedChains(deployments, { RPC_URL_97: "https://rpc.example" })).toEqual([
      {
        name: "chain97",
        id: 97,
        rpcUrl: "https://rpc.example",
        rpc: "https://rpc.example",
        ethGetLogsBlockRange: undefined,
        poolFactory: factory,
        globalExpertNft: null,
        priceFeed: null,
        startBlock: 5,
      },
    ]);
  });

  it("skips chains without a PoolFactory address and honours INDEXER_CHAIN_IDS", () => {
    const deployments = { 31337: { PoolFactory: factory }, 1: {} };
    expect(indexedChains(deployments, { RPC_URL_1: "https://eth" })).toHaveLength(1);
    expect(indexedChains(deployments, { INDEXER_CHAIN_IDS: "1" })).toEqual([]);
  });

  it("lists a chain's endpoints as often as its start rate asks, and a public chain once by default", () => {
    expect(rpcEndpoints(56, "https://a", {})).toBe("https://a");
    expect(rpcEndpoints(56, "https://a", { INDEXER_RPC_URLS_56: " https://b, https://c ," })).toEqual([
      "https://b",
      "https://c",
    ]);
    expect(rpcEndpoints(56, "https://a", { INDEXER_RPC_START_RPS_56: "60" })).toEqual([
      "https://a",
      "https://a",
      "https://a",
    ]);
    expect(
      rpcEndpoints(56, "https://a", {
        INDEXER_RPC_URLS_56: "https://b,https://c",
        INDEXER_RPC_START_RPS_56: "60",
      }),
    ).toEqual(["https://b", "https://b", "https://c", "https://c"]);
    expect(rpcEndpoints(31337, "http://node", { INDEXER_RPC_START_RPS_31337: "20" })).toBe("http://node");
    expect(rpcEndpoints(56, "https://a", { INDEXER_RPC_START_RPS_56: "" })).toBe("https://a");
    for (const bad of ["x", "0", "-20", "2.5", "5000"])
      expect(() => rpcEndpoints(56, "https://a", { INDEXER_RPC_START_RPS_56: bad })).toThrow(
        `INDEXER_RPC_START_RPS_56 must be a whole number from 1 to 1000, got "${bad}"`,
      );
  });

  it("fixes a chain's eth_getLogs range only when INDEXER_GET_LOGS_RANGE_<id> is set, and refuses a range that is not one", () => {
    expect(getLogsRange(56, {})).toBeUndefined();
    expect(getLogsRange(56, { INDEXER_GET_LOGS_RANGE_56: " " })).toBeUndefined();
    expect(getLogsRange(56, { INDEXER_GET_LOGS_RANGE_56: "5000" })).toBe(5000);
    expect(getLogsRange(56, { INDEXER_GET_LOGS_RANGE_97: "5000" })).toBeUndefined();
    for (const bad of ["0", "-1", "1.5", "x"])
      expect(() => getLogsRange(56, { INDEXER_GET_LOGS_RANGE_56: bad })).toThrow(
        `INDEXER_GET_LOGS_RANGE_56 must be a whole number from 1 to 1000000, got "${bad}"`,
      );
  });
});
