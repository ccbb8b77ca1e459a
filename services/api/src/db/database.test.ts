import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { appOn, createTestDatabase, expectJsonApiError, json, startApp } from "../../test/helpers.ts";

/**
 * The indexer's progress table replaced by a view that takes `seconds` to answer, so every tracker
 * request holds a connection that long.
 */
async function slowIndexer(databaseUrl: string, seconds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS indexer;
      CREATE OR REPLACE VIEW indexer."_ponder_checkpoint" AS
        SELECT 'local'::text AS chain_name, 31337::bigint AS chain_id,
               repeat('0', 75) AS safe_checkpoint, repeat('0', 75) AS latest_checkpoint,
               repeat('0', 75) AS finalized_checkpoint
          FROM pg_sleep(${seconds})`);
  } finally {
    await client.end();
  }
}

describe("database limits", () => {
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });

  it("L7 the indexer health answer never carries database errors", async () => {
    const { app } = await startApp();
    try {
      const res = await app.inject({ method: "GET", url: "/integrations/tracker/indexer-health" });
      expect(res.statusCode).toBe(200);
      const local = json(res).data.find((c: { id: string }) => c.id === "31337");
      expect(local.attributes.is_indexed).toBe(false);
      expect(local.attributes.error).toBe("The indexer's progress cannot be read");
      expect(res.body).not.toMatch(/relation|does not exist|_ponder|schema/i);
    } finally {
      await app.close();
    }
  });

  it("L7 a query running past the statement timeout is stopped and answered 503", async () => {
    await slowIndexer(databaseUrl, 3);
    const app = await appOn(databaseUrl, { DB_STATEMENT_TIMEOUT_MS: "300" });
    try {
      const started = Date.now();
      // The totals read the indexer's progress first: that read is the slow one here.
      const res = await app.inject({ method: "GET", url: "/integrations/tracker/pools/gov/summary-stats/D" });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(expectJsonApiError(res, 503).detail).toBe(
        "The database did not answer in time, try again later",
      );
    } finally {
      await app.close();
    }
  });

  it("L7 indexer reads have their own connections: a busy indexer leaves the api's routes answering", async () => {
    // Each indexer read takes 2 s; the api's own route must not wait for one (a shared pool makes it).
    await slowIndexer(databaseUrl, 2);
    const app = await appOn(databaseUrl, {
      DB_POOL_SIZE: "4",
      INDEXER_DB_POOL_SIZE: "2",
      DB_STATEMENT_TIMEOUT_MS: "20000",
    });
    try {
      // More slow indexer reads than the api has connections in all.
      const busy = Array.from({ length: 12 }, () =>
        app.inject({ method: "GET", url: "/integrations/tracker/31337/pools/gov/top" }),
      );
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      const health = await app.inject({ method: "GET", url: "/health" });
      expect(health.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      await Promise.all(busy);
    } finally {
      await app.close();
    }
  }, 60_000);
});
