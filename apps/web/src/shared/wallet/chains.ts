import { CHAINS, ChainId, initialChainId, isSupportedChain, supportedChainIds } from "@polity/core/chains";
import { type Chain, defineChain } from "viem";
import { bsc, bscTestnet, hardhat, mainnet, polygonAmoy, sepolia } from "viem/chains";
import { env, rpcUrlOverride } from "../config/env.ts";

/** viem's definitions carry each chain's Multicall3 address; names and currencies come from core. */
const viemChains: Record<ChainId, Chain> = {
  56: bsc,
  97: bscTestnet,
  1: mainnet,
  11155111: sepolia,
  80002: polygonAmoy,
  31337: hardhat,
};

const chainOptions = { isLocalChainEnabled: env.isLocalChainEnabled };

export function toViemChain(chainId: ChainId): Chain {
  const info = CHAINS[chainId];
  const base = viemChains[chainId];
  const rpcUrl = chainId === 31337 ? env.localRpcUrl : (rpcUrlOverride(chainId) ?? info.defaultRpcUrl);
  return defineChain({
    ...base,
    id: info.id,
    name: info.name,
    nativeCurrency: info.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: info.explorerUrl
      ? { default: { name: `${info.name} explorer`, url: info.explorerUrl } }
      : undefined,
  });
}

const ids = supportedChainIds(chainOptions);
// The local chain goes first when enabled, so a fresh development session starts on it.
const ordered = env.isLocalChainEnabled
  ? [ChainId.Local, ...ids.filter((id) => id !== ChainId.Local)]
  : [...ids];

const [firstChain, ...otherChains] = ordered.map(toViemChain);
// wagmi needs at least one chain; the configuration always names one (`supportedChainIds`).
if (!firstChain) throw new Error("No supported chain is configured");

export const supportedChains: readonly [Chain, ...Chain[]] = [firstChain, ...otherChains];

export const localChain: Chain | undefined = env.isLocalChainEnabled ? toViemChain(31337) : undefined;

export const defaultChainId: number = initialChainId(
  env.isProduction ? "production" : "development",
  undefined,
  chainOptions,
);

export function isSupportedChainId(chainId: number | undefined): chainId is number {
  return isSupportedChain(chainId, chainOptions);
}

export function chainById(chainId: number): Chain | undefined {
  return supportedChains.find((chain) => chain.id === chainId);
}

export function rpcUrlFor(chain: Chain): string {
  return chain.rpcUrls.default.http[0] ?? "";
}
