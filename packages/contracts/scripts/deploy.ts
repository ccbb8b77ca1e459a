/**
 * Deploys the protocol to the chain at RPC_URL (default http://127.0.0.1:8545) and records the addresses in
 * deployments/<chainId>.json, then regenerates @polity/core's bindings.
 *
 * Env: RPC_URL; DEPLOYER_PRIVATE_KEY (required except on chain 31337, where the first Hardhat dev account
 * is used); PROTOCOL_OWNER (defaults to the deployer; use a multisig); BABT_ADDRESS (an existing account-bound
 * token; when unset a soulbound TestBABT is deployed, which only makes sense on test chains);
 * PROTOCOL_TIMELOCK_DELAY (seconds every upgrade and registry change waits in the ProtocolTimelock that owns
 * PoolRegistry and CoreProperties; default 172800 = 2 days, except on chain 31337 where the owner acts directly
 * unless it is set).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { contractsRoot } from "./lib/artifacts.ts";
import { deployProtocol } from "./lib/protocol.ts";

/** Hardhat's first dev account: a publicly known key, valid only for the local chain 31337. */
export const HARDHAT_DEV_KEY_0: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

const rpcUrl = process.env.RPC_URL ?? "http://127.0.0.1:8545";
const started = Date.now();
const probe = createPublicClient({ transport: http(rpcUrl) });
const chainId = await probe.getChainId();
const key =
  (process.env.DEPLOYER_PRIVATE_KEY as Hex | undefined) ??
  (chainId === 31337 ? HARDHAT_DEV_KEY_0 : undefined);
if (!key) throw new Error(`DEPLOYER_PRIVATE_KEY is required on chain ${chainId}`);

const chain = defineChain({
  id: chainId,
  name: `chain-${chainId}`,
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const account = privateKeyToAccount(key);
const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
const walletClient = createWalletClient({ chain, account, transport: http(rpcUrl) });

// Idempotent: when this chain already has the recorded protocol, keep it (addresses must not change).
const recordFile = join(contractsRoot, "deployments", `${chainId}.json`);
if (existsSync(recordFile)) {
  const recorded = JSON.parse(readFileSync(recordFile, "utf8")) as {
    PoolFactory: Address;
    PoolRegistry: Address;
  };
  const [factoryCode, registryCode] = await Promise.all([
    probe.getCode({ address: recorded.PoolFactory }),
    probe.getCode({ address: recorded.PoolRegistry }),
  ]);
  if (factoryCode && registryCode) {
    console.log(
      `protocol already deployed on chain ${chainId}: PoolFactory ${recorded.PoolFactory} (nothing to do)`,
    );
    process.exit(0);
  }
}

const delayEnv = process.env.PROTOCOL_TIMELOCK_DELAY;
if (delayEnv !== undefined && !/^\d+$/.test(delayEnv)) {
  throw new Error(`PROTOCOL_TIMELOCK_DELAY must be a whole number of seconds, got "${delayEnv}"`);
}
const timelockDelay = delayEnv !== undefined ? BigInt(delayEnv) : chainId === 31337 ? undefined : 172_800n;

const deployment = await deployProtocol(
  { publicClient, walletClient },
  {
    ...(process.env.PROTOCOL_OWNER ? { owner: process.env.PROTOCOL_OWNER as Address } : {}),
    ...(process.env.BABT_ADDRESS ? { babt: process.env.BABT_ADDRESS as Address } : {}),
    ...(timelockDelay === undefined ? {} : { timelockDelay }),
  },
);

const { Timelock, ...recorded } = deployment;
if (Timelock)
  console.log(`ProtocolTimelock ${Timelock} (delay ${timelockDelay} s) owns PoolRegistry and CoreProperties`);
const record = Object.fromEntries(
  Object.entries(recorded).map(([k, v]) => [k, typeof v === "string" ? getAddress(v) : v]),
);
writeFileSync(join(contractsRoot, "deployments", `${chainId}.json`), `${JSON.stringify(record, null, 2)}\n`);
execFileSync(process.execPath, [join(contractsRoot, "scripts", "generate.ts")], { stdio: "inherit" });
console.log(
  `deployed protocol to chain ${chainId}: PoolFactory ${deployment.PoolFactory}, PoolRegistry ${deployment.PoolRegistry} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
