import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testConfig } from "../../test/helpers.ts";
import { IndexerFixture } from "../../test/indexerFixture.ts";
import { startRecordingServer } from "../../test/recordingServer.ts";
import { migrate } from "../db/migrate.ts";
import { createPool, type Db } from "../db/pool.ts";
import { IndexerReader } from "../indexer/indexer.ts";
import { NotificationsRepository } from "../modules/notifications/notifications.repository.ts";
import { DELIVERY_KEY_HEADER } from "./channels.ts";
import type { Log } from "./log.ts";
import { type Notifier, startNotifier } from "./notifier.ts";

const CHAIN = 31337;
const POOL = "0x00000000000000000000000000000000000000d1";
const TOKEN = "0x00000000000000000000000000000000000000e1";
const VOTER = "0x00000000000000000000000000000000000000a1";
const BOB = "0x00000000000000000000000000000000000000b0";
const CAROL = "0x00000000000000000000000000000000000000c0";
const NOW = 1_900_000_000;

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("notifier", () => {
  let databaseUrl: string;
  let db: Db;
  let fixture: IndexerFixture;
  let repo: NotificationsRepository;
  let notifier: Notifier;
  const logged: { fields: Record<string, unknown>; msg: string }[] = [];
  const log: Log = {
    info: () => {},
    warn: (fields, msg) => logged.push({ fields, msg }),
    error: (fields, msg) => logged.push({ fields, msg }),
  };
  let slack: Awaited<ReturnType<typeof startRecordingServer>>;
  const createProposal = (id: string, time: number) =>
    fixture.insert("proposal", {
      chain_id: CHAIN,
      pool: POOL,
      proposal_id: id,
      creator: VOTER,
      created_at: String(time),
      updated_at: String(time),
    });

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    db = createPool(databaseUrl);
    await migrate(db);
    fixture = await IndexerFixture.create(databaseUrl, "indexer");
    await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Notify DAO", gov_token: TOKEN });
    await fixture.insert("token", {
      chain_id: CHAIN,
      address: TOKEN,
      name: "Gov",
      symbol: "GOV",
      decimals: 18,
    });
    await fixture.indexedUpTo(CHAIN, 10, NOW);
    repo = new NotificationsRepository(db);
    slack = await startRecordingServer();
    const config = testConfig(databaseUrl, {
      SLACK_WEBHOOK_ORIGINS: slack.url,
      NOTIFIER_POLL_MS: "200",
      NOTIFIER_BACKFILL_SECONDS: "3600",
    });
    notifier = await startNotifier({
      databaseUrl,
      db,
      indexer: new IndexerReader(db, "indexer"),
      config: config.notifications,
      log,
      webUrl: "http://localhost:5173",
      jobExpireSeconds: 5,
      retry: { limit: 2, delaySeconds: 1, delayMaxSeconds: 1 },
    });
  });

  afterAll(async () => {
    await notifier?.stop();
    await slack?.close();
    await fixture?.close();
    await db?.end();
  });

  it("turns an indexed vote into one in-app notification per subscriber and one Slack message", async () => {
    await repo.subscribe(BOB, POOL, ["dao-proposal"]);
    await repo.subscribe(CAROL, POOL, ["rewards"]); // another group: hears nothing of votes
    await repo.addIdentity(BOB, "slack", `${slack.url}/services/bob`);
    await fixture.insert("vote_interaction", {
      id: `${CHAIN}:0xaa:1`,
      chain_id: CHAIN,
      block_number: "9",
      timestamp: String(NOW - 5),
      tx_hash: "0xaa",
      pool: POOL,
      proposal_id: "3",
      voter: VOTER,
      interaction: 1,
      vote_type: 0,
      is_vote_for: true,
      amount: "2500000000000000000",
      total_raw_voted: "0",
      total_voted: "0",
      nft_ids: [],
    });

    const bobs = await waitFor(
      "bob's notification",
      () => repo.list({ account: BOB }, { limit: 25, offset: 0, order: "desc" }),
      (r) => r.total === 1,
    );
    expect(bobs.rows[0]).toMatchObject({
      topic: "PROPOSAL_VOTED",
      group_name: "dao-proposal",
      is_read: false,
      actor: VOTER,
      params: { pool_name: "Notify DAO", proposal_id: "3", side: "for", amount: "2.5 GOV" },
    });
    expect((await repo.list({ account: CAROL }, { limit: 25, offset: 0, order: "desc" })).total).toBe(0);

    await waitFor(
      "the Slack message",
      async () => slack.requests.length,
      (n) => n === 1,
    );
    const [message] = slack.requests;
    expect(message?.path).toBe("/services/bob");
    expect(JSON.parse(message?.body ?? "{}")).toEqual({
      text: `*Polity · Notify DAO*\n${VOTER} voted for proposal #3 in Notify DAO\n<http://localhost:5173/dao/${POOL}/proposals/3|Open in Polity>`,
    });
    expect(message?.headers[DELIVERY_KEY_HEADER]).toMatch(new RegExp(`^\\d+:${BOB}:slack$`));

    // Another pass reads the same rows again (the cursor is inclusive): nothing new is stored or sent.
    await notifier.tick();
    await new Promise((r) => setTimeout(r, 1000));
    expect((await repo.list({ account: BOB }, { limit: 25, offset: 0, order: "desc" })).total).toBe(1);
    expect(slack.requests).toHaveLength(1);
  });

  it("retries a failing channel with backoff, then dead-letters it with the reason logged", async () => {
    slack.respondWith(() => ({ status: 503, body: "unavailable" }));
    const before = slack.requests.length;
    await createProposal("4", NOW - 2);
    const { rows } = await waitFor(
      "the dead delivery",
      () =>
        db.query<{ status: string; attempts: number; last_error: string }>(
          `SELECT d.status, d.attempts, d.last_error FROM api.notification_deliveries d
             JOIN api.notification_events e ON e.id = d.event_id WHERE e.topic = 'PROPOSAL_CREATED'`,
        ),
      (r) => r.rows[0]?.status === "dead",
      30_000,
    );
    // The first try and two retries.
    expect(rows[0]).toMatchObject({ attempts: 3, last_error: "Slack webhook answered 503" });
    expect(slack.requests.length - before).toBe(3);
    await waitFor(
      "the dead-letter log line",
      async () => logged.filter((l) => l.msg === "notification delivery dead-lettered"),
      (l) => l.some((e) => e.fields.reason === "Slack webhook answered 503"),
    );
    // The in-app notification does not depend on the channel.
    const bobs = await repo.list(
      { account: BOB, topics: ["PROPOSAL_CREATED"] },
      { limit: 25, offset: 0, order: "desc" },
    );
    expect(bobs.total).toBe(1);
    slack.respondWith(() => ({ status: 200, body: "ok" }));
  });

  it("a removed webhook (404) is dead at once, without retries", async () => {
    slack.respondWith(() => ({ status: 404, body: "no_service" }));
    const before = slack.requests.length;
    await createProposal("5", NOW - 1);
    await waitFor(
      "the dead delivery",
      () =>
        db.query<{ status: string }>(
          `SELECT d.status FROM api.notification_deliveries d JOIN api.notification_events e ON e.id = d.event_id
            WHERE e.params->>'proposal_id' = '5'`,
        ),
      (r) => r.rows[0]?.status === "dead",
    );
    expect(slack.requests.length - before).toBe(1);
    slack.respondWith(() => ({ status: 200, body: "ok" }));
  });
});
