/**
 * The api's one way to read the indexer's tables (written by Ponder, see packages/indexer): the schema
 * named by `config.indexerSchema`, read over the read-only connections of `indexerDb`. Modules receive
 * it through their dependencies and keep their queries in their repositories, typed Drizzle queries
 * (`orm` over `tables`).
 */
import { createHash } from "node:crypto";
import type { IndexedMeta } from "@polity/core/records/governance";
import { and, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Address } from "viem";
import type { Db } from "../db/pool.ts";
import { notFound, unavailable } from "../http/errors.ts";
import { TtlCache } from "../http/ttlCache.ts";
import { type IndexerTables, indexerTables, ponderCheckpointTable } from "./tables.ts";

/** How far the indexer has read one chain: its last block and that block's time (Unix seconds). */
export interface IndexedHead {
  block: number;
  timestamp: number;
}

const UNDEFINED_TABLE = "42P01";
const INVALID_SCHEMA = "3F000";

/** Ponder's checkpoint string: block timestamp (10 digits), chain id (16), block number (16), then more. */
export function parseCheckpoint(checkpoint: string): IndexedHead {
  return { timestamp: Number(checkpoint.slice(0, 10)), block: Number(checkpoint.slice(26, 42)) };
}

/** A statement prepared once: `execute` binds the values of its placeholders (`sql.placeholder`). */
export interface PreparedRead<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** How many shapes of statements `IndexerReader.prepared` keeps at most. */
export const MAX_PREPARED_SHAPES = 512;

export class IndexerReader {
  /** The indexer's tables in that schema, for typed queries through `orm`. */
  readonly tables: IndexerTables;
  readonly orm: NodePgDatabase;
  private readonly checkpoints: ReturnType<typeof ponderCheckpointTable>;
  /**
   * Statements built once per shape (`prepared`). Shapes are few (a route's sorts and filters), but a
   * shape may carry a value from the request (a chain id): the oldest are let go past
   * `MAX_PREPARED_SHAPES`, so requests cannot grow the process without bound.
   */
  private readonly statements = new TtlCache<PreparedRead<unknown>>(MAX_PREPARED_SHAPES);

  constructor(db: Db, schemaName: string) {
    // Configuration, never user input; still checked, as it names a schema in every query.
    if (!/^[a-z_][a-z0-9_]{0,62}$/i.test(schemaName))
      throw new Error(`Invalid indexer schema name: ${schemaName}`);
    this.tables = indexerTables(schemaName);
    this.checkpoints = ponderCheckpointTable(schemaName);
    this.orm = drizzle(db);
  }

  /**
   * Runs a read of the indexer's tables. The indexer creates them when it starts: until then the
   * answer is 503 (`errors.api.indexerNotReady`), not 500.
   */
  async read<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === UNDEFINED_TABLE || code === INVALID_SCHEMA) {
        throw unavailable("errors.api.indexerNotReady");
      }
      throw err;
    }
  }

  /**
   * Runs a built query as a named statement, named after its text: Postgres parses and plans each
   * shape of query once per connection instead of on every request (raw: errors are the caller's).
   */
  named<T>(query: {
    toSQL(): { sql: string };
    prepare(name: string): { execute(): Promise<T> };
  }): Promise<T> {
    const name = `indexer_${createHash("sha1").update(query.toSQL().sql).digest("base64url").slice(0, 27)}`;
    return query.prepare(name).execute();
  }

  /**
   * A statement built once per shape (`shape`: whatever decides its text) and kept as a named
   * statement: later requests of that shape only bind their values (Drizzle placeholders), so neither
   * Drizzle nor Postgres builds or plans it again (raw: errors are the caller's).
   */
  prepared<T>(
    shape: string,
    build: () => { toSQL(): { sql: string }; prepare(name: string): PreparedRead<T> },
  ): PreparedRead<T> {
    let statement = this.statements.get(shape) as PreparedRead<T> | undefined;
    if (!statement) {
      const query = build();
      const name = `indexer_${createHash("sha1").update(query.toSQL().sql).digest("base64url").slice(0, 27)}`;
      statement = query.prepare(name);
      this.statements.set(shape, statement, Number.POSITIVE_INFINITY);
    }
    return statement;
  }

  /** The indexer's progress per chain, from Ponder's checkpoint table (raw: errors are the caller's). */
  async heads(): Promise<Map<number, IndexedHead>> {
    const c = this.checkpoints;
    const rows = await this.named(
      this.orm.select({ chainId: c.chainId, checkpoint: c.latestCheckpoint }).from(c),
    );
    return new Map(rows.map((r) => [r.chainId, parseCheckpoint(r.checkpoint)]));
  }

  /**
   * What every answer about one indexed DAO carries in its `meta`: the indexer's progress on the chain
   * and the time states are judged at. 404 (`errors.api.daoNotIndexed`) when the indexer does not know
   * the DAO (`pool` null: answers about every DAO of the chain), 503 before its tables exist.
   */
  async indexedPool(chainId: number, pool: string | null, clock: () => number): Promise<IndexedMeta> {
    const p = this.tables.pool;
    const [heads, known] = await Promise.all([
      this.read(() => this.heads()),
      pool === null
        ? [{ chainId }]
        : this.read(() =>
            this.orm
              .select({ chainId: p.chainId })
              .from(p)
              .where(and(eq(p.chainId, chainId), eq(p.address, pool as Address)))
              .limit(1),
          ),
    ]);
    if (known.length === 0) throw notFound("errors.api.daoNotIndexed", { pool: pool ?? "", chainId });
    const head = heads.get(chainId) ?? null;
    return {
      indexed_block: head?.block ?? null,
      indexed_at: head?.timestamp ?? null,
      state_time: Math.max(clock(), head?.timestamp ?? 0),
    };
  }

  /**
   * `now` as an SQL expression, for a statement that judges states without reading the indexer's
   * progress first: the later of `clock` and the chains' indexed block times, read in the statement.
   */
  nowIn(chainIds: number[], clock: () => number | Placeholder): SQL<string> {
    const c = this.checkpoints;
    const at = clock();
    return sql<string>`greatest(${typeof at === "number" ? String(at) : at}::numeric, coalesce((${this.orm
      .select({ at: sql`max(substring(${c.latestCheckpoint} from 1 for 10)::numeric)` })
      .from(c)
      .where(inArray(c.chainId, chainIds))}), 0))`;
  }

  /**
   * The indexer's progress on these chains as one text (null before it has any), for a statement
   * to answer beside its rows: Ponder writes a block's rows and its checkpoint in one transaction, so
   * an unchanged text means unchanged tables.
   */
  checkpointIn(chainIds: number[]): SQL<string | null> {
    const c = this.checkpoints;
    return sql<string | null>`(${this.orm
      .select({
        at: sql`string_agg(${c.chainId} || ':' || ${c.latestCheckpoint}, ',' order by ${c.chainId})`,
      })
      .from(c)
      .where(inArray(c.chainId, chainIds))})`;
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
