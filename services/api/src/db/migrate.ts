import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Db } from "./pool.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
/** Arbitrary constant shared by every api instance so concurrent starts apply migrations once. */
const MIGRATION_LOCK_KEY = 7_301_954_311;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies `migrations/NNNN_name.sql` files in order inside schema `api`, each in its own transaction,
 * recording them in `api.schema_migrations`. A session advisory lock serialises concurrent instances.
 */
export async function migrate(db: Db): Promise<MigrationResult> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const client = await db.connect();
  const applied: string[] = [];
  try {
    // Waiting for another instance's migrations, and migrations themselves, may take longer than
    // a request may: no statement timeout on this connection until it returns to the pool.
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query("CREATE SCHEMA IF NOT EXISTS api");
    await client.query(
      `CREATE TABLE IF NOT EXISTS api.schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await client.query<{ version: string }>("SELECT version FROM api.schema_migrations")).rows.map(
        (r) => r.version,
      ),
    );
    for (const file of files) {
      const version = file.replace(/\.sql$/, "");
      if (done.has(version)) continue;
      const sql = await readFile(`${MIGRATIONS_DIR}${file}`, "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO api.schema_migrations (version) VALUES ($1)", [version]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file} failed`, { cause: err });
      }
      applied.push(version);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.query("RESET statement_timeout").catch(() => {});
    client.release();
  }
  return { applied };
}
