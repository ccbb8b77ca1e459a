import pg from "pg";

// NUMERIC and BIGINT come back as strings: voting power does not fit in a JS number.
export type Db = pg.Pool;

export interface PoolOptions {
  /** Connections at most. */
  max: number;
  /** Statements running longer are cancelled by the server (SQLSTATE 57014). */
  statementTimeoutMs: number;
  /** Every transaction is read-only (the indexer's tables belong to the indexer). */
  isReadOnly?: boolean;
  /** Shown in pg_stat_activity, so an operator can tell the pools apart. */
  applicationName?: string;
}

const DEFAULT_OPTIONS: PoolOptions = { max: 10, statementTimeoutMs: 10_000 };

/** SQLSTATE of a statement cancelled by `statement_timeout`. */
export const QUERY_CANCELED = "57014";

export function createPool(databaseUrl: string, options: PoolOptions = DEFAULT_OPTIONS): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max,
    idleTimeoutMillis: 30_000,
    // A request waiting longer than this for a free connection is answered 503 instead of hanging.
    connectionTimeoutMillis: Math.max(5_000, options.statementTimeoutMs),
    statement_timeout: options.statementTimeoutMs,
    application_name: options.applicationName ?? "polity-api",
    ...(options.isReadOnly ? { options: "-c default_transaction_read_only=on" } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return pool;
}

/** Runs `fn` in a transaction on one client. */
export async function withTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
