import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { indexerTables } from "./tables.ts";

type Shape = Record<string, { columns: string[]; primaryKey: string[] }>;

/** Every table by name: its columns (name, SQL type, nullability) and its primary key. */
function shapeOf(tables: unknown[]): Shape {
  const shape: Shape = {};
  for (const table of tables.filter((t): t is PgTable => is(t, PgTable))) {
    const config = getTableConfig(table);
    shape[config.name] = {
      columns: config.columns.map((c) => `${c.name} ${c.getSQLType()}${c.notNull ? " not null" : ""}`).sort(),
      primaryKey: [
        ...config.columns.filter((c) => c.primary).map((c) => c.name),
        ...config.primaryKeys.flatMap((key) => key.columns.map((c) => c.name)),
      ],
    };
  }
  return shape;
}

describe("the api's indexer tables", () => {
  it("match the Ponder schema: every table, column, SQL type, nullability and primary key", async () => {
    const ponder = await import("../../../../packages/indexer/ponder.schema.ts");
    const expected = shapeOf(Object.values(ponder));
    const actual = shapeOf(Object.values(indexerTables("indexer")));
    expect(Object.keys(expected).length).toBeGreaterThan(20);
    expect(actual).toEqual(expected);
  });

  it("live in the configured schema", () => {
    expect(getTableConfig(indexerTables("ponder_7").tokenHolder).schema).toBe("ponder_7");
  });
});
