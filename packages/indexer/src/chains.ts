import { rpcUrlEnvName } from "@polity/core/chains";
import type { Address } from "viem";

export const LOCAL_CHAIN_ID = 31337;
const LOCAL_DEFAULT_RPC = "http://127.0.0.1:8545";

/**
 * The request rate Ponder 0.16 allows each endpoint at its start (its client-side limit, raised by 5% every few
 * seconds of saturation and lowered when the provider answers 429 or times out).
 */
export const PONDER_START_RPS = 20;
/** The local node has no rate limit: Ponder may start it at this rate (a fresh backfill is paced by it otherwise). */
const LOCAL_START_RPS = 400;
/** Ponder raises each listed endpoint up to 500 requests/s on its own: 50 listings is already more than a plan sells. */
const MAX_START_RPS = 1_000;
/** Far beyond any provider's cap (the common ones allow 1,000–10,000 blocks). */
const MAX_GET_LOGS_RANGE = 1_000_000;

export interface IndexedChain {
  /** Ponder chain name: `chain<id>`. */
  name: string;
  id: number;
  rpcUrl: string;
  /** Ponder's `rpc`: the chain's endpoints, each listed as often as its start rate asks (see `rpcEndpoints`). */
  rpc: string | string[];
  /** Ponder's `ethGetLogsBlockRange`: `INDEXER_GET_LOGS_RANGE_<chainId>`, else undefined (Ponder finds the range). */
  ethGetLogsBlockRange: number | undefined;
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
      rpc: rpcEndpoints(id, rpcUrl, env),
      ethGetLogsBlockRange: getLogsRange(id, env),
      poolFactory: deployment.PoolFactory,
      globalExpertNft: deployment.GlobalExpertNft ?? null,
      priceFeed: deployment.PriceFeed ?? null,
      startBlock: deployment.startBlock ?? 0,
    });
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * The endpoints Ponder balances the chain's requests over: `INDEXER_RPC_URLS_<chainId>` (comma list) or the chain's
 * RPC URL. Ponder limits each endpoint it is given to `PONDER_START_RPS` requests per second at its start, raising
 * the limit only slowly (by 5% every ~5 s of saturation, at most 500/s), and lowers each endpoint's limit on its
 * own 429s and timeouts. `INDEXER_RPC_START_RPS_<chainId>` (default 20, and 400 for the local node) is the rate the
 * chain may start at: each endpoint is listed as many times as that takes, so a provider whose plan allows more
 * than 20 requests per second is not held at 20 for the first minutes of a backfill.
 */
export function rpcEndpoints(
  chainId: number,
  rpcUrl: string,
  env: Readonly<Record<string, string | undefined>>,
): string | string[] {
  const urls = (env[`INDEXER_RPC_URLS_${chainId}`] ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter((u) => u !== "");
  const endpoints = urls.length > 0 ? urls : [rpcUrl];
  const startRps =
    positiveWholeEnv(env, `INDEXER_RPC_START_RPS_${chainId}`, MAX_START_RPS) ??
    (chainId === LOCAL_CHAIN_ID ? LOCAL_START_RPS : PONDER_START_RPS);
  const copies = Math.max(1, Math.ceil(startRps / PONDER_START_RPS / endpoints.length));
  const listed = endpoints.flatMap((url) => Array.from({ length: copies }, () => url));
  return listed.length === 1 ? (listed[0] as string) : listed;
}

/**
 * The fixed block range of the chain's `eth_getLogs` (`INDEXER_GET_LOGS_RANGE_<chainId>`, a positive integer), for a
 * provider whose range cap Ponder cannot read from its errors, or that allows more than Ponder's start of 500 blocks
 * (a backfill over sparse history then asks far fewer requests). Unset: Ponder starts at 500 blocks, grows by 5% per
 * request and narrows on range errors. When set, Ponder no longer narrows it on errors.
 */
export function getLogsRange(chainId: number, env: Readonly<Record<string, string | undefined>>) {
  return positiveWholeEnv(env, `INDEXER_GET_LOGS_RANGE_${chainId}`, MAX_GET_LOGS_RANGE);
}

/** A whole number from 1 to `max` in `env[name]`; undefined when unset or empty. Anything else stops the start. */
function positiveWholeEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  max: number,
): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return value;
}
