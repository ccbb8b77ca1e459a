import { sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/pool.ts";
import { IndexerReader, MAX_PREPARED_SHAPES } from "./indexer.ts";

describe("IndexerReader.prepared", () => {
  it("builds a shape once, and keeps a bounded number of shapes however many requests bring", () => {
    const reader = new IndexerReader({} as Db, "indexer");
    const built: string[] = [];
    const prepare = (shape: string) =>
      reader.prepared(shape, () => {
        built.push(shape);
        return { query: { toSQL: () => ({ sql: `select ${shape}`, params: [] }) }, selection: {} };
      });

    prepare("chain:56");
    prepare("chain:56");
    expect(built).toEqual(["chain:56"]);

    // A chain id is part of some shapes and comes from the URL: past the bound the oldest shape goes.
    for (let i = 0; i < MAX_PREPARED_SHAPES; i++) prepare(`chain:${1_000 + i}`);
    built.length = 0;
    prepare(`chain:${1_000 + MAX_PREPARED_SHAPES - 1}`);
    expect(built).toEqual([]);
    prepare("chain:56");
    expect(built).toEqual(["chain:56"]);
  });

  it("runs as a named statement with the request's values, its rows read as the selection's keys and decoders", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const db = {
      query: async (config: Record<string, unknown>) => {
        asked.push(config);
        return {
          rows: [
            [7, "12", "a", null],
            ["8", "3", null, null],
          ],
        };
      },
    } as unknown as Db;
    const reader = new IndexerReader(db, "indexer");
    const table = pgTable("t", { n: integer("n"), name: text("name") });
    const selection = {
      n: table.n,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      name: table.name,
      raw: sql<string | null>`null`,
    };
    const statement = reader.prepared<Array<Record<string, unknown>>>("t", () => ({
      query: reader.orm
        .select(selection)
        .from(table)
        .where(sql`${table.n} > ${sql.placeholder("least")}`),
      selection,
    }));

    expect(await statement.execute({ least: 5 })).toEqual([
      { n: 7, total: 12, name: "a", raw: null },
      { n: 8, total: 3, name: null, raw: null },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ values: [5], rowMode: "array" });
    expect(asked[0]?.name).toMatch(/^indexer_/);
    expect(asked[0]?.text).toContain('from "t"');
  });
});
