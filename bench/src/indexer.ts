/**
 * `npm run bench:indexer` — indexes a synthetic history (>= 100 DAOs, 10,000 votes) from a fresh
 * local chain and measures events indexed per second and the tracker `top` endpoint's latency
 * percentiles over that data. Writes bench/results/indexer.json.
 *
 * Env: POOLS (100), VOTERS (20, at most the node's 20 dev accounts), PROPOSALS_PER_POOL (6), TOP_REQUESTS (2000), TOP_CONCURRENCY (16),
 * DATABASE_URL (else embedded Postgres).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { govPoolAbi, poolFactoryAbi } from "@polity/core/generated/contracts";
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, parseEventLogs } from "viem";
import { buildApi } from "../../packages/indexer/test/apiApp.ts";
import {
  deployAndSeed,
  pgPool,
  rpc,
  startChain,
  startIndexer,
  startPostgres,
  waitIndexed,
} from "../../packages/indexer/test/harness.ts";
import { daoDeployParams, devAccount, Protocol, percent } from "../../packages/indexer/test/scenario.ts";

const POOLS = Number(process.env.POOLS ?? 100);
const VOTERS = Number(process.env.VOTERS ?? 20);
const PROPOSALS = Number(process.env.PROPOSALS_PER_POOL ?? 6);
const TOP_REQUESTS = Number(process.env.TOP_REQUESTS ?? 2000);
const TOP_CONCURRENCY = Number(process.env.TOP_CONCURRENCY ?? 16);
// Pools per round: proposals end between rounds so that each voter stays within the protocol's
// limit of 50 active proposals.
const BATCH = Math.max(1, Math.floor(50 / PROPOSALS));
const DURATION = 3_600n;
const TX_BATCH = Number(process.env.TX_BATCH ?? 50);
const RESULTS = resolve(fileURLToPath(new URL("..", import.meta.url)), "results");
const SCHEMA = `indexer_bench_${process.pid}`;

const log = (msg: string) => console.log(`[bench:indexer] ${msg}`);

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

async function main() {
  // Ctrl-C or a timeout must still stop the node, Postgres and Ponder (exit handlers run on exit()).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
  const started = Date.now();
  const [postgres, chain] = await Promise.all([startPostgres(), startChain()]);
  const db = pgPool(postgres.url);
  const stops: Array<() => Promise<unknown>> = [() => postgres.stop(), () => chain.stop(), () => db.end()];
  try {
    await deployAndSeed(chain.rpcUrl, { seed: false });
    const { deployments } = await import("@polity/core/generated/deployments");
    const factory = (deployments as Record<number, { PoolFactory: Address }>)[31337]?.PoolFactory;
    if (!factory) throw new Error("no 31337 deployment");
    const protocol = new Protocol(chain.rpcUrl, factory);
    const voters = Array.from({ length: VOTERS }, (_, i) => devAccount(i).address);
    const deployer = voters[0] as Address;
    const share = parseEther("1000");

    log(`generating ${POOLS} DAOs, ${VOTERS} voters, ${PROPOSALS} proposals each…`);
    await rpc(chain.rpcUrl, "evm_setAutomine", [false]);
    const genStart = Date.now();
    let votes = 0;
    for (let round = 0; round * BATCH < POOLS; round++) {
      const names = Array.from(
        { length: Math.min(BATCH, POOLS - round * BATCH) },
        (_, i) => `Bench DAO ${round * BATCH + i}`,
      );
      const deployTxs = names.map((name, i) => ({
        from: deployer,
        to: factory,
        gas: 12_000_000n,
        data: encodeFunctionData({
          abi: poolFactoryAbi,
          functionName: "deployGovPool",
          args: [daoParams(name, voters, share, (round * BATCH + i) % 7)],
        }),
      }));
      const deployHashes = await sendAll(chain.rpcUrl, deployTxs);
      const daos = [];
      for (const hash of deployHashes) {
        const receipt = await protocol.publicClient.getTransactionReceipt({ hash });
        const [ev] = parseEventLogs({
          abi: poolFactoryAbi,
          logs: receipt.logs,
          eventName: "DaoPoolDeployed",
        });
        if (!ev) throw new Error("DaoPoolDeployed missing");
        daos.push(ev.args);
      }
      // Voters deposit a pool-dependent amount so the DAOs differ in TVG and members.
      const depositTxs: Tx[] = [];
      for (const [d, dao] of daos.entries()) {
        const depositors = voters.slice(0, Math.max(2, VOTERS - (d % 5)));
        for (const voter of depositors) {
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
      const proposalTxs: Tx[] = daos.flatMap((dao) =>
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
      for (const [d, dao] of daos.entries()) {
        const depositors = voters.slice(0, Math.max(2, VOTERS - (d % 5)));
        for (let p = 1; p <= PROPOSALS; p++) {
          for (const [v, voter] of depositors.entries()) {
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
      await rpc(chain.rpcUrl, "evm_increaseTime", [`0x${(DURATION + 1n).toString(16)}`]);
      await rpc(chain.rpcUrl, "evm_mine");
      log(`round ${round + 1}: ${Math.min(POOLS, (round + 1) * BATCH)} DAOs, ${votes} votes`);
    }
    // Finality: Ponder treats the last blocks as unfinalised; mine past them so history is historical.
    // (evm_mine, not hardhat_mine: the latter reserves blocks whose hashes Ponder sees change.)
    for (let i = 0; i < 64; i++) await rpc(chain.rpcUrl, "evm_mine");
    await rpc(chain.rpcUrl, "evm_setAutomine", [true]);
    const generationSeconds = (Date.now() - genStart) / 1000;
    const headBlock = BigInt(await rpc<string>(chain.rpcUrl, "eth_blockNumber"));

    log("indexing…");
    const indexStart = Date.now();
    const indexer = await startIndexer({
      databaseUrl: postgres.url,
      rpcUrl: chain.rpcUrl,
      schema: SCHEMA,
      timeoutMs: 1_800_000,
    });
    stops.unshift(() => indexer.stop());
    await waitIndexed(db, SCHEMA, headBlock, 600_000);
    const indexSeconds = (Date.now() - indexStart) / 1000;
    const metrics = await (await fetch(`${indexer.url}/metrics`)).text();
    const events = metrics
      .split("\n")
      .filter((l) => l.startsWith("ponder_indexing_completed_events"))
      .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
    const [{ n: indexedVotes } = { n: "0" }] = (
      await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${SCHEMA}".vote_interaction`)
    ).rows;
    const [{ n: indexedPools } = { n: "0" }] = (
      await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${SCHEMA}".pool`)
    ).rows;

    log("measuring the top endpoint…");
    const api = await buildApi({ databaseUrl: postgres.url, rpcUrl: chain.rpcUrl, indexerSchema: SCHEMA });
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
    /** Latency percentiles of TOP_REQUESTS requests over the URL mix at `concurrency`. */
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
        Number(
          (
            latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0
          ).toFixed(2),
        );
      return {
        requests: latencies.length,
        concurrency,
        requests_per_second: Number((latencies.length / seconds).toFixed(1)),
        p50_ms: pct(50),
        p95_ms: pct(95),
        p99_ms: pct(99),
        max_ms: Number((latencies.at(-1) ?? 0).toFixed(2)),
      };
    };
    const sequential = await measure(1);
    const concurrent = await measure(TOP_CONCURRENCY);

    const result = {
      benchmark: "indexer",
      date: new Date().toISOString(),
      history: {
        pools: Number(indexedPools),
        votes_sent: votes,
        votes_indexed: Number(indexedVotes),
        head_block: Number(headBlock),
        generation_seconds: generationSeconds,
      },
      indexing: {
        events: events,
        seconds: indexSeconds,
        events_per_second: Number((events / indexSeconds).toFixed(1)),
        note: "from `ponder start` to the checkpoint reaching the head: includes Ponder start-up and schema creation",
      },
      top_endpoint: { p99_ms: sequential.p99_ms, sequential, concurrent },
      total_seconds: (Date.now() - started) / 1000,
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, "indexer.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (Number(indexedVotes) !== votes) throw new Error(`indexed ${indexedVotes} votes of ${votes}`);
  } finally {
    await db.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => undefined);
    for (const stop of stops) await stop().catch(() => undefined);
  }
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
