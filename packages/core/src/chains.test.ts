import * as viemChains from "viem/chains";
import { describe, expect, it } from "vitest";
import {
  CHAINS,
  ChainId,
  chainTokenStandardLabel,
  defaultChainId,
  explorerLink,
  getChain,
  initialChainId,
  isSupportedChain,
  PUBLIC_CHAIN_IDS,
  resolveRpcUrl,
  supportedChainIds,
  tokenStandardLabel,
} from "./chains.ts";

describe("chains", () => {
  it("supports exactly 56, 97, 1, 11155111 and 80002 publicly", () => {
    expect(PUBLIC_CHAIN_IDS).toEqual([56, 97, 1, 11155111, 80002]);
    expect(supportedChainIds()).toEqual([56, 97, 1, 11155111, 80002]);
  });

  it("adds the local chain 31337 only when enabled, flagged dev-only", () => {
    expect(supportedChainIds({ isLocalChainEnabled: true })).toEqual([56, 97, 1, 11155111, 80002, 31337]);
    expect(CHAINS[31337].name).toBe("Polity Local");
    expect(CHAINS[31337].isDevOnly).toBe(true);
    expect(isSupportedChain(31337)).toBe(false);
    expect(isSupportedChain(31337, { isLocalChainEnabled: true })).toBe(true);
    for (const id of PUBLIC_CHAIN_IDS) expect(CHAINS[id].isDevOnly).toBe(false);
  });

  it("rejects unknown or non-numeric chain ids", () => {
    expect(isSupportedChain(80001)).toBe(false);
    expect(isSupportedChain("56")).toBe(false);
    expect(isSupportedChain(undefined)).toBe(false);
    expect(() => getChain(80001)).toThrow(/Unsupported chain id 80001/);
  });

  it("has Polygon Amoy with native MATIC, 18 decimals", () => {
    expect(CHAINS[80002].nativeCurrency).toEqual({ name: "MATIC", symbol: "MATIC", decimals: 18 });
  });

  it("uses 18 decimals for every native currency", () => {
    for (const chain of Object.values(CHAINS)) expect(chain.nativeCurrency.decimals).toBe(18);
  });

  it("agrees with viem's chain definitions on ids, testnet flags and explorers", () => {
    const pairs = [
      [viemChains.bsc, 56],
      [viemChains.bscTestnet, 97],
      [viemChains.mainnet, 1],
      [viemChains.sepolia, 11155111],
      [viemChains.polygonAmoy, 80002],
    ] as const;
    for (const [viemChain, id] of pairs) {
      const chain = getChain(id);
      expect(viemChain.id).toBe(id);
      expect(Boolean(viemChain.testnet)).toBe(chain.isTestnet);
      expect(viemChain.blockExplorers?.default.url).toBe(chain.explorerUrl);
    }
  });

  it("defaults to BNB Smart Chain in production and its testnet otherwise", () => {
    expect(defaultChainId("production")).toBe(56);
    expect(defaultChainId("production", { isLocalChainEnabled: true })).toBe(56);
    expect(defaultChainId("development")).toBe(97);
    expect(defaultChainId("test")).toBe(97);
    expect(defaultChainId("development", { isLocalChainEnabled: true })).toBe(ChainId.Local);
  });

  it("remembers the last chosen chain while it is still supported", () => {
    expect(initialChainId("production", 1)).toBe(1);
    expect(initialChainId("production", 80001)).toBe(56);
    expect(initialChainId("production", null)).toBe(56);
    expect(initialChainId("production", 31337, { isLocalChainEnabled: true })).toBe(56);
    expect(initialChainId("development", 31337)).toBe(97);
    expect(initialChainId("development", 31337, { isLocalChainEnabled: true })).toBe(31337);
  });

  it("resolves RPC URLs from RPC_URL_<chainId> with public defaults", () => {
    expect(resolveRpcUrl(31337)).toBe("http://127.0.0.1:8545");
    expect(resolveRpcUrl(31337, { RPC_URL_31337: "http://127.0.0.1:9545" })).toBe("http://127.0.0.1:9545");
    expect(resolveRpcUrl(56, { RPC_URL_56: "  " })).toBe(CHAINS[56].defaultRpcUrl);
    expect(resolveRpcUrl(97, { RPC_URL_56: "http://x" })).toBe(CHAINS[97].defaultRpcUrl);
  });

  it("labels token standards per chain family", () => {
    expect(tokenStandardLabel("ethereum", "fungible")).toBe("ERC-20");
    expect(tokenStandardLabel("ethereum", "nft")).toBe("ERC-721");
    expect(tokenStandardLabel("bnb", "fungible")).toBe("BEP-20");
    expect(tokenStandardLabel("bnb", "nft")).toBe("BEP-721");
    expect(tokenStandardLabel("tron", "fungible")).toBe("TRC-20");
    expect(tokenStandardLabel("tron", "nft")).toBe("TRC-721");
    expect(tokenStandardLabel("tezos", "fungible")).toBe("FA2");
    expect(tokenStandardLabel("tezos", "nft")).toBe("FA2");
    expect(chainTokenStandardLabel(56, "fungible")).toBe("BEP-20");
    expect(chainTokenStandardLabel(97, "nft")).toBe("BEP-721");
    expect(chainTokenStandardLabel(1, "fungible")).toBe("ERC-20");
    expect(chainTokenStandardLabel(80002, "nft")).toBe("ERC-721");
  });

  it("builds explorer links and none for the local chain", () => {
    expect(explorerLink(56, "tx", "0xabc")).toBe("https://bscscan.com/tx/0xabc");
    expect(explorerLink(11155111, "address", "0x1")).toBe("https://sepolia.etherscan.io/address/0x1");
    expect(explorerLink(1, "block", 12n)).toBe("https://etherscan.io/block/12");
    expect(explorerLink(31337, "tx", "0xabc")).toBeNull();
  });
});
