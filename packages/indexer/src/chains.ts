import { rpcUrlEnvName } from "@polity/core/chains";
import type { Address } from "viem";

export const LOCAL_CHAIN_ID = 31337;
const LOCAL_DEFAULT_RPC = "http://127.0.0.1:8545";

export interface IndexedChain {
  /** Ponder chain name: `chain<id>`. */
  name: string;
  id: number;
  rpcUrl: string;
  poolFactory: Address;
  globalExpertNft: Address | null;
  priceFeed: Address | null;
  startBlock: number;
}

type Deployment = {
  PoolFactory?: Address;
  GlobalExpertNft?: Address;
  PriceFeed?: Address;
  startBlock?: number;
};

/**
 * Chains to index: every chain with a PoolFactory address and an RPC URL. The local chain falls back
 * to the default Hardhat endpoint; public chains need `RPC_URL_<chainId>` so nothing is indexed
 * from a public endpoint by accident. `INDEXER_CHAIN_IDS` (comma list) narrows the set.
 */
export function indexedChains(
  deployments: Readonly<Record<number, Deployment | undefined>>,
  env: Readonly<Record<string, string | undefined>>,
): IndexedChain[] {
  const only = env.INDEXER_CHAIN_IDS?.split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const out: IndexedChain[] = [];
  for (const [key, deployment] of Object.entries(deployments)) {
    const id = Number(key);
    if (!deployment?.PoolFactory || (only && only.length > 0 && !only.includes(id))) continue;
    const configured = env[rpcUrlEnvName(id)]?.trim();
    const rpcUrl = configured || (id === LOCAL_CHAIN_ID ? LOCAL_DEFAULT_RPC : undefined);
    if (!rpcUrl) continue;
    out.push({
      name: `chain${id}`,
      id,
      rpcUrl,
      poolFactory: deployment.PoolFactory,
      globalExpertNft: deployment.GlobalExpertNft ?? null,
      priceFeed: deployment.PriceFeed ?? null,
      startBlock: deployment.startBlock ?? 0,
    });
  }
  return out.sort((a, b) => a.id - b.id);
}
