/**
 * The notifier process (`npm run notifier -w @polity/api`): the api's configuration and Postgres, its
 * migrations (applied here too, under the same lock, so either process may start first), and the
 * pg-boss queues in schema `pgboss`. SIGINT/SIGTERM stop taking jobs and let running ones finish.
 */
import { z } from "zod";
import { dataDirFromEnv, loadConfig } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { createPool } from "../db/pool.ts";
import { IndexerReader } from "../indexer/indexer.ts";
import { jsonLog } from "./log.ts";
import { startNotifier } from "./notifier.ts";

const notifierEnv = z.object({
  NOTIFIER_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  NOTIFIER_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  NOTIFIER_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
});

async function main() {
  const config = loadConfig(process.env);
  const env = notifierEnv.parse(process.env);
  const log = jsonLog(config.logLevel);
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    if (config.env === "production") throw new Error("DATABASE_URL is required in production");
    // Development without DATABASE_URL: the embedded Postgres the api started.
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${dataDirFromEnv(process.env).pgPort}/postgres`;
  }
  const { statementTimeoutMs, poolSize, indexerPoolSize } = config.database;
  const db = createPool(databaseUrl, {
    max: poolSize,
    statementTimeoutMs,
    applicationName: "polity-notifier",
  });
  const indexerDb = createPool(databaseUrl, {
    max: indexerPoolSize,
    statementTimeoutMs,
    isReadOnly: true,
    applicationName: "polity-notifier-indexer-reads",
  });
  await migrate(db);
  const notifier = await startNotifier({
    databaseUrl,
    db,
    indexer: new IndexerReader(indexerDb, config.indexerSchema),
    config: config.notifications,
    log,
    webUrl: config.webOrigins[0] ?? null,
    jobExpireSeconds: env.NOTIFIER_JOB_EXPIRE_SECONDS,
    retry: {
      limit: env.NOTIFIER_RETRY_LIMIT,
      delaySeconds: env.NOTIFIER_RETRY_DELAY_SECONDS,
      delayMaxSeconds: 600,
    },
  });
  log.info({ pollMs: config.notifications.pollMs }, "notifier started");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "notifier stopping");
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await notifier.stop();
      await Promise.all([db.end(), indexerDb.end()]);
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      log.error({ err }, "notifier shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
