import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Address, createPublicClient, createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { TestProject } from "vitest/node";
import { type CompiledContract, compileTestContracts, type TestContractName } from "./chain/compile.ts";
import { startEmbeddedPostgres, startLocalChain } from "./localServices.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    rpcUrl: string;
    /** The test PoolRegistry every test DAO is listed in (the api's registry on chain 31337). */
    poolRegistry: Address;
    testContracts: Record<TestContractName, CompiledContract>;
  }
}

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");

/** Deploys the test PoolRegistry from a throwaway key funded on the local chain. */
async function deployRegistry(rpcUrl: string, contract: CompiledContract): Promise<Address> {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = createPublicClient({ transport: http(rpcUrl) });
  await client.request({
    method: "hardhat_setBalance" as never,
    params: [account.address, "0xde0b6b3a7640000"] as never,
  });
  const chain = {
    id: await client.getChainId(),
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode });
  const receipt = await client.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

/** Real Postgres (DATABASE_URL or an embedded server) and a real local chain for the whole run. */
export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<void> | void> = [];

  let pgServerUrl = process.env.DATABASE_URL;
  if (!pgServerUrl) {
    const postgres = await startEmbeddedPostgres("polity-api-pg-");
    pgServerUrl = postgres.url;
    cleanups.push(postgres.stop);
  }

  // The protocol tests deploy the real contracts from their compiled artifacts (built by the
  // contracts part; built here once when a fresh checkout runs only the api's tests).
  if (!existsSync(join(ROOT, "packages/contracts/artifacts/contracts/gov/GovPool.sol/GovPool.json"))) {
    execFileSync("npm", ["run", "build", "-w", "@polity/contracts"], { cwd: ROOT, stdio: "inherit" });
  }

  const chain = await startLocalChain({ showErrors: true });
  cleanups.push(chain.stop);
  const rpcUrl = chain.url;

  const testContracts = compileTestContracts();
  project.provide("testContracts", testContracts);
  project.provide("poolRegistry", await deployRegistry(rpcUrl, testContracts.TestPoolRegistry));
  project.provide("pgServerUrl", pgServerUrl);
  project.provide("rpcUrl", rpcUrl);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
