/**
 * `npm run bench:indexer` — indexes a synthetic history from a fresh local chain and measures, each figure beside
 * a reference from the same run:
 * - start-up: from `ponder start` to its first indexed event (build, schema, first log fetch);
 * - backfill: events indexed per second from the first indexed event to the checkpoint reaching the head (start-up
 *   excluded), beside the node's own `eth_getLogs` rate over the same blocks (the ceiling);
 * - live lag: blocks with events mined one by one after the backfill; how many blocks the indexer is behind when each
 *   is mined and how long each takes to be indexed, beside the indexer's polling interval;
 * - where the backfill's time goes (Ponder's metrics): handler time per event, store cache, RPC reads, raw SQL;
 * - the tracker `top` endpoint's latency over the largest history.
 * The history grows on one chain through every size of `SIZES` (DAOs, about 110 votes each): each size is indexed from
 * scratch into a schema of its own, which gives the growth table. Writes bench/results/indexer.json.
 *
 * Env: SIZES (DAOs per size, "10,100"; "10,100,1000" for 1k / 10k / 100k votes), VOTERS (20, at most the node's 20 dev
 * accounts), PROPOSALS_PER_POOL (6), LIVE_BLOCKS (8), LIVE_INTERVAL_MS (1000), TOP_REQUESTS (2000, 0 skips),
 * TOP_CONCURRENCY (16), INDEXER_CPU_PROFILE (a directory for the indexer's CPU profiles), INDEXER_VARIANTS (indexer
 * environments compared over the same history, see VARIANTS), DATABASE_URL (else embedded Postgres).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { govPoolAbi, poolFactoryAbi } from "@polity/core/generated/contracts";
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, parseEventLogs } from "viem";
import { buildApi } from "../../packages/indexer/test/apiApp.ts";
import {
  deployAndSeed,
  type Indexer,
  indexedBlock,
  pgPool,
  rpc,
  startChain,
  startIndexer,
  startPostgres,
} from "../../packages/indexer/test/harness.ts";
import {
  type DaoAddresses,
  daoDeployParams,
  devAccount,
  Protocol,
  percent,
} from "../../packages/indexer/test/scenario.ts";

const SIZES = (process.env.SIZES ?? process.env.POOLS ?? "10,100")
  .split(",")
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const VOTERS = Number(process.env.VOTERS ?? 20);
const PROPOSALS = Number(process.env.PROPOSALS_PER_POOL ?? 6);
const LIVE_BLOCKS = Number(process.env.LIVE_BLOCKS ?? 8);
const LIVE_INTERVAL_MS = Number(process.env.LIVE_INTERVAL_MS ?? 1000);
const TOP_REQUESTS = Number(process.env.TOP_REQUESTS ?? 2000);
const TOP_CONCURRENCY = Number(process.env.TOP_CONCURRENCY ?? 16);
/** A directory: each size's indexer writes its V8 CPU profile there (`<dir>/<size>/*.cpuprofile`) when it stops. */
const CPU_PROFILE = process.env.INDEXER_CPU_PROFILE;
/**
 * Indexer environments indexed in turn over the same history at each size, each by a fresh `ponder start` (JSON:
 * `{"label": {"ENV": "value"}}`; `{RPC}` in a value stands for the node's URL), e.g.
 * `{"Ponder's start rate":{"INDEXER_RPC_START_RPS_31337":"20"},"default":{}}`. Default: the indexer as configured.
 */
const VARIANTS = Object.entries(
  JSON.parse(process.env.INDEXER_VARIANTS ?? '{"as configured":{}}') as Record<
    string,
    Record<string, string>
  >,
);
/** The indexer's polling interval on the local chain (ponder.config.ts): the floor of its live latency. */
const POLLING_MS = 500;
// Pools per round: proposals end between rounds so that each voter stays within the protocol's
// limit of 50 active proposals.
const BATCH = Math.max(1, Math.floor(50 / PROPOSALS));
const DURATION = 3_600n;
const TX_BATCH = Number(process.env.TX_BATCH ?? 50);
const RESULTS = resolve(fileURLToPath(new URL("..", import.meta.url)), "results");

const log = (msg: string) => console.log(`[bench:indexer] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round1 = (n: number) => Number(n.toFixed(1));
const round2 = (n: number) => Number(n.toFixed(2));

interface Tx {
  from: Address;
  to: Address;
  data: Hex;
  gas: bigint;
}

/**
 * Sends transactions in JSON-RPC batches to the node's unlocked dev accounts with automine off and
 * mines each batch (a few dozen transactions per block: the node re-validates its pending pool on
 * every submission, so small batches stay fast), then fails on any revert.
 */
async function sendAll(rpcUrl: string, txs: Tx[]): Promise<Hex[]> {
  const hashes: Hex[] = [];
  for (let i = 0; i < txs.length; i += TX_BATCH) {
    const chunk = txs.slice(i, i + TX_BATCH);
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        chunk.map((tx, j) => ({
          jsonrpc: "2.0",
          id: j,
          method: "eth_sendTransaction",
          params: [{ from: tx.from, to: tx.to, data: tx.data, gas: `0x${tx.gas.toString(16)}` }],
        })),
      ),
    });
    const body = (await res.json()) as Array<{ id: number; result?: Hex; error?: { message: string } }>;
    const sent: Hex[] = [];
    for (const r of body.sort((a, b) => a.id - b.id)) {
      if (r.error || !r.result) throw new Error(`eth_sendTransaction: ${r.error?.message}`);
      sent.push(r.result);
    }
    const last = sent.at(-1);
    for (let guard = 0; last && guard < 1_000; guard++) {
      await rpc(rpcUrl, "evm_mine");
      if (await rpc<{ status: Hex } | null>(rpcUrl, "eth_getTransactionReceipt", [last])) break;
    }
    const receipts = (await (
      await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(
          sent.map((h, j) => ({ jsonrpc: "2.0", id: j, method: "eth_getTransactionReceipt", params: [h] })),
        ),
      })
    ).json()) as Array<{ result: { status: Hex } | null }>;
    const failed = receipts.findIndex((r) => r.result?.status !== "0x1");
    if (failed >= 0) throw new Error(`transaction ${sent[failed]} failed or was not mined`);
    hashes.push(...sent);
  }
  return hashes;
}

/**
 * CPU seconds (user + system) used so far by the live processes of a process group (Linux `/proc`; null elsewhere):
 * the node's share of the 2 cores while the indexer backfills.
 */
function groupCpuSeconds(pgid: number | undefined): number | null {
  if (pgid === undefined) return null;
  try {
    let ticks = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Fields after the command's closing parenthesis: state ppid pgrp … utime (12th) stime (13th).
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** Prometheus text → samples (name, labels, value). */
function parseMetrics(text: string) {
  const out: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[k as string] = v as string;
    out.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return out;
}

type Samples = ReturnType<typeof parseMetrics>;
const sum = (s: Samples, name: string, where: (l: Record<string, string>) => boolean = () => true) =>
  s.filter((x) => x.name === name && where(x.labels)).reduce((a, x) => a + x.value, 0);
/** Sums of a metric grouped by one label. */
const byLabel = (s: Samples, name: string, label: string) => {
  const out: Record<string, number> = {};
  for (const x of s)
    if (x.name === name) out[x.labels[label] ?? ""] = (out[x.labels[label] ?? ""] ?? 0) + x.value;
  return out;
};

async function metrics(url: string): Promise<Samples | null> {
  try {
    const res = await fetch(`${url}/metrics`);
    return res.ok ? parseMetrics(await res.text()) : null;
  } catch {
    return null;
  }
}

/** Ponder's own account of where the backfill's time went. */
function profile(s: Samples) {
  const ms = (name: string, where?: (l: Record<string, string>) => boolean) => round1(sum(s, name, where));
  const handlerSum = byLabel(s, "ponder_indexing_function_duration_sum", "event");
  const handlerCount = byLabel(s, "ponder_indexing_function_duration_count", "event");
  const handlers = Object.entries(handlerSum)
    .map(([event, total]) => ({
      event,
      events: handlerCount[event] ?? 0,
      total_ms: round1(total),
      per_event_ms: round2(total / Math.max(1, handlerCount[event] ?? 0)),
    }))
    .sort((a, b) => b.total_ms - a.total_ms);
  // Ponder's own JSON-RPC requests (the backfill's logs and blocks), by method.
  const syncCount = byLabel(s, "ponder_rpc_request_duration_count", "method");
  const syncSum = byLabel(s, "ponder_rpc_request_duration_sum", "method");
  const rpcCount = byLabel(s, "ponder_indexing_rpc_action_duration_count", "action");
  const rpcSum = byLabel(s, "ponder_indexing_rpc_action_duration_sum", "action");
  return {
    transform_ms: byLabel(s, "ponder_historical_transform_duration", "step"),
    /** Time the backfill waited on fetching (extract) and spent indexing (transform). */
    concurrency_ms: byLabel(s, "ponder_historical_concurrency_group_duration", "group"),
    sync_requests: Object.fromEntries(
      Object.entries(syncCount).map(([m, n]) => [m, { count: n, total_ms: round1(syncSum[m] ?? 0) }]),
    ),
    handlers,
    rpc_actions: Object.fromEntries(
      Object.entries(rpcCount).map(([a, n]) => [a, { count: n, total_ms: round1(rpcSum[a] ?? 0) }]),
    ),
    rpc_requests: byLabel(s, "ponder_indexing_rpc_requests_total", "type"),
    store_cache_requests: byLabel(s, "ponder_indexing_cache_requests_total", "type"),
    store_queries: round1(sum(s, "ponder_indexing_store_queries_total")),
    raw_sql: {
      count: sum(s, "ponder_indexing_store_raw_sql_duration_count"),
      total_ms: ms("ponder_indexing_store_raw_sql_duration_sum"),
    },
  };
}

/**
 * The node's own rate of serving blocks with their transactions, one request at a time (as the backfill asks for every
 * block with events): the ceiling of the backfill's block fetching on this node.
 */
async function getBlocksReference(rpcUrl: string, head: bigint) {
  const t = performance.now();
  for (let n = 1n; n <= head; n++) await rpc(rpcUrl, "eth_getBlockByNumber", [`0x${n.toString(16)}`, true]);
  const seconds = (performance.now() - t) / 1000;
  return {
    blocks: Number(head),
    seconds: round2(seconds),
    blocks_per_second: round1(Number(head) / seconds),
  };
}

/** The node's own rate of delivering the range's logs: one `eth_getLogs` per 1,000 blocks, as a fast RPC would. */
async function getLogsReference(rpcUrl: string, head: bigint) {
  const t = performance.now();
  let logs = 0;
  for (let from = 0n; from <= head; from += 1000n) {
    const to = from + 999n < head ? from + 999n : head;
    const got = await rpc<unknown[]>(rpcUrl, "eth_getLogs", [
      { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` },
    ]);
    logs += got.length;
  }
  const seconds = (performance.now() - t) / 1000;
  return { logs, seconds: round2(seconds), logs_per_second: round1(logs / seconds) };
}

async function main() {
  // Ctrl-C or a timeout must still stop the node, Postgres and Ponder (exit handlers run on exit()).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
  const started = Date.now();
  const [postgres, chain] = await Promise.all([startPostgres(), startChain()]);
  const db = pgPool(postgres.url);
  const stops: Array<() => Promise<unknown>> = [() => postgres.stop(), () => chain.stop(), () => db.end()];
  const schemas: string[] = [];
  try {
    await deployAndSeed(chain.rpcUrl, { seed: false });
    const { deployments } = await import("@polity/core/generated/deployments");
    const factory = (deployments as Record<number, { PoolFactory: Address }>)[31337]?.PoolFactory;
    if (!factory) throw new Error("no 31337 deployment");
    const protocol = new Protocol(chain.rpcUrl, factory);
    const voters = Array.from({ length: VOTERS }, (_, i) => devAccount(i).address);
    const deployer = voters[0] as Address;
    const share = parseEther("1000");
    const daos: DaoAddresses[] = [];
    let votes = 0;
    let generationSeconds = 0;

    /** Adds DAOs, their deposits, proposals and votes, round by round, until there are `target` DAOs. */
    const grow = async (target: number) => {
      const genStart = Date.now();
      await rpc(chain.rpcUrl, "evm_setAutomine", [false]);
      while (daos.length < target) {
        const first = daos.length;
        const names = Array.from(
          { length: Math.min(BATCH, target - first) },
          (_, i) => `Bench DAO ${first + i}`,
        );
        const deployTxs = names.map((name, i) => ({
          from: deployer,
          to: factory,
          gas: 12_000_000n,
          data: encodeFunctionData({
            abi: poolFactoryAbi,
            functionName: "deployGovPool",
            args: [daoParams(name, voters, share, (first + i) % 7)],
          }),
        }));
        const deployHashes = await sendAll(chain.rpcUrl, deployTxs);
        const round: DaoAddresses[] = [];
        for (const hash of deployHashes) {
          const receipt = await protocol.publicClient.getTransactionReceipt({ hash });
          const [ev] = parseEventLogs({
            abi: poolFactoryAbi,
            logs: receipt.logs,
            eventName: "DaoPoolDeployed",
          });
          if (!ev) throw new Error("DaoPoolDeployed missing");
          round.push(ev.args as DaoAddresses);
        }
        // Voters deposit a pool-dependent amount so the DAOs differ in TVG and members.
        const depositors = (d: number) => voters.slice(0, Math.max(2, VOTERS - (d % 5)));
        const depositTxs: Tx[] = [];
        for (const [d, dao] of round.entries()) {
          for (const voter of depositors(d)) {
            const amount = parseEther(String(100 + d));
            depositTxs.push({
              from: voter,
              to: dao.token,
              gas: 100_000n,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: "approve",
                args: [dao.userKeeper, amount],
              }),
            });
            depositTxs.push({
              from: voter,
              to: dao.govPool,
              gas: 300_000n,
              data: encodeFunctionData({ abi: govPoolAbi, functionName: "deposit", args: [amount, []] }),
            });
          }
        }
        await sendAll(chain.rpcUrl, depositTxs);
        const proposalTxs: Tx[] = round.flatMap((dao) =>
          Array.from({ length: PROPOSALS }, (_, p) => ({
            from: deployer,
            to: dao.govPool,
            gas: 1_000_000n,
            data: encodeFunctionData({
              abi: govPoolAbi,
              functionName: "createProposal",
              args: [`ipfs://bench-${p}`, [{ executor: voters[1] as Address, value: 0n, data: "0x" }], []],
            }),
          })),
        );
        await sendAll(chain.rpcUrl, proposalTxs);
        const voteTxs: Tx[] = [];
        for (const [i, dao] of round.entries()) {
          for (let p = 1; p <= PROPOSALS; p++) {
            for (const [v, voter] of depositors(i).entries()) {
              voteTxs.push({
                from: voter,
                to: dao.govPool,
                gas: 500_000n,
                data: encodeFunctionData({
                  abi: govPoolAbi,
                  functionName: "vote",
                  args: [BigInt(p), v % 3 !== 2, parseEther("1"), []],
                }),
              });
            }
          }
        }
        await sendAll(chain.rpcUrl, voteTxs);
        votes += voteTxs.length;
        daos.push(...round);
        await rpc(chain.rpcUrl, "evm_increaseTime", [`0x${(DURATION + 1n).toString(16)}`]);
        await rpc(chain.rpcUrl, "evm_mine");
        log(`  ${daos.length} DAOs, ${votes} votes`);
      }
      // Finality: Ponder treats the last blocks as unfinalised; mine past them so history is historical.
      // (evm_mine, not hardhat_mine: the latter reserves blocks whose hashes Ponder sees change.)
      for (let i = 0; i < 64; i++) await rpc(chain.rpcUrl, "evm_mine");
      await rpc(chain.rpcUrl, "evm_setAutomine", [true]);
      generationSeconds += (Date.now() - genStart) / 1000;
    };

    /** A fresh `ponder start` over the whole history: start-up, backfill rate, then live lag. */
    const measureSize = async (size: number, variant: string, variantEnv: Record<string, string>) => {
      const head = BigInt(await rpc<string>(chain.rpcUrl, "eth_blockNumber"));
      const reference = await getLogsReference(chain.rpcUrl, head);
      const blocksReference = await getBlocksReference(chain.rpcUrl, head);
      const schema = `indexer_bench_${process.pid}_${size}_${schemas.length}`;
      schemas.push(schema);
      const env = Object.fromEntries(
        Object.entries(variantEnv).map(([k, v]) => [k, v.replaceAll("{RPC}", chain.rpcUrl)]),
      );
      log(
        `indexing ${daos.length} DAOs, ${votes} votes, ${head} blocks (${reference.logs} logs): ${variant} ${JSON.stringify(variantEnv)}…`,
      );
      const spawned = performance.now();
      const indexer = await startIndexer({
        databaseUrl: postgres.url,
        rpcUrl: chain.rpcUrl,
        schema,
        timeoutMs: 60_000,
        waitFor: "server",
        env,
        nodeOptions: CPU_PROFILE
          ? `--cpu-prof --cpu-prof-dir=${resolve(CPU_PROFILE, String(size))}`
          : undefined,
      });
      try {
        // Ponder's completed-events counter, polled: the first indexed event ends the start-up. Then only the
        // checkpoint is polled (rendering the metrics costs the indexer a few milliseconds of its CPU each time).
        let firstEventAt: number | undefined;
        let cpuAtFirstEvent = 0;
        let nodeCpuAtFirstEvent: number | null = null;
        let doneAt: number | undefined;
        for (const deadline = performance.now() + 1_800_000; doneAt === undefined; ) {
          if (performance.now() > deadline) throw new Error(`indexing of block ${head} timed out`);
          const s = firstEventAt === undefined ? await metrics(indexer.url) : null;
          const now = performance.now();
          if (firstEventAt === undefined && s && sum(s, "ponder_indexing_completed_events") > 0) {
            firstEventAt = now;
            cpuAtFirstEvent = sum(s, "process_cpu_seconds_total");
            nodeCpuAtFirstEvent = groupCpuSeconds(chain.process.child.pid);
          }
          if (firstEventAt !== undefined && ((await indexedBlock(db, schema)) ?? -1n) >= head) doneAt = now;
          else await sleep(100);
        }
        const samples = (await metrics(indexer.url)) ?? [];
        const events = sum(samples, "ponder_indexing_completed_events");
        const startup = ((firstEventAt ?? doneAt) - spawned) / 1000;
        const backfill = (doneAt - (firstEventAt ?? doneAt)) / 1000;
        const count = async (table: string) =>
          Number(
            (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${schema}".${table}`)).rows[0]
              ?.n,
          );
        const indexedVotes = await count("vote_interaction");
        if (indexedVotes !== votes) throw new Error(`indexed ${indexedVotes} votes of ${votes}`);
        const live = await measureLive(indexer, schema);
        const ponderRequests = sum(samples, "ponder_rpc_request_duration_count");
        return {
          variant,
          variant_env: variantEnv,
          pools: await count("pool"),
          votes,
          events,
          blocks: Number(head),
          startup_seconds: round2(startup),
          backfill_seconds: round2(backfill),
          events_per_second: round1(events / backfill),
          // The indexer's own CPU time over the backfill: on a shared machine steadier than the wall clock.
          backfill_cpu_seconds: round2(sum(samples, "process_cpu_seconds_total") - cpuAtFirstEvent),
          // The node's CPU over the same time (answering Ponder's requests), from /proc.
          node_backfill_cpu_seconds:
            nodeCpuAtFirstEvent === null
              ? null
              : round2((groupCpuSeconds(chain.process.child.pid) ?? 0) - nodeCpuAtFirstEvent),
          reference_get_logs: reference,
          reference_get_blocks: blocksReference,
          // Ponder's own JSON-RPC requests per second from its start to the head indexed (its client-side limit: 20 per
          // endpoint at first, raised by 5% every few seconds of saturation).
          ponder_requests: ponderRequests,
          ponder_requests_per_second: round1(ponderRequests / (startup + backfill)),
          live,
          profile: profile(samples),
          indexer,
        };
      } catch (err) {
        await indexer.stop();
        throw err;
      }
    };

    /**
     * Mines LIVE_BLOCKS blocks with events, one every LIVE_INTERVAL_MS (a proposal, then votes on it), and records
     * how far behind the indexer is when each is mined and when it has indexed each.
     */
    const measureLive = async (indexer: Indexer, schema: string) => {
      const dao = daos[0] as DaoAddresses;
      const send = async (from: Address, data: Hex, gas: bigint) => {
        const hash = await rpc<Hex>(chain.rpcUrl, "eth_sendTransaction", [
          { from, to: dao.govPool, data, gas: `0x${gas.toString(16)}` },
        ]);
        const receipt = await protocol.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
        if (receipt.status !== "success") throw new Error(`live transaction ${hash} failed`);
        return { block: receipt.blockNumber, minedAt: performance.now() };
      };
      const proposalId =
        BigInt(
          await protocol.publicClient.readContract({
            address: dao.govPool,
            abi: govPoolAbi,
            functionName: "latestProposalId",
          }),
        ) + 1n;
      const mined: Array<{ block: bigint; minedAt: number; lagBlocks: number; indexedAt?: number }> = [];
      let polling = true;
      const poller = (async () => {
        while (polling || mined.some((m) => m.indexedAt === undefined)) {
          const at = (await indexedBlock(db, schema)) ?? -1n;
          const now = performance.now();
          for (const m of mined) if (m.indexedAt === undefined && at >= m.block) m.indexedAt = now;
          await sleep(20);
        }
      })();
      for (let i = 0; i < LIVE_BLOCKS; i++) {
        const tick = performance.now();
        const data =
          i === 0
            ? encodeFunctionData({
                abi: govPoolAbi,
                functionName: "createProposal",
                args: ["ipfs://bench-live", [{ executor: voters[1] as Address, value: 0n, data: "0x" }], []],
              })
            : encodeFunctionData({
                abi: govPoolAbi,
                functionName: "vote",
                args: [proposalId, true, parseEther("1"), []],
              });
        const from = (i === 0 ? deployer : voters[(i - 1) % voters.length]) as Address;
        const m = await send(from, data, i === 0 ? 1_000_000n : 500_000n);
        if (i > 0) votes++;
        const at = (await indexedBlock(db, schema)) ?? -1n;
        mined.push({ ...m, lagBlocks: Number(m.block - at) });
        const wait = LIVE_INTERVAL_MS - (performance.now() - tick);
        if (wait > 0) await sleep(wait);
      }
      polling = false;
      await Promise.race([
        poller,
        sleep(60_000).then(() => Promise.reject(new Error("live blocks not indexed"))),
      ]);
      const latencies = mined.map((m) => (m.indexedAt ?? Number.NaN) - m.minedAt).sort((a, b) => a - b);
      void indexer;
      return {
        blocks: mined.length,
        interval_ms: LIVE_INTERVAL_MS,
        lag_blocks_max: Math.max(...mined.map((m) => m.lagBlocks)),
        lag_blocks: mined.map((m) => m.lagBlocks),
        latency_ms_p50: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
        latency_ms_max: Math.round(latencies.at(-1) ?? 0),
        reference_polling_ms: POLLING_MS,
      };
    };

    const sizes: Array<Omit<Awaited<ReturnType<typeof measureSize>>, "indexer">> = [];
    let last: Awaited<ReturnType<typeof measureSize>> | undefined;
    for (const size of SIZES) {
      log(`generating up to ${size} DAOs, ${VOTERS} voters, ${PROPOSALS} proposals each…`);
      await grow(size);
      for (const [variant, variantEnv] of VARIANTS) {
        await last?.indexer.stop();
        last = await measureSize(size, variant, variantEnv);
        const { indexer: _, ...figures } = last;
        sizes.push(figures);
        printSize(figures);
      }
    }
    if (!last) throw new Error("SIZES is empty");
    stops.unshift(() => (last as { indexer: Indexer }).indexer.stop());
    printGrowth(sizes);

    let top: Awaited<ReturnType<typeof measureTop>> | null = null;
    if (TOP_REQUESTS > 0) {
      log("measuring the top endpoint…");
      top = await measureTop(postgres.url, chain.rpcUrl, schemas.at(-1) as string, voters, stops);
    }
    const result = {
      benchmark: "indexer",
      date: new Date().toISOString(),
      load_average: (await import("node:os")).loadavg().map(round2),
      generation_seconds: round1(generationSeconds),
      sizes,
      top_endpoint: top,
      total_seconds: (Date.now() - started) / 1000,
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, "indexer.json"), `${JSON.stringify(result, null, 2)}\n`);
    log(`wrote bench/results/indexer.json (load average ${result.load_average.join(", ")})`);
  } finally {
    for (const schema of schemas)
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

type SizeFigures = {
  variant: string;
  pools: number;
  votes: number;
  events: number;
  blocks: number;
  startup_seconds: number;
  backfill_seconds: number;
  events_per_second: number;
  backfill_cpu_seconds: number;
  node_backfill_cpu_seconds: number | null;
  reference_get_logs: { logs: number; seconds: number; logs_per_second: number };
  reference_get_blocks: { blocks: number; seconds: number; blocks_per_second: number };
  ponder_requests: number;
  ponder_requests_per_second: number;
  live: {
    lag_blocks_max: number;
    latency_ms_p50: number;
    latency_ms_max: number;
    reference_polling_ms: number;
    interval_ms: number;
  };
  profile: ReturnType<typeof profile>;
};

function printSize(f: SizeFigures) {
  const p = f.profile;
  console.log(`
${f.pools} DAOs, ${f.votes} votes: ${f.events} events over ${f.blocks} blocks (${f.variant})
| figure | now | reference (same run) |
| --- | ---: | ---: |
| start-up (ponder start → first event indexed) | ${f.startup_seconds} s | — |
| backfill (first event → head indexed) | ${f.backfill_seconds} s, **${f.events_per_second} events/s**; the indexer's CPU ${f.backfill_cpu_seconds} s, the node's ${f.node_backfill_cpu_seconds ?? "?"} s | eth_getLogs: ${f.reference_get_logs.logs_per_second} logs/s (${f.reference_get_logs.logs} in ${f.reference_get_logs.seconds} s) |
| Ponder's JSON-RPC requests, start-up and backfill | ${f.ponder_requests}, ${f.ponder_requests_per_second}/s | the node serves ${f.reference_get_blocks.blocks_per_second} blocks/s with their transactions, one at a time |
| live lag, a block with events every ${f.live.interval_ms} ms | **${f.live.lag_blocks_max} blocks** max; indexed after ${f.live.latency_ms_p50} ms p50, ${f.live.latency_ms_max} ms max | polling every ${f.live.reference_polling_ms} ms |
Backfill profile: waited on fetching / indexing ${JSON.stringify(p.concurrency_ms)} ms; Ponder's requests ${JSON.stringify(p.sync_requests)}; transform ${JSON.stringify(p.transform_ms)} ms; store ${p.store_queries} queries, cache ${JSON.stringify(p.store_cache_requests)}; RPC ${JSON.stringify(p.rpc_actions)}; raw SQL ${p.raw_sql.count} (${p.raw_sql.total_ms} ms)
Handlers (total ms / ms per event): ${p.handlers
    .slice(0, 8)
    .map((h) => `${h.event} ${h.total_ms}/${h.per_event_ms} (${h.events})`)
    .join("; ")}`);
}

function printGrowth(sizes: SizeFigures[]) {
  console.log(`
Growth
| DAOs | indexer | votes | events | blocks | start-up s | backfill s | events/s | CPU s | Ponder's requests/s | eth_getLogs logs/s | live lag (blocks, max) | live latency p50 ms |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${sizes
  .map(
    (f) =>
      `| ${f.pools} | ${f.variant} | ${f.votes} | ${f.events} | ${f.blocks} | ${f.startup_seconds} | ${f.backfill_seconds} | ${f.events_per_second} | ${f.backfill_cpu_seconds} | ${f.ponder_requests_per_second} | ${f.reference_get_logs.logs_per_second} | ${f.live.lag_blocks_max} | ${f.live.latency_ms_p50} |`,
  )
  .join("\n")}
`);
}

/** Latency percentiles of the tracker `top` list over the largest history (a mix of sorts, pages and searches). */
async function measureTop(
  databaseUrl: string,
  rpcUrl: string,
  schema: string,
  voters: Address[],
  stops: Array<() => Promise<unknown>>,
) {
  const api = await buildApi({ databaseUrl, rpcUrl, indexerSchema: schema });
  stops.unshift(() => api.close());
  const address = await api.listen({ host: "127.0.0.1", port: 0 });
  const urls = [
    "/integrations/tracker/31337/pools/gov/top",
    "/integrations/tracker/31337/pools/gov/top?sort=-members",
    "/integrations/tracker/31337/pools/gov/top?page[number]=3",
    `/integrations/tracker/31337/pools/gov/top?user_address=${voters[3]}`,
    "/integrations/tracker/31337/pools/gov/top?search=Bench%20DAO%204",
  ];
  for (const u of urls) {
    const res = await fetch(address + u);
    if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
  }
  const measure = async (concurrency: number) => {
    const latencies: number[] = [];
    let next = 0;
    const loadStart = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < TOP_REQUESTS) {
          const url = address + urls[next++ % urls.length];
          const t = performance.now();
          const res = await fetch(url);
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${url}: ${res.status}`);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (Date.now() - loadStart) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      round2(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
    return {
      requests: latencies.length,
      concurrency,
      requests_per_second: round1(latencies.length / seconds),
      p50_ms: pct(50),
      p95_ms: pct(95),
      p99_ms: pct(99),
      max_ms: round2(latencies.at(-1) ?? 0),
    };
  };
  const sequential = await measure(1);
  const concurrent = await measure(TOP_CONCURRENCY);
  console.log(
    `top endpoint: one at a time p50 ${sequential.p50_ms} ms, p99 ${sequential.p99_ms} ms; ${TOP_CONCURRENCY} concurrent ${concurrent.requests_per_second} req/s, p99 ${concurrent.p99_ms} ms`,
  );
  return { p99_ms: sequential.p99_ms, sequential, concurrent };
}

function daoParams(name: string, voters: Address[], share: bigint, variant: number) {
  return daoDeployParams({
    name,
    symbol: `B${variant}`,
    recipients: voters,
    amounts: voters.map(() => share),
    mintedTotal: share * BigInt(voters.length) * 2n,
    duration: DURATION,
    quorum: percent(50 + variant),
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
