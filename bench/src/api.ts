import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createPublicClient, createWalletClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { deployDao } from "../../packages/contracts/scripts/lib/dao.ts";
import { deployProtocol } from "../../packages/contracts/scripts/lib/protocol.ts";
import { buildApp } from "../../services/api/src/app.ts";
import { loadConfig } from "../../services/api/src/config.ts";
import {
  startEmbeddedPostgres,
  startLocalChain,
  tokenDaoParams,
} from "../../services/api/test/localServices.ts";
import { seedIndexer } from "./indexerSeed.ts";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROWS = Number(process.env.ROWS ?? 10_000);
/** The DAO list (`top`) is measured over these sizes: DAOs and votes. */
const TOP_SIZES = (process.env.TOP_SIZES ?? "100:10000,1000:100000,10000:1000000").split(",").map((size) => {
  const [daos, votes] = size.split(":").map(Number);
  return { daos: daos ?? 100, votes: votes ?? 10_000 };
});
/** Which groups of targets run (the empty route always does): `lists`, `top`, or both (the default). */
const GROUPS = new Set((process.env.BENCH_TARGETS ?? "lists,top").split(",").map((g) => g.trim()));
const CHAIN_ID = 31337;
// Hardhat's publicly known dev accounts #0 (signs in) and #11 (deploys); the local chain only.
const USER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEPLOYER_KEY = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** Linux's clock ticks per second, the unit of a process's CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;

/**
 * CPU time (ms) the database's server processes have used so far, per process id, read from /proc
 * (Linux; empty elsewhere): what a request costs Postgres, whatever else the machine runs.
 */
async function postgresCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [
    database,
  ]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      // not Linux, or the process ended
    }
  }
  return cpu;
}

/** Prints rows under their titles; a negative width pads on the right (text), a positive one on the left. */
function printTable(columns: Array<[title: string, width: number]>, rows: unknown[][]) {
  const cell = (value: unknown, width: number) =>
    width < 0 ? String(value).padEnd(-width) : String(value).padStart(width);
  console.log(columns.map(([title, width]) => cell(title, width)).join(" "));
  for (const row of rows) console.log(row.map((value, i) => cell(value, columns[i]?.[1] ?? 0)).join(" "));
}

async function main() {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const postgres = await startEmbeddedPostgres("polity-bench-pg-");
      serverUrl = postgres.url;
      cleanups.push(postgres.stop);
    }
    const dbName = `api_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${dbName}`;

    const chain = await startLocalChain();
    cleanups.push(chain.stop);
    const viemChain = { ...hardhat, rpcUrls: { default: { http: [chain.url] } } };
    const publicClient = createPublicClient({ chain: viemChain, transport: http(chain.url) }) as PublicClient;
    const walletClient = createWalletClient({
      account: privateKeyToAccount(DEPLOYER_KEY),
      chain: viemChain,
      transport: http(chain.url),
    });
    const user = privateKeyToAccount(USER_KEY);
    const protocol = await deployProtocol({ publicClient, walletClient });
    const dao = await deployDao(
      { publicClient, walletClient },
      protocol.PoolFactory,
      tokenDaoParams("Bench DAO", "BNCH", user.address),
    );
    const pool = dao.govPool.toLowerCase();

    const config = {
      ...loadConfig({
        NODE_ENV: "test",
        RPC_URL_31337: chain.url,
        RATE_LIMIT_MAX: "100000000",
        LOG_LEVEL: "warn",
      }),
      databaseUrl: databaseUrl.toString(),
      // The api trusts the registry this run deployed, as it trusts each chain's deployed one.
      poolRegistries: { 31337: protocol.PoolRegistry },
    };
    const app = await buildApp(config, { logger: false });
    cleanups.push(() => app.close());

    // 10,000 comments on one proposal page and 10,000 off-chain proposals of one DAO.
    const page = `dao/${pool}/proposals/1`;
    const db = new pg.Client({ connectionString: databaseUrl.toString() });
    await db.connect();
    await db.query(
      `INSERT INTO api.comments (chain_id, page_id, pool_address, author, content, created_at)
       SELECT 31337, $1, $2, $3, 'Benchmark comment number ' || g, now() - (g || ' seconds')::interval
         FROM generate_series(1, $4::int) g`,
      [page, pool, user.address.toLowerCase(), ROWS],
    );
    await db.query(
      `INSERT INTO api.offchain_proposals (chain_id, pool_address, type, title, author, voting_type, vote_options,
         parameters, snapshot_block, total_power, end_at, option_powers)
       SELECT 31337, $1, 'create_proposal_type', 'Benchmark proposal ' || g, $2, 'for_against', '["for","against"]',
              '{"voting_type":"for_against","name":"x","description":"","use_delegated":true,"voting_duration":3600,
                "for_percent":"50","against_percent":"50","minimal_vote_power":"0","minimal_create_proposal_power":"0",
                "minimal_comment_read_power":"0","minimal_comment_create_power":"0"}',
              1, 1000, now() + (g || ' minutes')::interval, '["0","0"]'
         FROM generate_series(1, $3::int) g`,
      [pool, user.address.toLowerCase(), ROWS],
    );
    await db.query("ANALYZE");
    await db.end();

    // Sign in through the real routes.
    const nonce = await app.inject({
      method: "POST",
      url: "/integrations/nonce-auth-svc/nonce",
      payload: { data: { type: "auth_nonce", attributes: { address: user.address, chain_id: 31337 } } },
    });
    const message = nonce.json().data.attributes.message as string;
    const login = await app.inject({
      method: "POST",
      url: "/integrations/nonce-auth-svc/login",
      payload: {
        data: {
          type: "login_request",
          attributes: {
            auth_pair: { address: user.address, signed_message: await user.signMessage({ message }) },
            message,
          },
        },
      },
    });
    const accessToken = login.json().data.attributes.access_token.id as string;

    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const targets: Array<{ name: string; path: string; headers: Record<string, string> }> = [
      { name: "empty route", path: "/integrations/ping", headers: {} },
      {
        name: "comments list (10k rows)",
        path: `/integrations/comments-svc/comments/list/31337/${page}?page[limit]=10`,
        headers: { authorization: `Bearer ${accessToken}` },
      },
      {
        name: "off-chain proposals list (10k rows)",
        path: `/integrations/voting/proposals?filter[chain_id]=31337&filter[pool_address]=${pool}&page[limit]=10`,
        headers: {},
      },
    ];

    const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
    const results: Array<Record<string, number | string>> = [];
    // CPU per request, beside the rates (which move with whatever else the machine runs): the api's
    // main thread (autocannon runs in a worker) and the database's server processes.
    const cpuReader = new pg.Client({ connectionString: databaseUrl.toString() });
    await cpuReader.connect();
    cleanups.push(() => cpuReader.end());
    const measure = async (name: string, url: string, headers: Record<string, string>) => {
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${name} answered ${check.status}: ${await check.text()}`);
      const pgBefore = await postgresCpu(cpuReader, dbName);
      const loopBefore = performance.eventLoopUtilization();
      const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, workers: 1 });
      const loop = performance.eventLoopUtilization(loopBefore);
      const pgAfter = await postgresCpu(cpuReader, dbName);
      let pgMs = 0;
      for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
      // (The reader's own backend is counted too: two small queries per target.)
      const perRequest = (ms: number) => Number((ms / Math.max(1, r.requests.total)).toFixed(3));
      const row = {
        target: name,
        path: new URL(url).pathname,
        requests_per_second: Math.round(r.requests.average),
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        total_requests: r.requests.total,
        api_cpu_ms_per_request: perRequest(loop.active),
        postgres_cpu_ms_per_request: perRequest(pgMs),
        non_2xx: r.non2xx,
        errors: r.errors,
      };
      results.push(row);
      return row;
    };
    for (const t of GROUPS.has("lists") ? targets : targets.slice(0, 1)) {
      await measure(t.name, `${address}${t.path}`, t.headers);
    }

    // The DAO list over growing indexer data: answered from the per-DAO figures the indexer keeps,
    // once reused within the public cache's TTL (what clients get) and once built on every request.
    const growth: Array<{
      daos: number;
      votes: number;
      cached: Record<string, number | string>;
      built: Record<string, number | string>;
    }> = [];
    const now = Math.floor(Date.now() / 1000);
    for (const size of GROUPS.has("top") ? TOP_SIZES : []) {
      const schema = `indexer_top_${size.daos}`;
      const seedStart = Date.now();
      await seedIndexer(databaseUrl.toString(), schema, size.daos, size.votes, now);
      console.log(`seeded ${size.daos} DAOs and ${size.votes} votes in ${Date.now() - seedStart} ms`);
      const rows: Record<string, Record<string, number | string>> = {};
      for (const [kind, ttl] of [
        ["cached", config.publicCacheTtlMs || 2000],
        ["built", 0],
      ] as const) {
        const topApp = await buildApp(
          { ...config, indexerSchema: schema, publicCacheTtlMs: ttl },
          { logger: false },
        );
        try {
          const topAddress = await topApp.listen({ port: 0, host: "127.0.0.1" });
          rows[kind] = await measure(
            `top, ${size.daos} DAOs / ${size.votes} votes (${kind === "cached" ? "reused" : "built each time"})`,
            `${topAddress}/integrations/tracker/${CHAIN_ID}/pools/gov/top`,
            {},
          );
        } finally {
          await topApp.close();
        }
      }
      growth.push({ daos: size.daos, votes: size.votes, cached: rows.cached!, built: rows.built! });
    }
    // The reference again at the end: the machine is shared, its load moves during a run.
    await measure("empty route (again)", `${address}/integrations/ping`, {});

    const baseline = Number(results[0]!.requests_per_second);
    for (const r of results) r.ratio_to_empty = Number((Number(r.requests_per_second) / baseline).toFixed(3));

    console.log(
      `\napi benchmark: ${CONNECTIONS} connections, ${DURATION} s per target, ${ROWS} rows, ` +
        `${availableParallelism()} CPUs, load average ${loadBefore.join(" ")}\n`,
    );
    printTable(
      [
        ["target", -58],
        ["req/s", 8],
        ["empty", 8],
        ["ratio", 7],
        ["p50 ms", 8],
        ["p99 ms", 8],
        ["api CPU ms/req", 15],
        ["pg CPU ms/req", 14],
      ],
      results.map((r) => [
        r.target,
        r.requests_per_second,
        baseline,
        r.ratio_to_empty,
        r.p50_ms,
        r.p99_ms,
        r.api_cpu_ms_per_request,
        r.postgres_cpu_ms_per_request,
      ]),
    );
    console.log(
      "\ntop: how its cost grows with DAOs and votes (req/s, p99 ms), beside the empty route of this run\n",
    );
    printTable(
      [
        ["DAOs", 7],
        ["votes", 9],
        ["reused req/s", 13],
        ["p99", 6],
        ["built req/s", 12],
        ["p99", 6],
        ["built CPU ms/req (api + pg)", 28],
        ["empty req/s", 12],
      ],
      growth.map((g) => [
        g.daos,
        g.votes,
        g.cached.requests_per_second,
        g.cached.p99_ms,
        g.built.requests_per_second,
        g.built.p99_ms,
        `${g.built.api_cpu_ms_per_request} + ${g.built.postgres_cpu_ms_per_request}`,
        baseline,
      ]),
    );
    const out = join(ROOT, "bench/results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, "api.json"),
      `${JSON.stringify(
        {
          benchmark: "api",
          date: new Date().toISOString(),
          node: process.version,
          // The figures depend on what else the machine runs: record it beside them.
          cpus: availableParallelism(),
          load_average_before: loadBefore,
          load_average_after: loadavg().map((l) => Number(l.toFixed(2))),
          connections: CONNECTIONS,
          duration_seconds: DURATION,
          rows: ROWS,
          results,
          top_growth: growth.map((g) => ({
            daos: g.daos,
            votes: g.votes,
            reused_requests_per_second: g.cached.requests_per_second,
            reused_p99_ms: g.cached.p99_ms,
            built_requests_per_second: g.built.requests_per_second,
            built_p99_ms: g.built.p99_ms,
            built_api_cpu_ms_per_request: g.built.api_cpu_ms_per_request,
            built_postgres_cpu_ms_per_request: g.built.postgres_cpu_ms_per_request,
          })),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwritten ${join(out, "api.json")}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
