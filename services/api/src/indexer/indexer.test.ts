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
        return { toSQL: () => ({ sql: `select ${shape}` }), prepare: () => ({ execute: async () => shape }) };
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
});
