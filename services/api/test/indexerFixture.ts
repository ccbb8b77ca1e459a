/**
 * Test fixture: the indexer's tables, created from packages/indexer/ponder.schema.ts itself (the
 * Drizzle tables Ponder builds its schema from: same names, column types, defaults and primary keys),
 * and helpers to seed rows. Ponder's own progress table (`_ponder_checkpoint`) is not part of that
 * schema, so it is declared here as Ponder creates it.
 */
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";

type TableConfig = ReturnType<typeof getTableConfig>;
type ColumnConfig = TableConfig["columns"][number];

/** A column's default as SQL (Ponder's defaults are plain values: numbers, bigints, booleans, JSON). */
function defaultSql(value: unknown): string {
  if (typeof value === "bigint" || typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;
}

/** The neutral value a seeded row gets for a required column it does not name. */
function neutral(column: ColumnConfig): unknown {
  const type = column.getSQLType();
  if (type === "boolean") return false;
  if (type === "jsonb") return "[]";
  if (type === "text") return "";
  return "0";
}

async function indexerTables(): Promise<TableConfig[]> {
  const schema = await import("../../../packages/indexer/ponder.schema.ts");
  const values: unknown[] = Object.values(schema);
  return values.filter((t): t is PgTable => is(t, PgTable)).map((t) => getTableConfig(t));
}

function tableDdl(schema: string, table: TableConfig): string {
  const columns = table.columns.map(
    (c) =>
      `"${c.name}" ${c.getSQLType()}${c.notNull ? " NOT NULL" : ""}${c.default !== undefined ? ` DEFAULT ${defaultSql(c.default)}` : ""}`,
  );
  const key =
    table.primaryKeys[0]?.columns.map((c) => c.name) ??
    table.columns.filter((c) => c.primary).map((c) => c.name);
  if (key.length > 0) columns.push(`PRIMARY KEY (${key.map((k) => `"${k}"`).join(", ")})`);
  return `CREATE TABLE ${schema}."${table.name}" (${columns.join(", ")});`;
}

/** Ponder's checkpoint string: block timestamp (10), chain id (16), block number (16), then zeros. */
export function checkpoint(timestamp: number, chainId: number, block: number): string {
  return `${String(timestamp).padStart(10, "0")}${String(chainId).padStart(16, "0")}${String(block).padStart(16, "0")}${"0".repeat(33)}`;
}

export type Row = Record<string, unknown>;

export class IndexerFixture {
  private constructor(
    private readonly client: pg.Client,
    readonly schema: string,
    private readonly tables: Map<string, TableConfig>,
  ) {}

  static async create(databaseUrl: string, schema = "indexer"): Promise<IndexerFixture> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tables = await indexerTables();
    const s = `"${schema}"`;
    await client.query(
      [
        `CREATE SCHEMA IF NOT EXISTS ${s};`,
        `CREATE TABLE ${s}."_ponder_checkpoint" (chain_name text PRIMARY KEY, chain_id bigint NOT NULL,
           safe_checkpoint varchar(75) NOT NULL, latest_checkpoint varchar(75) NOT NULL,
           finalized_checkpoint varchar(75) NOT NULL);`,
        ...tables.map((t) => tableDdl(s, t)),
      ].join("\n"),
    );
    return new IndexerFixture(client, schema, new Map(tables.map((t) => [t.name, t])));
  }

  /**
   * Creates the secondary indexes the Ponder schema declares (Ponder builds them once it has caught
   * up): a benchmark over seeded rows then reads them the way a live indexer's tables are read.
   */
  async createIndexes(): Promise<void> {
    for (const table of this.tables.values()) {
      for (const [i, index] of table.indexes.entries()) {
        // As Ponder writes them: `.desc()` keeps drizzle's default NULLS LAST (DESC NULLS LAST).
        const columns = index.config.columns.map((c) => {
          const column = c as { name?: string; indexConfig?: { order?: string; nulls?: string } };
          const isDesc = column.indexConfig?.order === "desc";
          const nulls = column.indexConfig?.nulls ?? (isDesc ? "first" : "last");
          return `"${column.name}"${isDesc ? " DESC" : ""} NULLS ${nulls.toUpperCase()}`;
        });
        await this.client.query(
          `CREATE INDEX "${table.name}_${i}_idx" ON "${this.schema}"."${table.name}" (${columns.join(", ")})`,
        );
      }
    }
  }

  /** Runs SQL against the fixture's database (seeding many rows at once). */
  async query(text: string, values: unknown[] = []): Promise<void> {
    await this.client.query(text, values);
  }

  /** Seeds a row; required columns it does not name get a neutral value (0, '', false, []). */
  async insert(table: string, row: Row): Promise<void> {
    const config = this.tables.get(table);
    if (!config) throw new Error(`The indexer has no table ${table}`);
    const full: Row = { ...row };
    for (const c of config.columns) {
      if (!(c.name in full) && c.notNull && c.default === undefined) full[c.name] = neutral(c);
    }
    const cols = Object.keys(full);
    const values = Object.values(full).map((v) =>
      typeof v === "bigint" ? v.toString() : v !== null && typeof v === "object" ? JSON.stringify(v) : v,
    );
    await this.client.query(
      `INSERT INTO "${this.schema}"."${table}" (${cols.map((c) => `"${c}"`).join(", ")})
       VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`,
      values,
    );
  }

  async indexedUpTo(chainId: number, block: number, timestamp: number): Promise<void> {
    const cp = checkpoint(timestamp, chainId, block);
    await this.client.query(
      `INSERT INTO "${this.schema}"."_ponder_checkpoint" VALUES ($1, $2, $3, $3, $3)
       ON CONFLICT (chain_name) DO UPDATE SET latest_checkpoint = $3`,
      [`chain-${chainId}`, chainId, cp],
    );
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
