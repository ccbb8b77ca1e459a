import {
  activeChannelsDocument,
  identityDocument,
  notificationCountDocument,
  notificationListDocument,
  notificationSettingsDocument,
  subscriptionListDocument,
} from "@polity/core/records/notifications";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import {
  alice,
  appOn,
  bob,
  doc,
  expectJsonApiError,
  json,
  signInMembers,
  startApp,
  testConfig,
} from "../../../test/helpers.ts";
import { startRecordingServer } from "../../../test/recordingServer.ts";
import { createPool, type Db, withTransaction } from "../../db/pool.ts";
import { channelSenders } from "../../notifier/channels.ts";
import { messageOf } from "../../notifier/notifier.ts";
import { TelegramLinker } from "../../notifier/telegramLinker.ts";
import { NotificationsRepository } from "./notifications.repository.ts";

const CORE = "/integrations/notifications-core";
const CONSUMER = "/integrations/notifications-consumer";
const POOL = "0x00000000000000000000000000000000000000d3";
const A = alice.address.toLowerCase();
const B = bob.address.toLowerCase();

let app: FastifyInstance;
let databaseUrl: string;
let db: Db;
let repo: NotificationsRepository;
let as: Awaited<ReturnType<typeof signInMembers>>;
let hooks: Awaited<ReturnType<typeof startRecordingServer>>;

/** Stores an event and fans it out, as the notifier does. */
async function notify(topic: string, n: number, recipients: string[]) {
  await repo.insertEvents([
    {
      key: `test:${topic}:${n}`,
      topic: topic as never,
      chainId: 31337,
      destination: POOL,
      recipients,
      actor: null,
      params: { pool: POOL, pool_name: "Test DAO", proposal_id: String(n) },
      occurredAt: new Date(1_800_000_000_000 + n * 1000),
    },
  ]);
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text FROM api.notification_events WHERE key = $1`,
    [`test:${topic}:${n}`],
  );
  await withTransaction(db, (c) => repo.fanOut(c, rows[0]!.id, []));
}

beforeAll(async () => {
  hooks = await startRecordingServer();
  ({ app, databaseUrl } = await startApp({
    SLACK_WEBHOOK_ORIGINS: hooks.url,
    DISCORD_WEBHOOK_ORIGINS: hooks.url,
  }));
  db = createPool(databaseUrl);
  repo = new NotificationsRepository(db);
  as = await signInMembers(app);
  for (let i = 1; i <= 30; i++) await notify(i % 3 === 0 ? "REWARDS_CLAIMED" : "PROPOSAL_CREATED", i, [A]);
  await notify("PROPOSAL_CREATED", 100, [B]);
});
afterAll(async () => {
  await app?.close();
  await db?.end();
  await hooks?.close();
});

describe("notifications-core storage", () => {
  it("needs a session", async () => {
    expectJsonApiError(await app.inject({ method: "GET", url: `${CORE}/storage` }), 401);
    expectJsonApiError(await app.inject({ method: "GET", url: `${CONSUMER}/settings` }), 401);
  });

  it("pages the account's own notifications, 25 a page, newest first", async () => {
    const res = await app.inject({ method: "GET", url: `${CORE}/storage`, headers: as("alice") });
    expect(res.statusCode).toBe(200);
    const body = notificationListDocument.parse(json(res));
    expect(body.data).toHaveLength(25);
    expect(body.meta).toMatchObject({ total_count: 30, page_limit: 25, page_number: 1, unread_count: 30 });
    expect(body.data[0]?.attributes).toMatchObject({
      account: A,
      params: { proposal_id: "30" },
      is_read: false,
    });
    expect(body.data.every((n) => n.attributes.account === A)).toBe(true);
    expect(decodeURIComponent(body.links.next ?? "")).toContain("page[number]=2");
    const second = json(
      await app.inject({ method: "GET", url: `${CORE}/storage?page[number]=2`, headers: as("alice") }),
    );
    expect(second.data).toHaveLength(5);
  });

  it("filters by topic, group, read state and the account (lower-cased); another account is 403", async () => {
    const byTopic = json(
      await app.inject({
        method: "GET",
        url: `${CORE}/storage?filter[topic]=REWARDS_CLAIMED`,
        headers: as("alice"),
      }),
    );
    expect(byTopic.meta.total_count).toBe(10);
    const byGroups = json(
      await app.inject({
        method: "GET",
        url: `${CORE}/storage?filter[group_name]=rewards,general`,
        headers: as("alice"),
      }),
    );
    expect(byGroups.meta.total_count).toBe(10);
    const own = await app.inject({
      method: "GET",
      url: `${CORE}/storage?filter[account]=${alice.address.toUpperCase().replace("0X", "0x")}`,
      headers: as("alice"),
    });
    expect(json(own).meta.total_count).toBe(30);
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${CORE}/storage?filter[account]=${B}`, headers: as("alice") }),
      403,
    );
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${CORE}/storage?filter[topic]=NOPE`, headers: as("alice") }),
      400,
    );
  });

  it("marks one or all read, never another account's, and counts", async () => {
    const list = json(await app.inject({ method: "GET", url: `${CORE}/storage`, headers: as("alice") }));
    const first = list.data[0].id as string;
    const bobs = json(await app.inject({ method: "GET", url: `${CORE}/storage`, headers: as("bob") }));
    const mark = (who: string, attributes: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: `${CORE}/storage/mark`,
        headers: as(who),
        payload: doc("notifications-mark", attributes),
      });
    expect(json(await mark("alice", { messages: [first, bobs.data[0].id] })).data.attributes).toEqual({
      marked: 1,
      unread_count: 29,
    });
    const count = notificationCountDocument.parse(
      json(
        await app.inject({
          method: "GET",
          url: `${CORE}/storage/count?filter[is_read]=true`,
          headers: as("alice"),
        }),
      ),
    );
    expect(count.data.attributes).toEqual({ count: 1, unread_count: 0 });
    expect(json(await mark("alice", { all: true })).data.attributes).toEqual({ marked: 29, unread_count: 0 });
    const bobCount = json(
      await app.inject({ method: "GET", url: `${CORE}/storage/count`, headers: as("bob") }),
    );
    expect(bobCount.data.attributes).toEqual({ count: 1, unread_count: 1 });
    expectJsonApiError(await mark("alice", {}), 400);
  });
});

describe("channels and identities", () => {
  it("lists the channels without credentials as inactive", async () => {
    const res = json(
      await app.inject({ method: "GET", url: `${CORE}/settings/active-channels`, headers: as("alice") }),
    );
    const body = activeChannelsDocument.parse(res);
    expect(body.data.map((c) => [c.id, c.attributes.is_active])).toEqual([
      ["firebase", false],
      ["telegram", false],
      ["slack", true],
      ["discord", true],
    ]);
    const add = await app.inject({
      method: "POST",
      url: `${CONSUMER}/identities`,
      headers: as("alice"),
      payload: doc("identities", { channel: "telegram" }),
    });
    expectJsonApiError(add, 409);
  });

  it("checks a Slack webhook with a test message before saving it, and a Discord one with a read", async () => {
    const add = (channel: string, identifier: string) =>
      app.inject({
        method: "POST",
        url: `${CONSUMER}/identities`,
        headers: as("alice"),
        payload: doc("identities", { channel, identifier }),
      });
    const before = hooks.requests.length;
    const slack = await add("slack", `${hooks.url}/services/T1/B1/secret`);
    expect(slack.statusCode).toBe(201);
    const identity = identityDocument.parse(json(slack)).data;
    expect(identity.attributes).toMatchObject({ channel: "slack", account: A, is_pending: false });
    expect(identity.attributes.identifier).not.toContain("secret");
    expect(hooks.requests[before]).toMatchObject({ method: "POST", path: "/services/T1/B1/secret" });
    expect(JSON.parse(hooks.requests[before]!.body)).toEqual({
      text: "Polity notifications are connected to this channel.",
    });

    expect((await add("discord", `${hooks.url}/api/webhooks/1/tok`)).statusCode).toBe(201);
    expect(hooks.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/webhooks/1/tok" });

    hooks.respondWith(() => ({ status: 404, body: "no_service" }));
    const refused = await add("slack", `${hooks.url}/services/gone`);
    expectJsonApiError(refused, 400);
    expect(json(refused).errors[0].code).toBe("errors.api.webhookRejected");
    hooks.respondWith(() => ({ status: 200, body: "ok" }));
    const elsewhere = await add("slack", "https://example.com/hook");
    expectJsonApiError(elsewhere, 400);
    expect(json(elsewhere).errors[0].code).toBe("errors.api.webhookHostNotAllowed");
    expectJsonApiError(await add("slack", "not a url"), 400);

    const channels = json(
      await app.inject({ method: "GET", url: `${CORE}/settings/active-channels`, headers: as("alice") }),
    );
    const slackId = channels.data.find((c: { id: string }) => c.id === "slack").attributes
      .identity_id as string;
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${CONSUMER}/identities/${slackId}`, headers: as("bob") }),
      404,
    );
    const removed = await app.inject({
      method: "DELETE",
      url: `${CONSUMER}/identities/${slackId}`,
      headers: as("alice"),
    });
    expect(removed.statusCode).toBe(204);

    // Each connected and disconnected channel is told to its account once; a refused one, or another
    // account's failed removal, tells nothing.
    const credentials = () =>
      db.query<{ key: string; recipients: string[]; params: Record<string, string> }>(
        `SELECT key, recipients, params FROM api.notification_events
          WHERE topic = 'UPDATED_USER_CREDENTIALS' ORDER BY id`,
      );
    const discordId = channels.data.find((c: { id: string }) => c.id === "discord").attributes
      .identity_id as string;
    expect((await credentials()).rows).toEqual([
      {
        key: `UPDATED_USER_CREDENTIALS:${A}:${slackId}:added`,
        recipients: [A],
        params: { channel: "slack", change: "added" },
      },
      {
        key: `UPDATED_USER_CREDENTIALS:${A}:${discordId}:added`,
        recipients: [A],
        params: { channel: "discord", change: "added" },
      },
      {
        key: `UPDATED_USER_CREDENTIALS:${A}:${slackId}:removed`,
        recipients: [A],
        params: { channel: "slack", change: "removed" },
      },
    ]);
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${CONSUMER}/identities/${slackId}`, headers: as("alice") }),
      404,
    );
    expect((await credentials()).rows).toHaveLength(3);
  });
});

describe("register, subscriptions and settings", () => {
  it("registers the signed-in account only, once", async () => {
    const register = (who: string, account: string) =>
      app.inject({
        method: "POST",
        url: `${CONSUMER}/register`,
        headers: as(who),
        payload: doc("register", { account }),
      });
    expectJsonApiError(await register("alice", bob.address), 403);
    const first = await register("bob", bob.address);
    expect(first.statusCode).toBe(201);
    expect(json(first).data.attributes.account).toBe(B);
    expect((await register("bob", bob.address)).statusCode).toBe(200);
    // Registering is not agreeing to the privacy policy: the notifier tells that from the UserRegistry.
    const { rows } = await db.query(
      `SELECT recipients FROM api.notification_events WHERE topic = 'USER_AGREED_TO_PRIVACY_POLICY'`,
    );
    expect(rows).toEqual([]);
  });

  it("adds, lists (oldest first), replaces and removes subscriptions", async () => {
    const subscribe = (destination: string, group_names: string[]) =>
      app.inject({
        method: "POST",
        url: `${CONSUMER}/subscriptions`,
        headers: as("alice"),
        payload: doc("subscriptions", { destination, group_names }),
      });
    const other = "0x00000000000000000000000000000000000000d4";
    expect((await subscribe(POOL, ["dao-proposal"])).statusCode).toBe(201);
    expect((await subscribe(other, ["rewards", "delegate"])).statusCode).toBe(201);
    const replaced = json(await subscribe(POOL, ["dao-proposal", "validators"]));
    expect(replaced.data.attributes.group_names).toEqual(["dao-proposal", "validators"]);
    expectJsonApiError(await subscribe(POOL, ["nope"]), 400);
    expectJsonApiError(await subscribe(POOL, []), 400);

    const list = subscriptionListDocument.parse(
      json(await app.inject({ method: "GET", url: `${CONSUMER}/subscriptions`, headers: as("alice") })),
    );
    expect(list.meta).toMatchObject({ total_count: 2, order: "asc", page_limit: 1000 });
    expect(list.data.map((s) => s.attributes.destination)).toEqual([POOL, other]);
    expect(
      json(await app.inject({ method: "GET", url: `${CONSUMER}/subscriptions`, headers: as("bob") })).meta
        .total_count,
    ).toBe(0);

    const id = list.data[1]!.id;
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${CONSUMER}/subscriptions/${id}`, headers: as("bob") }),
      404,
    );
    expect(
      (await app.inject({ method: "DELETE", url: `${CONSUMER}/subscriptions/${id}`, headers: as("alice") }))
        .statusCode,
    ).toBe(204);
  });

  it("answers every group's defaults, then the saved settings", async () => {
    const get = async () =>
      notificationSettingsDocument
        .parse(json(await app.inject({ method: "GET", url: `${CONSUMER}/settings`, headers: as("carol") })))
        .data.map((s) => s.attributes);
    const defaults = await get();
    expect(defaults).toHaveLength(6);
    expect(defaults[0]).toMatchObject({
      group_name: "general",
      locale: "en",
      topic: null,
      enabled: true,
      channels: ["firebase", "telegram", "slack", "discord"],
    });
    const save = await app.inject({
      method: "POST",
      url: `${CONSUMER}/settings`,
      headers: as("carol"),
      payload: doc("settings", { group_name: "rewards", enabled: true, channels: ["telegram"] }),
    });
    expect(save.statusCode).toBe(200);
    await app.inject({
      method: "POST",
      url: `${CONSUMER}/settings`,
      headers: as("carol"),
      payload: doc("settings", {
        group_name: "rewards",
        topic: "REWARDS_CLAIMED",
        enabled: false,
        channels: [],
      }),
    });
    const after = await get();
    expect(after.filter((s) => s.group_name === "rewards")).toMatchObject([
      { topic: null, enabled: true, channels: ["telegram"] },
      { topic: "REWARDS_CLAIMED", enabled: false, channels: [] },
    ]);
    expectJsonApiError(
      await app.inject({
        method: "POST",
        url: `${CONSUMER}/settings`,
        headers: as("carol"),
        payload: doc("settings", { group_name: "nope", enabled: true, channels: [] }),
      }),
      400,
    );
  });

  it("fans out to a DAO's subscribers of the event's group, as each one's settings allow", async () => {
    // alice subscribed to POOL for dao-proposal and validators above.
    await notify("VALIDATOR_PROPOSAL_CREATED", 200, []);
    await notify("TOKENS_DEPOSITED", 201, []);
    await repo.saveSetting({
      account: A,
      group_name: "dao-proposal",
      topic: "TOKENS_DEPOSITED",
      locale: "en",
      enabled: false,
      channels: [],
    });
    await notify("TOKENS_DEPOSITED", 202, []);
    const topics = json(
      await app.inject({ method: "GET", url: `${CORE}/storage?page[limit]=3`, headers: as("alice") }),
    ).data.map((n: { attributes: { topic: string; params: { proposal_id: string } } }) => [
      n.attributes.topic,
      n.attributes.params.proposal_id,
    ]);
    // The second deposit (202) came after alice turned deposits off.
    expect(topics).toEqual([
      ["TOKENS_DEPOSITED", "201"],
      ["VALIDATOR_PROPOSAL_CREATED", "200"],
      ["REWARDS_CLAIMED", "30"],
    ]);
  });
});

describe("channel deliveries in the providers' shapes", () => {
  const message = messageOf(
    {
      topic: "PROPOSAL_CREATED",
      params: { pool: POOL, pool_name: "Test DAO", proposal_id: "7" },
      destination: POOL,
      event_id: "9",
      channel: "telegram",
      account: A,
    },
    "http://localhost:5173",
  );

  it("sends a Telegram message through the Bot API and links a chat from the bot's deep link", async () => {
    const bot = await startRecordingServer((req) =>
      req.path.endsWith("/getUpdates")
        ? {
            status: 200,
            body: {
              ok: true,
              result: [
                {
                  update_id: 5,
                  message: {
                    message_id: 1,
                    date: 0,
                    chat: { id: 4242, type: "private" },
                    text: `/start ${token}`,
                  },
                },
              ],
            },
          }
        : {
            status: 200,
            body: { ok: true, result: { message_id: 2, date: 0, chat: { id: 4242, type: "private" } } },
          },
    );
    let token = "";
    try {
      const config = testConfig(databaseUrl, {
        TELEGRAM_BOT_TOKEN: "123:abc",
        TELEGRAM_BOT_NAME: "PolityTestBot",
        TELEGRAM_API_URL: bot.url,
      }).notifications;
      const withBot = await appOn(databaseUrl, {
        TELEGRAM_BOT_TOKEN: "123:abc",
        TELEGRAM_BOT_NAME: "PolityTestBot",
        TELEGRAM_API_URL: bot.url,
      });
      const dave = await signInMembers(withBot);
      const res = await withBot.inject({
        method: "POST",
        url: `${CONSUMER}/identities`,
        headers: dave("dave"),
        payload: doc("identities", { channel: "telegram" }),
      });
      expect(res.statusCode).toBe(201);
      const identity = json(res).data.attributes;
      expect(identity).toMatchObject({ channel: "telegram", is_pending: true });
      token = /start=([\w-]+)$/.exec(identity.link)![1]!;
      expect(identity.link).toBe(`https://t.me/PolityTestBot?start=${token}`);
      await withBot.close();

      const linker = new TelegramLinker(config, repo, { info() {}, warn() {}, error() {} });
      expect(await linker.poll()).toBe(1);
      const { rows } = await db.query(
        `SELECT identifier FROM api.notification_identities WHERE channel = 'telegram'`,
      );
      expect(rows).toEqual([{ identifier: "4242" }]);
      expect(bot.requests[0]?.path).toBe("/bot123:abc/getUpdates");

      await channelSenders(config).telegram.send("4242", message);
      const sent = bot.requests.at(-1)!;
      expect(sent.path).toBe("/bot123:abc/sendMessage");
      expect(JSON.parse(sent.body)).toEqual({
        chat_id: "4242",
        text: `Polity · Test DAO\nNew proposal #7 in Test DAO\nhttp://localhost:5173/dao/${POOL}/proposals/7`,
      });
    } finally {
      await bot.close();
    }
  });

  it("sends a web push with VAPID to the browser subscription's endpoint", async () => {
    const push = await startRecordingServer(() => ({ status: 201 }));
    try {
      const vapid = webPush.generateVAPIDKeys();
      const config = testConfig(databaseUrl, {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: "mailto:ops@polity.test",
      }).notifications;
      // A real browser's key pair, so the payload can be encrypted for it.
      const subscription = {
        endpoint: `${push.url}/push/abc`,
        keys: {
          p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
          auth: "tBHItJI5svbpez7KI4CCXg",
        },
      };
      await channelSenders(config).firebase.send(JSON.stringify(subscription), message);
      const req = push.requests[0]!;
      expect(req.method).toBe("POST");
      expect(req.path).toBe("/push/abc");
      expect(req.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      expect(req.headers["content-encoding"]).toBe("aes128gcm");
      expect(req.headers.ttl).toBe("86400");
    } finally {
      await push.close();
    }
  });
});
