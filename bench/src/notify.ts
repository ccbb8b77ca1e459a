/**
 * `npm run bench:notify`: the notifier on a real Postgres, fed through the indexer's tables.
 *
 * 1. latency — one vote at a time is written to the indexer's tables (as Ponder would), and the time
 *    until the subscriber's in-app notification is stored is measured (p50, p99), with the notifier's
 *    default pace (reads the indexer every NOTIFIER_POLL_MS, 1 s);
 * 2. throughput — one DAO with 10,000 subscribers: a burst of votes, and the in-app notifications
 *    stored per second until every subscriber has every one.
 *
 * Each figure is printed beside a reference measured in the same run, on the same database and under
 * the same machine load, so runs on busy and idle machines compare by their ratio: the database's own
 * floor for the same writes, one `INSERT … SELECT` of a notification per subscriber (the fan-out's core
 * statement, without queue, deliveries or cursors) into a copy of the notifications table, and for the
 * latency that floor plus half a poll interval (the average wait for the notifier's next read).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { loadConfig } from "../../services/api/src/config.ts";
import { migrate } from "../../services/api/src/db/migrate.ts";
import { createPool } from "../../services/api/src/db/pool.ts";
import { IndexerReader } from "../../services/api/src/indexer/indexer.ts";
import { jsonLog } from "../../services/api/src/notifier/log.ts";
import { startNotifier } from "../../services/api/src/notifier/notifier.ts";
import { IndexerFixture } from "../../services/api/test/indexerFixture.ts";
import { startEmbeddedPostgres } from "../../services/api/test/localServices.ts";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const SAMPLES = Number(process.env.SAMPLES ?? 40);
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 10_000);
const BURST = Number(process.env.BURST ?? 20);
const POLL_MS = Number(process.env.NOTIFIER_POLL_MS ?? 1000);
const CHAIN = 31337;
const POOL = "0x00000000000000000000000000000000000000b1";
const NOW = Math.floor(Date.now() / 1000);

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

let voteSeq = 0;
async function vote(fixture: IndexerFixture, pool: string): Promise<void> {
  voteSeq++;
  const tx = `0x${voteSeq.toString(16).padStart(64, "0")}`;
  await fixture.insert("vote_interaction", {
    id: `${CHAIN}:${tx}:0`,
    chain_id: CHAIN,
    block_number: String(voteSeq),
    timestamp: String(NOW),
    tx_hash: tx,
    pool,
    proposal_id: String(voteSeq),
    voter: address(0xa000 + voteSeq),
    interaction: 1,
    is_vote_for: true,
    amount: "1000000000000000000",
    nft_ids: [],
  });
}

async function main() {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const postgres = await startEmbeddedPostgres("polity-bench-notify-pg-");
      serverUrl = postgres.url;
      cleanups.push(postgres.stop);
    }
    const dbName = `notify_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();

    const db = createPool(databaseUrl, { max: 10, statementTimeoutMs: 60_000 });
    cleanups.push(() => db.end());
    await migrate(db);
    const fixture = await IndexerFixture.create(databaseUrl, "indexer");
    cleanups.push(() => fixture.close());
    await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Bench DAO" });
    await fixture.indexedUpTo(CHAIN, 1, NOW);

    // 10,000 members subscribed to the DAO's proposals (one INSERT, as the api's route would store them)
    await db.query(
      `INSERT INTO api.notification_subscriptions (account, destination, group_names)
       SELECT '0x' || lpad(to_hex(n), 40, '0'), $1, '{dao-proposal}' FROM generate_series(1, $2) AS n`,
      [POOL, SUBSCRIBERS],
    );
    const watched = address(1);

    const config = loadConfig({
      NODE_ENV: "test",
      NOTIFIER_POLL_MS: String(POLL_MS),
      NOTIFIER_BACKFILL_SECONDS: "3600",
    });
    const notifier = await startNotifier({
      databaseUrl,
      db,
      indexer: new IndexerReader(db, "indexer"),
      config: config.notifications,
      log: jsonLog("error"),
      webUrl: null,
    });
    cleanups.push(() => notifier.stop());
    const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));

    const countFor = async (account: string) =>
      (
        await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api.notifications WHERE account = $1`, [
          account,
        ])
      ).rows[0]!.n;
    const total = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api.notifications`)).rows[0]!.n;

    // 1. latency: event stored by the indexer → the subscriber's in-app notification stored
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const before = await countFor(watched);
      const started = performance.now();
      await vote(fixture, POOL);
      while ((await countFor(watched)) === before) await new Promise((r) => setTimeout(r, 5));
      latencies.push(performance.now() - started);
      // every subscriber has it before the next sample starts
      while ((await total()) < (i + 1) * SUBSCRIBERS) await new Promise((r) => setTimeout(r, 20));
    }
    latencies.sort((a, b) => a - b);

    // References: the same writes as one plain statement per event, on a copy of the notifications table
    // (its keys and indexes, none of its foreign keys), timed the same way.
    await db.query(`CREATE TABLE api.bench_reference (LIKE api.notifications INCLUDING ALL)`);
    cleanups.push(async () => {
      await db.query(`DROP TABLE IF EXISTS api.bench_reference`).catch(() => undefined);
    });
    const referenceFanOut = async (eventId: number) => {
      const started = performance.now();
      await db.query(
        `INSERT INTO api.bench_reference (event_id, account, topic, group_name)
         SELECT $1, s.account, 'PROPOSAL_VOTED', 'dao-proposal' FROM api.notification_subscriptions s
          WHERE s.destination = $2 AND 'dao-proposal' = ANY (s.group_names)
         ON CONFLICT DO NOTHING`,
        [eventId, POOL],
      );
      return performance.now() - started;
    };
    const referenceSingles: number[] = [];
    for (let i = 0; i < Math.min(SAMPLES, 10); i++)
      referenceSingles.push(await referenceFanOut(1_000_000 + i));
    referenceSingles.sort((a, b) => a - b);
    const referenceBurstStarted = performance.now();
    for (let i = 0; i < BURST; i++) await referenceFanOut(2_000_000 + i);
    const referenceBurstSeconds = (performance.now() - referenceBurstStarted) / 1000;

    // 2. throughput: a burst of votes to 10,000 subscribers each
    const stored = await total();
    const burstStarted = performance.now();
    for (let i = 0; i < BURST; i++) await vote(fixture, POOL);
    const target = stored + BURST * SUBSCRIBERS;
    while ((await total()) < target) await new Promise((r) => setTimeout(r, 20));
    const burstSeconds = (performance.now() - burstStarted) / 1000;

    const results = {
      latency_samples: SAMPLES,
      latency_p50_ms: Math.round(percentile(latencies, 50)),
      latency_p99_ms: Math.round(percentile(latencies, 99)),
      latency_max_ms: Math.round(latencies.at(-1) ?? 0),
      subscribers: SUBSCRIBERS,
      burst_events: BURST,
      burst_notifications: BURST * SUBSCRIBERS,
      burst_seconds: Number(burstSeconds.toFixed(2)),
      notifications_per_second: Math.round((BURST * SUBSCRIBERS) / burstSeconds),
      events_per_second: Number((BURST / burstSeconds).toFixed(1)),
      reference_fan_out_ms: Math.round(percentile(referenceSingles, 50)),
      reference_latency_p50_ms: Math.round(percentile(referenceSingles, 50) + POLL_MS / 2),
      reference_notifications_per_second: Math.round((BURST * SUBSCRIBERS) / referenceBurstSeconds),
    };
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "—");
    console.log(`\nnotifier (poll ${POLL_MS} ms), one DAO with ${SUBSCRIBERS} subscribers`);
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(
      `  load average ${loadBefore.join(" ")} → ${load.join(" ")} on ${availableParallelism()} CPUs`,
    );
    console.log(
      `  indexed event → in-app notification: p50 ${results.latency_p50_ms} ms, p99 ${results.latency_p99_ms} ms (${SAMPLES} events)`,
    );
    console.log(
      `    reference (half a poll + one plain INSERT … SELECT of ${SUBSCRIBERS} rows, ${results.reference_fan_out_ms} ms): ${results.reference_latency_p50_ms} ms → p50 ×${ratio(results.latency_p50_ms, results.reference_latency_p50_ms)}`,
    );
    console.log(
      `  burst of ${BURST} events: ${results.burst_notifications} notifications in ${results.burst_seconds} s = ${results.notifications_per_second}/s (${results.events_per_second} events/s)`,
    );
    console.log(
      `    reference (the same rows, one plain INSERT … SELECT per event): ${results.reference_notifications_per_second}/s → ×${ratio(results.notifications_per_second, results.reference_notifications_per_second)} of the database's floor`,
    );
    const out = join(ROOT, "bench/results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, "notify.json"),
      `${JSON.stringify(
        {
          benchmark: "notify",
          date: new Date().toISOString(),
          node: process.version,
          cpus: availableParallelism(),
          load_average_before: loadBefore,
          load_average_after: loadavg().map((l) => Number(l.toFixed(2))),
          poll_ms: POLL_MS,
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwritten ${join(out, "notify.json")}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
