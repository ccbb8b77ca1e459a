/**
 * The DAO list's order is read from an index of `dao_stats` (ponder.schema.ts), for every sort key
 * and direction: the plan Postgres makes for the list's page never sorts the rows, not even a group
 * of equal keys (lau and members have many). The plan it keeps for the page statement (its generic
 * plan, made without the request's values) is as cheap: the page's rows are joined to `pool` and
 * `token` by key, never by hashing whole tables, so Postgres reuses it instead of planning every
 * request. Plans, not timings, are asserted.
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
const DAOS = 10_000;

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
  // 10,000 DAOs (the size the list is measured at), each with its token, whose keys repeat a lot:
  // 5 values of lau and members, 40 of proposals.
  await fixture.query(
    `INSERT INTO ${SCHEMA}.pool (chain_id, address, name, description_url, creator, gov_token, nft, settings,
       user_keeper, validators, vote_power, created_at, created_block, created_tx, updated_at)
     SELECT ${CHAIN}, '0x' || lpad(to_hex(g), 40, '0'), 'DAO ' || g, '', '0x', '0x' || lpad(to_hex(100000 + g), 40, '0'),
            '0x', '0x', '0x', '0x', '0x', ${NOW}, g, '0x', ${NOW}
       FROM generate_series(1, ${DAOS}) g`,
  );
  await fixture.query(
    `INSERT INTO ${SCHEMA}.token (chain_id, address, name, symbol, decimals, is_nft)
     SELECT ${CHAIN}, '0x' || lpad(to_hex(100000 + g), 40, '0'), 'Token ' || g, 'T' || g, 18, false
       FROM generate_series(1, ${DAOS}) g`,
  );
  await fixture.query(
    `INSERT INTO ${SCHEMA}.dao_stats (chain_id, pool, tvl_usd, tvg_usd, members_count, lau, proposals_count, stats_at)
     SELECT ${CHAIN}, '0x' || lpad(to_hex(g), 40, '0'), (g % 300)::numeric * 1e18, (g % 7)::numeric * 1e18,
            g % 5, g % 5, g % 40, ${NOW}
       FROM generate_series(1, ${DAOS}) g`,
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

/** The tables a page's rows are read from. */
const LIST_TABLES = ["dao_stats", "pool", "token"];

/** The page statement the list runs for `sort` and `order` (page 3 of 25), and the plan of it. */
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
  const page = built.find((b) => b.shape.includes(":page:"));
  if (!page) throw new Error("the list built no page statement");
  const values: Record<string, unknown> = { clock: NOW, limit: 25, offset: 50 };
  const params = page.params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  const { rows: plan } = await client.query(`EXPLAIN (FORMAT JSON) ${page.sql}`, params);
  // The plan made once for every request of the shape: its values are unknown to it.
  const { rows: generic } = await client.query(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${page.sql}`);
  const nodes = (rows: Array<Record<string, unknown>>) =>
    nodesOf((rows[0]!["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0]!.Plan);
  return { sql: page.sql, custom: nodes(plan), generic: nodes(generic), reader };
}

/** Reads the page in index order: a read of its `dao_stats` index, with no sort of its rows. */
function expectIndexOrder(nodes: PlanNode[]) {
  // The only sort left puts the page's 25 rows back in their order after the joins.
  const window = nodes.find((n) => n["Node Type"] === "WindowAgg");
  if (!window) throw new Error("no window over the page");
  const underWindow = nodesOf(window);
  expect(underWindow.filter((n) => /Sort/.test(n["Node Type"]))).toEqual([]);
  expect(
    underWindow.find((n) => /Index( Only)? Scan/.test(n["Node Type"]) && n["Relation Name"] === "dao_stats"),
  ).toBeDefined();
}

describe("the DAO list's page plan", () => {
  for (const sort of ["tvl", "tvg", "members", "proposals", "lau"] as const) {
    for (const order of ["asc", "desc"] as const) {
      it(`reads ${order === "desc" ? "-" : ""}${sort} in index order, with no sort of dao_stats' rows`, async () => {
        const { custom, generic } = await pagePlan(sort, order);
        expectIndexOrder(custom);
        expectIndexOrder(generic);
        // Without the request's values, the page's rows are still joined by key: no whole table of
        // the list is read, none is hashed.
        const readsList = (n: PlanNode) =>
          nodesOf(n).some((m) => LIST_TABLES.includes(m["Relation Name"] ?? ""));
        expect(
          generic.filter(
            (n) => n["Node Type"] === "Seq Scan" && LIST_TABLES.includes(n["Relation Name"] ?? ""),
          ),
        ).toEqual([]);
        expect(generic.filter((n) => n["Node Type"] === "Hash Join" && readsList(n))).toEqual([]);
      });
    }
  }
});

it("plans the page statement once: later requests run the plan Postgres kept for it", async () => {
  const { sql, reader } = await pagePlan("tvl", "desc");
  const repository = new TrackerRepository(reader);
  for (let page = 0; page < 8; page++) {
    await repository.pools({
      chainIds: [CHAIN],
      now: NOW,
      sort: "tvl",
      order: "desc",
      ...UNFILTERED,
      limit: 25,
      offset: page * 25,
    });
  }
  // The reader's one connection holds the statement (Postgres plans a statement's first 5 runs
  // with their values, then keeps its generic plan when that costs no more).
  const { rows } = await db.query<{ generic_plans: string; custom_plans: string }>(
    "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1",
    [sql],
  );
  expect(rows).toHaveLength(1);
  expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
});
