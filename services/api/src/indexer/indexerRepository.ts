import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { IndexerReader } from "./indexer.ts";
import type { IndexerTables } from "./tables.ts";

/**
 * What a module's repository of indexer reads builds on: typed Drizzle queries (`orm`) over the
 * indexer's tables in the configured schema (`t`). A module's repository extends it and is given
 * `deps.indexer` where the module's routes are registered.
 */
export abstract class IndexerRepository {
  protected readonly orm: NodePgDatabase;
  protected readonly t: IndexerTables;

  constructor(protected readonly indexer: IndexerReader) {
    this.orm = indexer.orm;
    this.t = indexer.tables;
  }
}
