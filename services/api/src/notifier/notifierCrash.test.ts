/**
 * The notifier process killed with SIGKILL in the middle of its work, then started again: every
 * in-app notification exists exactly once, every channel delivery ends sent or (killed mid-send)
 * dead-lettered as interrupted, and the provider never receives one delivery twice.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../test/helpers.ts";
import { IndexerFixture } from "../../test/indexerFixture.ts";
import { startRecordingServer } from "../../test/recordingServer.ts";
import { migrate } from "../db/migrate.ts";
import { createPool, type Db } from "../db/pool.ts";
import { NotificationsRepository } from "../modules/notifications/notifications.repository.ts";
import { DELIVERY_KEY_HEADER } from "./channels.ts";

const CHAIN = 31337;
const POOL = "0x00000000000000000000000000000000000000d2";
const NOW = 1_900_000_000;
const VOTES = 20;
const SUBSCRIBERS = 20;
const API_DIR = fileURLToPath(new URL("../..", import.meta.url));

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

describe("notifier killed mid-batch", () => {
  let databaseUrl: string;
  let db: Db;
  let fixture: IndexerFixture;
  let provider: Awaited<ReturnType<typeof startRecordingServer>>;
  let child: ChildProcess | undefined;
  let output = "";

  const startProcess = () => {
    const proc = spawn(process.execPath, ["--import", "tsx", "src/notifier/main.ts"], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        INDEXER_SCHEMA: "indexer",
        RPC_URL_31337: inject("rpcUrl"),
        JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
        SLACK_WEBHOOK_ORIGINS: provider.url,
        NOTIFIER_POLL_MS: "200",
        NOTIFIER_BACKFILL_SECONDS: "3600",
        NOTIFIER_JOB_EXPIRE_SECONDS: "3",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    proc.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    proc.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    return proc;
  };

  const counts = async () => {
    const { rows } = await db.query<{ notifications: number; sent: number; dead: number; open: number }>(
      `SELECT (SELECT count(*)::int FROM api.notifications) AS notifications,
              (SELECT count(*)::int FROM api.notification_deliveries WHERE status = 'sent') AS sent,
              (SELECT count(*)::int FROM api.notification_deliveries WHERE status = 'dead') AS dead,
              (SELECT count(*)::int FROM api.notification_deliveries WHERE status NOT IN ('sent', 'dead')) AS open`,
    );
    return rows[0]!;
  };

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    db = createPool(databaseUrl);
    await migrate(db);
    fixture = await IndexerFixture.create(databaseUrl, "indexer");
    await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Crash DAO" });
    const repo = new NotificationsRepository(db);
    // Slow enough that the kill lands while deliveries are being sent.
    provider = await startRecordingServer(() => ({ status: 200, body: "ok", delayMs: 15 }));
    for (let i = 1; i <= SUBSCRIBERS; i++) {
      await repo.subscribe(address(0xb000 + i), POOL, ["dao-proposal"]);
      await repo.addIdentity(address(0xb000 + i), "slack", `${provider.url}/hooks/${i}`);
    }
    for (let i = 1; i <= VOTES; i++) {
      await fixture.insert("vote_interaction", {
        id: `${CHAIN}:0x${i.toString(16).padStart(64, "0")}:0`,
        chain_id: CHAIN,
        block_number: String(i),
        timestamp: String(NOW - VOTES + i),
        tx_hash: `0x${i.toString(16).padStart(64, "0")}`,
        pool: POOL,
        proposal_id: String(i),
        voter: address(0xa000 + i),
        interaction: 1,
        is_vote_for: true,
        amount: "1",
        nft_ids: [],
      });
    }
    await fixture.indexedUpTo(CHAIN, VOTES, NOW);
  });

  afterAll(async () => {
    child?.kill("SIGKILL");
    await provider?.close();
    await fixture?.close();
    await db?.end();
  });

  it("loses nothing and sends nothing twice", { timeout: 240_000 }, async () => {
    const total = VOTES * SUBSCRIBERS;
    child = startProcess();
    // Kill once some deliveries went out, well before all did.
    const deadline = Date.now() + 60_000;
    while (provider.requests.length < total / 10) {
      if (Date.now() > deadline) throw new Error(`no deliveries before the kill:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    const atKill = await counts();
    expect(atKill.sent + atKill.dead).toBeLessThan(total);

    child = startProcess();
    const until = Date.now() + 120_000;
    let now = await counts();
    while (!(now.notifications === total && now.sent + now.dead === total && now.open === 0)) {
      if (Date.now() > until) throw new Error(`not finished: ${JSON.stringify(now)}\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
      now = await counts();
    }
    child.kill("SIGTERM");
    await new Promise((r) => child?.once("exit", r));

    // In-app: exactly one per vote and subscriber.
    const { rows: dup } = await db.query(
      `SELECT event_id, account FROM api.notifications GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(dup).toEqual([]);
    expect(now.notifications).toBe(total);

    // Channels: the provider got each delivery key at most once; every sent delivery reached it; the only
    // dead ones are those the kill interrupted mid-send, with that reason.
    const keys = provider.requests.map((r) => String(r.headers[DELIVERY_KEY_HEADER]));
    expect(new Set(keys).size).toBe(keys.length);
    const { rows: dead } = await db.query<{ last_error: string }>(
      `SELECT last_error FROM api.notification_deliveries WHERE status = 'dead'`,
    );
    for (const d of dead) expect(d.last_error).toMatch(/^interrupted while sending/);
    expect(dead.length).toBeLessThanOrEqual(40); // at most the in-flight batch of each worker
    expect(keys.length).toBeGreaterThanOrEqual(now.sent);
    expect(keys.length).toBeLessThanOrEqual(now.sent + dead.length);
  });
});
