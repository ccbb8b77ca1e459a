import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ensureDatabase, startEmbeddedPostgres } from "../../../scripts/lib/postgres.ts";
import {
  freePort,
  httpOk,
  type ManagedProcess,
  runToCompletion,
  startProcess,
  waitUntil,
} from "../../../scripts/lib/processes.ts";

export const INDEXER_DIR = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const ROOT = resolve(INDEXER_DIR, "../..");
export const CONTRACTS_DIR = join(ROOT, "packages/contracts");
export const LOG_DIR = mkdtempSync(join(tmpdir(), "polity-indexer-test-"));

export interface Postgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * A database of its own: on the `DATABASE_URL` server when given (CI), else on an embedded server
 * on a free port in a temp directory. The api's migrations and Ponder's schema both go into it.
 */
export async function startPostgres(): Promise<Postgres> {
  const name = `polity_indexer_test_${process.pid}`;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    await ensureDatabase(url.toString());
    return {
      url: url.toString(),
      stop: async () => {
        const admin = new URL(process.env.DATABASE_URL as string);
        admin.pathname = "/postgres";
        const client = new pg.Client({ connectionString: admin.toString() });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const port = await freePort();
  const running = await startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), "polity-indexer-pg-")),
    port,
    database: name,
  });
  return { url: running.url, stop: () => running.stop() };
}

export interface Chain {
  rpcUrl: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** A Hardhat node (EDR) of chain 31337 on a free port. */
export async function startChain(): Promise<Chain> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const proc = startProcess({
    name: "chain",
    command: "npx",
    args: ["hardhat", "node", "--hostname", "127.0.0.1", "--port", String(port)],
    cwd: CONTRACTS_DIR,
    logFile: join(LOG_DIR, "chain.log"),
  });
  await waitUntil("chain", async () => (await rpc<string>(rpcUrl, "eth_chainId")) === "0x7a69", {
    timeoutMs: 90_000,
    process: proc,
  });
  return { rpcUrl, process: proc, stop: () => proc.stop() };
}

/** Deploys the protocol and seeds demo DAOs with the contracts package's own scripts. */
export async function deployAndSeed(rpcUrl: string, options: { seed: boolean }): Promise<void> {
  const env = { RPC_URL: rpcUrl, RPC_URL_31337: rpcUrl };
  if (!existsSync(join(CONTRACTS_DIR, "artifacts", "contracts"))) {
    await runToCompletion({
      name: "build",
      command: "npm",
      args: ["run", "--silent", "build"],
      cwd: CONTRACTS_DIR,
      logFile: join(LOG_DIR, "build.log"),
    });
  }
  await runToCompletion({
    name: "deploy",
    command: "npm",
    args: ["run", "--silent", "deploy:local"],
    cwd: CONTRACTS_DIR,
    env,
    logFile: join(LOG_DIR, "deploy.log"),
  });
  if (options.seed && existsSync(join(CONTRACTS_DIR, "scripts", "seed.ts"))) {
    await runToCompletion({
      name: "seed",
      command: "npm",
      args: ["run", "--silent", "seed:local"],
      cwd: CONTRACTS_DIR,
      // No api runs here: the seed keeps metadata links without uploading them.
      env: { ...env, API_URL: "http://127.0.0.1:9" },
      logFile: join(LOG_DIR, "seed.log"),
    });
  }
}

export interface Indexer {
  url: string;
  schema: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * `ponder start` exactly as `npm start` runs it, into its own schema. Resolves once it is ready (its backfill done),
 * or with `waitFor: "server"` as soon as its HTTP server answers (metrics, health) while it still starts and backfills.
 */
export async function startIndexer(options: {
  databaseUrl: string;
  rpcUrl: string;
  schema: string;
  timeoutMs?: number;
  waitFor?: "ready" | "server";
  /** NODE_OPTIONS of the indexer's processes (e.g. `--cpu-prof` to profile it). */
  nodeOptions?: string;
  /** More environment for the indexer (e.g. `INDEXER_RPC_START_RPS_31337`). */
  env?: Record<string, string>;
}): Promise<Indexer> {
  const port = await freePort();
  const proc = startProcess({
    name: "indexer",
    command: "npm",
    args: ["run", "--silent", "start"],
    cwd: INDEXER_DIR,
    env: {
      DATABASE_URL: options.databaseUrl,
      RPC_URL_31337: options.rpcUrl,
      INDEXER_PORT: String(port),
      INDEXER_SCHEMA: options.schema,
      INDEXER_CHAIN_IDS: "31337",
      ...(options.nodeOptions ? { NODE_OPTIONS: options.nodeOptions } : {}),
      ...options.env,
    },
    logFile: join(LOG_DIR, `indexer-${options.schema}.log`),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil("indexer", () => httpOk(`${url}/${options.waitFor === "server" ? "health" : "ready"}`), {
    timeoutMs: options.timeoutMs ?? 120_000,
    process: proc,
  });
  return { url, schema: options.schema, process: proc, stop: () => proc.stop() };
}

/** The block the indexer's checkpoint for 31337 is at, or null before its first checkpoint. */
export async function indexedBlock(db: pg.Pool, schema: string): Promise<bigint | null> {
  const { rows } = await db
    .query<{ block: string }>(
      `SELECT substring(latest_checkpoint, 27, 16)::bigint::text AS block FROM "${schema}"."_ponder_checkpoint" WHERE chain_id = 31337`,
    )
    .catch(() => ({ rows: [] as Array<{ block: string }> }));
  return rows[0] ? BigInt(rows[0].block) : null;
}

/** Waits until the indexer's checkpoint for 31337 reached `block` (or the chain head). */
export async function waitIndexed(db: pg.Pool, schema: string, block: bigint | number, timeoutMs = 60_000) {
  await waitUntil(
    `indexing of block ${block}`,
    async () => ((await indexedBlock(db, schema)) ?? -1n) >= BigInt(block),
    { timeoutMs, intervalMs: 200 },
  );
}

export function pgPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => {});
  return pool;
}
