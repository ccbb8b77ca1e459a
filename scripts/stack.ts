/**
 * The whole product on one machine: Postgres, a local chain, the protocol, the api, the demo seed,
 * the indexer and the web app, each started after the previous one answered that it is ready.
 * Used by `npm run dev`, the browser e2e suite and the benchmarks.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  canConnect,
  dropSchema,
  ensureDatabase,
  type RunningPostgres,
  startEmbeddedPostgres,
} from "./lib/postgres.ts";
import {
  httpOk,
  isPortFree,
  type ManagedProcess,
  rpcChainId,
  runToCompletion,
  StageError,
  startProcess,
  waitUntil,
} from "./lib/processes.ts";

export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** Hardhat's first default account. Its key is public knowledge: local chain 31337 only. */
export const LOCAL_DEV_ACCOUNT = {
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  balance: "10000 ETH",
} as const;

/** Hardhat's account #9 signs off-chain voting results on the local chain only (public key). */
const LOCAL_OFFCHAIN_VERIFIER_KEY = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";

export const LOCAL_CHAIN_ID = 31337;

export type StageName = "postgres" | "chain" | "contracts" | "api" | "notifier" | "seed" | "indexer" | "web";

export interface StackOptions {
  /** Wipe the data folder first. */
  fresh?: boolean;
  /** Folder for Postgres data, logs and local secrets (default `.polity`, env POLITY_DATA_DIR). */
  dataDir?: string;
  ports?: Partial<Record<"chain" | "api" | "indexer" | "web" | "postgres", number>>;
  /** Stages to skip (the ones after a skipped stage still run when they don't need it). */
  skip?: StageName[];
  /** Called with one line per stage when it is ready. */
  onReady?: (stage: StageName, detail: string) => void;
  /** Serve the production build of the web app instead of the Vite dev server. */
  webPreview?: boolean;
}

export interface RunningStack {
  urls: { rpc: string; api: string; indexer: string; web: string; database: string };
  devAccount: typeof LOCAL_DEV_ACCOUNT;
  dataDir: string;
  stop(): Promise<void>;
}

function envPort(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}

/** Has a stage written `text` to its log since `from` (the log's size when the stage started)? */
const logContains = async (file: string, from: number, text: string) =>
  existsSync(file) && readFileSync(file).subarray(from).toString("utf8").includes(text);

function localSecrets(dataDir: string): { jwtSecret: string } {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as { jwtSecret: string };
  const secrets = { jwtSecret: randomBytes(32).toString("hex") };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const dataDir = resolve(ROOT, options.dataDir ?? process.env.POLITY_DATA_DIR ?? ".polity");
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(join(dataDir, "logs"), { recursive: true });
  // As root, Postgres runs as an unprivileged user that must be able to enter the data folder.
  chmodSync(dataDir, 0o755);
  const logs = (name: string) => join(dataDir, "logs", `${name}.log`);
  const skip = new Set(options.skip ?? []);
  const ready = options.onReady ?? (() => {});

  const ports = {
    chain: options.ports?.chain ?? envPort("CHAIN_PORT", 8545),
    api: options.ports?.api ?? envPort("API_PORT", 8080),
    indexer: options.ports?.indexer ?? envPort("INDEXER_PORT", 42069),
    web: options.ports?.web ?? envPort("WEB_PORT", 5173),
    postgres: options.ports?.postgres ?? envPort("PG_PORT", 5433),
  };
  const urls = {
    rpc: `http://127.0.0.1:${ports.chain}`,
    api: `http://127.0.0.1:${ports.api}`,
    indexer: `http://127.0.0.1:${ports.indexer}`,
    web: `http://127.0.0.1:${ports.web}`,
    database: "",
  };

  const processes: ManagedProcess[] = [];
  let database: RunningPostgres | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const proc of processes.reverse()) await proc.stop();
      // Postgres may already have shut itself down on the terminal's Ctrl-C; that is a clean stop too.
      await database?.stop().catch(() => {});
    })();
    return stopping;
  };

  const claimPort = async (stage: StageName, port: number, envName: string) => {
    if (!(await isPortFree(port))) {
      throw new StageError(
        stage,
        `port ${port} on 127.0.0.1 is already in use (set ${envName} to use another)`,
      );
    }
  };

  try {
    // 1. Postgres
    const externalUrl = process.env.DATABASE_URL;
    if (externalUrl) {
      await ensureDatabase(externalUrl);
      if (!(await canConnect(externalUrl)))
        throw new StageError("postgres", `cannot connect to DATABASE_URL`);
      database = { url: externalUrl, isEmbedded: false, stop: async () => {} };
      ready("postgres", "using DATABASE_URL");
    } else {
      await claimPort("postgres", ports.postgres, "PG_PORT");
      database = await startEmbeddedPostgres({
        dataDir: join(dataDir, "pg"),
        port: ports.postgres,
        database: "polity",
      });
      ready(
        "postgres",
        `embedded PostgreSQL on 127.0.0.1:${ports.postgres} (data in ${join(dataDir, "pg")})`,
      );
    }
    urls.database = database.url;

    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "development",
      DATABASE_URL: database.url,
      API_PORT: String(ports.api),
      API_HOST: "127.0.0.1",
      INDEXER_PORT: String(ports.indexer),
      INDEXER_SCHEMA: process.env.INDEXER_SCHEMA ?? "indexer",
      WEB_PORT: String(ports.web),
      CHAIN_PORT: String(ports.chain),
      [`RPC_URL_${LOCAL_CHAIN_ID}`]: urls.rpc,
      RPC_URL: urls.rpc,
      API_URL: urls.api,
      WEB_ORIGINS: process.env.WEB_ORIGINS ?? `http://localhost:${ports.web},http://127.0.0.1:${ports.web}`,
      JWT_SECRET: process.env.JWT_SECRET ?? localSecrets(dataDir).jwtSecret,
      OFFCHAIN_VERIFIER_PRIVATE_KEY: process.env.OFFCHAIN_VERIFIER_PRIVATE_KEY ?? LOCAL_OFFCHAIN_VERIFIER_KEY,
      VITE_ENABLE_LOCAL_CHAIN: process.env.VITE_ENABLE_LOCAL_CHAIN ?? "true",
      PONDER_TELEMETRY_DISABLED: "true",
    };
    const contractsDir = join(ROOT, "packages/contracts");
    /** One part's npm script, run with the stack's environment (and `extraEnv`), logging to the part's log. */
    const npmScript = (
      name: string,
      script: string,
      cwd: string,
      extraEnv: NodeJS.ProcessEnv = {},
      scriptArgs: string[] = [],
    ) => ({
      name,
      command: "npm",
      args: ["run", "--silent", script, ...(scriptArgs.length > 0 ? ["--", ...scriptArgs] : [])],
      cwd,
      env: { ...env, ...extraEnv },
      logFile: logs(name),
    });

    // 2. Local chain
    if (!skip.has("chain")) {
      await claimPort("chain", ports.chain, "CHAIN_PORT");
      const chain = startProcess({
        name: "chain",
        command: "npx",
        args: ["hardhat", "node", "--hostname", "127.0.0.1", "--port", String(ports.chain)],
        cwd: contractsDir,
        env,
        logFile: logs("chain"),
      });
      processes.push(chain);
      await waitUntil("chain", async () => (await rpcChainId(urls.rpc)) === LOCAL_CHAIN_ID, {
        timeoutMs: 120_000,
        process: chain,
      });
      ready("chain", `Hardhat node, chain ${LOCAL_CHAIN_ID}, on ${urls.rpc}`);
    }

    // 3. Protocol: compile, generate bindings, deploy
    if (!skip.has("contracts")) {
      await runToCompletion(npmScript("contracts", "build", contractsDir));
      await runToCompletion(npmScript("contracts", "deploy:local", contractsDir));
      ready("contracts", "protocol compiled and deployed to the local chain");
    }

    // 4. Api (its migrations run on start)
    if (!skip.has("api")) {
      await claimPort("api", ports.api, "API_PORT");
      const api = startProcess(npmScript("api", "start", join(ROOT, "services/api")));
      processes.push(api);
      await waitUntil("api", () => httpOk(`${urls.api}/health`), { timeoutMs: 90_000, process: api });
      ready("api", `api on ${urls.api} (health: ${urls.api}/health)`);
    }

    // 4b. Notifier: the api's second process (pg-boss jobs on the same Postgres). It reads the
    // indexer's tables once they exist, so it starts before the indexer and waits for them.
    if (!skip.has("notifier") && !skip.has("api")) {
      const logFrom = existsSync(logs("notifier")) ? statSync(logs("notifier")).size : 0;
      const notifier = startProcess(
        npmScript("notifier", "notifier", join(ROOT, "services/api"), {
          NOTIFIER_BACKFILL_SECONDS: process.env.NOTIFIER_BACKFILL_SECONDS ?? "0",
        }),
      );
      processes.push(notifier);
      await waitUntil("notifier", () => logContains(logs("notifier"), logFrom, '"notifier started"'), {
        timeoutMs: 60_000,
        process: notifier,
      });
      ready("notifier", "notifier (in-app, web push, Telegram, Slack, Discord) on pg-boss");
    }

    // 5. Demo DAOs and proposals
    if (!skip.has("seed") && !skip.has("chain")) {
      await runToCompletion(npmScript("seed", "seed:local", contractsDir));
      ready("seed", "demo DAOs and proposals created on the local chain");
    }

    // 6. Indexer: the chain is new on every start, so its tables are rebuilt from block 0.
    if (!skip.has("indexer")) {
      await claimPort("indexer", ports.indexer, "INDEXER_PORT");
      await dropSchema(database.url, env.INDEXER_SCHEMA ?? "indexer");
      const indexer = startProcess(npmScript("indexer", "start", join(ROOT, "packages/indexer")));
      processes.push(indexer);
      await waitUntil("indexer", () => httpOk(`${urls.indexer}/ready`), {
        timeoutMs: 180_000,
        process: indexer,
      });
      ready("indexer", `indexer on ${urls.indexer}, caught up with the chain`);
    }

    // 7. Web
    if (!skip.has("web")) {
      await claimPort("web", ports.web, "WEB_PORT");
      const webDir = join(ROOT, "apps/web");
      if (options.webPreview) {
        // The preview serves a production build: with the stack's NODE_ENV=development, Vite
        // would bundle React's development build (larger, slower), and benchmarks would measure it.
        await runToCompletion(npmScript("web", "build", webDir, { NODE_ENV: "production" }));
      }
      const web = startProcess(
        npmScript("web", options.webPreview ? "preview" : "dev", webDir, {}, [
          "--host",
          "127.0.0.1",
          "--port",
          String(ports.web),
          "--strictPort",
        ]),
      );
      processes.push(web);
      await waitUntil("web", () => httpOk(urls.web), { timeoutMs: 90_000, process: web });
      ready("web", `web app on ${urls.web}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return { urls, devAccount: LOCAL_DEV_ACCOUNT, dataDir, stop };
}
