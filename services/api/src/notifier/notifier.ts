/**
 * The notifier: the api's second process. Three steps, each safe to interrupt at any point:
 *
 * 1. produce — read new indexed chain facts (per source and chain, from a block-time cursor) into
 *    `notification_events`, each under its idempotency key; events and cursor commit together;
 * 2. queue — hand every stored, unqueued event (the api's own events too: replies, sign-ups) to the
 *    pg-boss queue `notify-fanout`, the job and the event's `queued` flag in one transaction;
 * 3. fan out and deliver — a fan-out job writes one in-app notification per account and one delivery
 *    per account and channel (unique keys, so a retried job adds nothing) and, in the same
 *    transaction, a `notify-deliver` job per new delivery. A delivery job sends through its channel,
 *    is retried with backoff, and after its last try goes to the `notify-dead` queue, whose worker
 *    records and logs the reason.
 *
 * A process killed mid-send leaves its delivery `sending`: its job comes back after it expires, and
 * the delivery is then dead-lettered as interrupted rather than sent again (nobody gets it twice).
 */

import { notificationDetails, notificationText } from "@polity/core/i18n/notifications";
import { type DeliveryChannel, type NotificationTopic, notificationPath } from "@polity/core/notifications";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { NotificationsConfig } from "../config.ts";
import type { Db } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import type { IndexerReader } from "../indexer/indexer.ts";
import {
  type DeliveryRow,
  NotificationsRepository,
} from "../modules/notifications/notifications.repository.ts";
import { ChainEventsReader } from "./chainEvents.ts";
import {
  activeChannels,
  ChannelError,
  type ChannelMessage,
  type ChannelSenders,
  channelSenders,
} from "./channels.ts";
import type { Log } from "./log.ts";
import { resultsDocuments } from "./resultsDocuments.ts";
import { TelegramLinker } from "./telegramLinker.ts";

export const QUEUES = { fanout: "notify-fanout", deliver: "notify-deliver", dead: "notify-dead" } as const;
/** Only one notifier instance reads the indexer at a time (the others still work the queues). */
const PRODUCER_LOCK_KEY = 7_301_954_312;
const SWEEP_BATCH = 500;

export interface NotifierOptions {
  databaseUrl: string;
  db: Db;
  indexer: IndexerReader;
  config: NotificationsConfig;
  log: Log;
  /** The web app's origin, for links in channel messages. */
  webUrl: string | null;
  senders?: ChannelSenders;
  /** Seconds a job may run before it counts as lost and comes back (a killed process's jobs). */
  jobExpireSeconds?: number;
  retry?: { limit: number; delaySeconds: number; delayMaxSeconds: number };
  workers?: { fanout: number; deliver: number };
}

export interface Notifier {
  boss: PgBoss;
  /** One produce-and-queue pass (tests and the benchmark call it instead of waiting for the timer). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss writes its jobs through our transaction's connection. */
const inTransaction = (client: pg.PoolClient): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values),
});

export function messageOf(
  d: Pick<DeliveryRow, "topic" | "params" | "destination" | "event_id" | "channel" | "account">,
  webUrl: string | null,
): ChannelMessage {
  const path = notificationPath(d) ?? "/notifications";
  const details = notificationDetails(d.params);
  const text = notificationText(d.topic as NotificationTopic, d.params);
  return {
    title: d.params.pool_name ? `Polity · ${d.params.pool_name}` : "Polity",
    text: details ? `${text}\n${details}` : text,
    url: webUrl ? `${webUrl}${path}` : null,
    key: `${d.event_id}:${d.account}:${d.channel}`,
  };
}

export async function startNotifier(o: NotifierOptions): Promise<Notifier> {
  const repo = new NotificationsRepository(o.db);
  const chain = new ChainEventsReader(o.indexer, resultsDocuments(o.db));
  const senders = o.senders ?? channelSenders(o.config);
  const active = activeChannels(senders);
  const expire = o.jobExpireSeconds ?? 60;
  const retry = o.retry ?? { limit: 5, delaySeconds: 2, delayMaxSeconds: 600 };
  const log = o.log;

  const boss = new PgBoss({
    connectionString: o.databaseUrl,
    schema: "pgboss",
    max: 4,
    application_name: "polity-notifier",
    superviseIntervalSeconds: Math.max(1, Math.min(60, Math.floor(expire / 2))),
    schedule: false,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  await boss.start();
  const ensureQueue = async (name: string, options: Omit<PgBoss.Queue, "name">) => {
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
  };
  const queueOptions = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.delayMaxSeconds,
    expireInSeconds: expire,
    deadLetter: QUEUES.dead,
  };
  await ensureQueue(QUEUES.dead, { expireInSeconds: expire });
  await ensureQueue(QUEUES.fanout, queueOptions);
  await ensureQueue(QUEUES.deliver, queueOptions);

  const workerIds: Record<"fanout" | "deliver", string[]> = { fanout: [], deliver: [] };
  const wake = (kind: "fanout" | "deliver") => {
    for (const id of workerIds[kind]) boss.notifyWorker(id);
  };

  // --- 1 and 2: produce and queue ---------------------------------------------------------------
  async function produce(): Promise<void> {
    // The indexer has not created its tables yet (or, running an older schema, not this source's table).
    const isMissing = (err: unknown) => ["42P01", "3F000"].includes((err as { code?: string }).code ?? "");
    let heads: Awaited<ReturnType<IndexerReader["heads"]>>;
    try {
      heads = await o.indexer.heads();
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    const cursors = await repo.cursors();
    for (const [chainId, head] of heads) {
      for (const [name, read] of Object.entries(chain.sources)) {
        const source = `${name}:${chainId}`;
        const saved = cursors.get(source);
        // A chain rewound below the cursor (a reorg, a local chain reverted) is read again from its head.
        const since =
          saved === undefined
            ? Math.max(0, head.timestamp - o.config.backfillSeconds)
            : Math.min(Number(saved), head.timestamp);
        const batch = await read(chainId, since).catch((err: unknown) => {
          if (isMissing(err)) return null;
          throw err;
        });
        if (batch === null) continue;
        if (batch.events.length === 0 && cursors.has(source)) continue;
        await withTransaction(o.db, async (client) => {
          await repo.insertEvents(batch.events, client);
          await repo.saveCursor(source, String(batch.next), client);
        });
      }
    }
  }

  async function queue(): Promise<number> {
    let queued = 0;
    for (;;) {
      const count = await withTransaction(o.db, async (client) => {
        const ids = await repo.claimUnqueuedEvents(client, SWEEP_BATCH);
        if (ids.length === 0) return 0;
        await boss.insert(
          QUEUES.fanout,
          ids.map((eventId) => ({ name: QUEUES.fanout, data: { eventId } })),
          { db: inTransaction(client) },
        );
        await repo.markQueued(client, ids);
        return ids.length;
      });
      queued += count;
      if (count < SWEEP_BATCH) break;
    }
    if (queued > 0) wake("fanout");
    return queued;
  }

  async function tick(): Promise<void> {
    // The producer lock is held for the pass by one connection; another instance skips producing.
    const client = await o.db.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
        PRODUCER_LOCK_KEY,
      ]);
      if (rows[0]?.locked) {
        try {
          await produce();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [PRODUCER_LOCK_KEY]);
        }
      }
    } finally {
      client.release();
    }
    await queue();
  }

  // --- 3: fan out and deliver ---------------------------------------------------------------------
  /**
   * Runs a batch's jobs side by side; a job that throws is failed alone (pg-boss retries it with
   * backoff, or moves it to the dead-letter queue), the others complete with the batch.
   */
  const perJob =
    <J extends PgBoss.Job<object>>(queue: string, handle: (job: J) => Promise<void>) =>
    async (jobs: J[]) => {
      const results = await Promise.allSettled(jobs.map((job) => handle(job)));
      await Promise.all(
        results.map((r, i) =>
          r.status === "rejected"
            ? boss.fail(queue, jobs[i]!.id, { message: String((r.reason as Error)?.message ?? r.reason) })
            : undefined,
        ),
      );
    };

  async function fanOut(job: PgBoss.Job<{ eventId: string }>): Promise<void> {
    const deliveries = await withTransaction(o.db, async (client) => {
      const result = await repo.fanOut(client, job.data.eventId, active);
      if (result.deliveries.length > 0) {
        await boss.insert(
          QUEUES.deliver,
          result.deliveries.map((deliveryId) => ({ name: QUEUES.deliver, data: { deliveryId } })),
          { db: inTransaction(client) },
        );
      }
      return result.deliveries.length;
    });
    if (deliveries > 0) wake("deliver");
  }

  async function deliver(job: PgBoss.JobWithMetadata<{ deliveryId: string }>): Promise<void> {
    const id = job.data.deliveryId;
    const { delivery, interrupted } = await repo.claimDelivery(id);
    if (!delivery) {
      if (interrupted) {
        const reason =
          "interrupted while sending (the notifier stopped); not sent again to avoid a duplicate";
        await repo.finishDelivery(id, "dead", reason);
        log.error({ deliveryId: id, reason }, "notification delivery dead-lettered");
      }
      return;
    }
    const sender = senders[delivery.channel as DeliveryChannel];
    try {
      const identifiers = await repo.channelIdentifiers(delivery.account, delivery.channel);
      const message = messageOf(delivery, o.webUrl);
      for (const identifier of identifiers) await sender.send(identifier, message);
      await repo.finishDelivery(id, "sent");
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (err instanceof ChannelError && err.isPermanent) {
        await repo.finishDelivery(id, "dead", reason);
        log.error(
          { deliveryId: id, channel: delivery.channel, reason },
          "notification delivery dead-lettered",
        );
        return;
      }
      await repo.finishDelivery(id, "failed", reason);
      log.warn(
        { deliveryId: id, channel: delivery.channel, attempt: job.retryCount + 1, reason },
        "delivery failed",
      );
      throw err;
    }
  }

  /** Jobs out of retries land here: the delivery is marked dead and the reason logged. */
  async function dead([job]: PgBoss.Job<{ deliveryId?: string; eventId?: string }>[]): Promise<void> {
    if (!job) return;
    if (job.data.deliveryId) {
      const row = await repo.delivery(job.data.deliveryId);
      if (row && row.status !== "sent") await repo.finishDelivery(job.data.deliveryId, "dead");
      log.error(
        { deliveryId: job.data.deliveryId, attempts: row?.attempts, reason: row?.last_error ?? "unknown" },
        "notification delivery dead-lettered",
      );
    } else {
      log.error({ eventId: job.data.eventId }, "notification fan-out dead-lettered");
    }
  }

  const workers = o.workers ?? { fanout: 2, deliver: 2 };
  for (let i = 0; i < workers.fanout; i++)
    workerIds.fanout.push(
      await boss.work(
        QUEUES.fanout,
        { pollingIntervalSeconds: 0.5, batchSize: 4 },
        perJob(QUEUES.fanout, fanOut),
      ),
    );
  for (let i = 0; i < workers.deliver; i++)
    workerIds.deliver.push(
      await boss.work(
        QUEUES.deliver,
        { pollingIntervalSeconds: 0.5, batchSize: 20, includeMetadata: true },
        perJob(QUEUES.deliver, deliver),
      ),
    );
  await boss.work(QUEUES.dead, { pollingIntervalSeconds: 2 }, dead);

  const telegram = new TelegramLinker(o.config, repo, log);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    try {
      await tick();
      await telegram.poll();
    } catch (err) {
      log.error({ err }, "notifier pass failed");
    }
    if (!stopped) timer = setTimeout(loop, o.config.pollMs);
  };
  timer = setTimeout(loop, 0);

  return {
    boss,
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
