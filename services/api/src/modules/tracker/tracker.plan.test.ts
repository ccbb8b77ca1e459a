/**
 * The DAO list's order is read from an index of `dao_stats` (ponder.schema.ts), for every sort key
 * and direction: the plan Postgres makes for the list's page never sorts the rows, not even a group
 * of equal keys (lau and members have many). Plans, not timings, are asserted.
 */
import { Placeholder } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/helpers.ts";
import { IndexerFixture } from "../../../test/indexerFixture.ts";
import { createPool, type Db } from "../../db/pool.ts";
import { IndexerReader } from "../../indexer/indexer.ts";
import { type SortKey, TrackerRepository, UNFILTERED } from "./tracker.repository.ts";

const CHAIN = 31337;
const SCHEMA = "indexer_plan";
const NOW = 1_999_998_000;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let db: Db;
let client: pg.Client;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  const fixture = await IndexerFixture.create(databaseUrl, SCHEMA);
  // 2,000 DAOs whose keys repeat a lot: 5 values of lau and members, 40 of proposals.
  await fixture.query(
    `INSERT INTO ${SCHEMA}.pool (chain_id, address, name, description_url, creator, gov_token, nft, settings,
       user_keeper, validators, vote_power, created_at, created_block, created_tx, updated_at)
     SELECT ${CHAIN}, '0x' || lpad(to_hex(g), 40, '0'), 'DAO ' || g, '', '0x', '0x', '0x', '0x', '0x', '0x', '0x',
            ${NOW}, g, '0x', ${NOW}
       FROM generate_series(1, 2000) g`,
  );
  await fixture.query(
    `INSERT INTO ${SCHEMA}.dao_stats (chain_id, pool, tvl_usd, tvg_usd, members_count, lau, proposals_count, stats_at)
     SELECT ${CHAIN}, '0x' || lpad(to_hex(g), 40, '0'), (g % 300)::numeric * 1e18, (g % 7)::numeric * 1e18,
            g % 5, g % 5, g % 40, ${NOW}
       FROM generate_series(1, 2000) g`,
  );
  await fixture.createIndexes();
  await fixture.query("ANALYZE");
  await fixture.indexedUpTo(CHAIN, 10, NOW);
  await fixture.close();
  db = createPool(databaseUrl, { max: 1, statementTimeoutMs: 10_000 });
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await db?.end();
});

/** The plan of the page statement the list runs for `sort` and `order` (page 3 of 25). */
async function pagePlan(sort: SortKey, order: "asc" | "desc") {
  const reader = new IndexerReader(db, SCHEMA);
  const built: Array<{ shape: string; sql: string; params: unknown[] }> = [];
  const prepare = reader.prepared.bind(reader);
  reader.prepared = ((shape, build) =>
    prepare(shape, () => {
      const query = build();
      built.push({ shape, ...(query.toSQL() as { sql: string; params: unknown[] }) });
      return query;
    })) as typeof reader.prepared;
  const query = {
    chainIds: [CHAIN],
    now: NOW,
    sort,
    order,
    ...UNFILTERED,
    limit: 25,
    offset: 50,
  };
  const rows = await new TrackerRepository(reader).pools(query);
  expect(rows).toHaveLength(25);
  const page = built.find((b) => b.shape.endsWith(":page"));
  if (!page) throw new Error("the list built no page statement");
  const values: Record<string, unknown> = { clock: NOW, limit: 25, offset: 50 };
  const params = page.params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  const { rows: plan } = await client.query(`EXPLAIN (FORMAT JSON) ${page.sql}`, params);
  return nodesOf((plan[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0]!.Plan);
}

describe("the DAO list's page plan", () => {
  for (const sort of ["tvl", "tvg", "members", "proposals", "lau"] as const) {
    for (const order of ["asc", "desc"] as const) {
      it(`reads ${order === "desc" ? "-" : ""}${sort} in index order, with no sort of dao_stats' rows`, async () => {
        const nodes = await pagePlan(sort, order);
        // The only sort left puts the page's 25 rows back in their order after the joins.
        const window = nodes.find((n) => n["Node Type"] === "WindowAgg");
        if (!window) throw new Error("no window over the page");
        const underWindow = nodesOf(window);
        expect(underWindow.filter((n) => /Sort/.test(n["Node Type"]))).toEqual([]);
        expect(
          underWindow.find(
            (n) => /Index( Only)? Scan/.test(n["Node Type"]) && n["Relation Name"] === "dao_stats",
          ),
        ).toBeDefined();
      });
    }
  }
});
