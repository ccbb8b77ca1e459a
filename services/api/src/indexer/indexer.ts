/**
 * The api's one way to read the indexer's tables (written by Ponder, see packages/indexer): the schema
 * named by `config.indexerSchema`, read over the read-only connections of `indexerDb`. Modules receive
 * it through their dependencies and keep their queries in their repositories: typed Drizzle queries
 * (`orm` over `tables`), or SQL text over `db` where a query is not written with Drizzle yet.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Db } from "../db/pool.ts";
import { unavailable } from "../http/errors.ts";
import { type IndexerTables, indexerTables } from "./tables.ts";

export interface Queryable {
  query<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** How far the indexer has read one chain: its last block and that block's time (Unix seconds). */
export interface IndexedHead {
  block: number;
  timestamp: number;
}

const UNDEFINED_TABLE = "42P01";
const INVALID_SCHEMA = "3F000";

/** Postgres identifiers for the indexer schema are configuration, never user input; still checked. */
export function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/i.test(schema)) throw new Error(`Invalid indexer schema name: ${schema}`);
  return `"${schema}"`;
}

export class IndexerReader {
  /** The quoted schema name, to qualify table names in SQL. */
  readonly schema: string;
  /** The indexer's tables in that schema, for typed queries through `orm`. */
  readonly tables: IndexerTables;
  readonly orm: NodePgDatabase;

  constructor(
    readonly db: Db,
    schemaName: string,
  ) {
    this.schema = quoteSchema(schemaName);
    this.tables = indexerTables(schemaName);
    this.orm = drizzle(db);
  }

  /**
   * Runs a read of the indexer's tables. The indexer creates them when it starts: until then the
   * answer is 503 (`INDEXER_NOT_READY`), not 500.
   */
  async read<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === UNDEFINED_TABLE || code === INVALID_SCHEMA) {
        throw unavailable("The indexer has not created its tables yet; retry shortly", {
          code: "INDEXER_NOT_READY",
        });
      }
      throw err;
    }
  }

  /** The indexer's progress per chain, from Ponder's checkpoint table (raw: errors are the caller's). */
  async heads(): Promise<Map<number, IndexedHead>> {
    const { rows } = await this.db.query<{ chain_id: string; block: string; ts: string }>(
      `SELECT chain_id::text AS chain_id,
              substring(latest_checkpoint, 27, 16)::bigint::text AS block,
              substring(latest_checkpoint, 1, 10)::bigint::text AS ts
         FROM ${this.schema}."_ponder_checkpoint"`,
    );
    return new Map(
      rows.map((r) => [Number(r.chain_id), { block: Number(r.block), timestamp: Number(r.ts) }]),
    );
  }

  /**
   * The time states are judged at on these chains: the later of the clock and the chains' indexed
   * block times, so a chain whose clock runs ahead (local time travel) is judged by its own time.
   */
  async now(chainIds: number[], clock: () => number): Promise<number> {
    const heads = await this.read(() => this.heads());
    let now = clock();
    for (const id of chainIds) now = Math.max(now, heads.get(id)?.timestamp ?? 0);
    return now;
  }
}
