import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJsonApiError, json, startApp } from "../../../test/helpers.ts";
import { IndexerFixture, type Row } from "../../../test/indexerFixture.ts";

const CHAIN = 31337;
const OTHER_CHAIN = 97;
const HOUR = 3600;
const DAY = 86_400;
const E18 = 10n ** 18n;
/** Hour-aligned (not day-aligned) base far ahead of the clock: states and windows are judged at NOW. */
const H0 = 1_999_998_000;
const D0 = Math.floor(H0 / DAY) * DAY;
const NOW = H0 + 1800;

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const [P1, P2, P3, P4, UNKNOWN] = [0x101, 0x102, 0x103, 0x104, 0x1ff].map(addr) as [
  string,
  string,
  string,
  string,
  string,
];
const [T1, T2, T3, N1, N2, N3, UK1, UK2] = [0x201, 0x202, 0x203, 0x301, 0x302, 0x303, 0x401, 0x402].map(
  addr,
) as [string, string, string, string, string, string, string, string];
const [ALICE, BOB, CAROL, DAVE, EVE, FRANK, GRACE, HEIDI, NOBODY] = [
  0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
].map(addr) as [string, string, string, string, string, string, string, string, string];
const ZERO = addr(0);
/** P2's token sale executor: one of the DAO's own contracts, holding the DAO's tokens for a sale. */
const SALE2 = addr(0x502);
const BASE = `/integrations/tracker/${CHAIN}/pools/gov`;

let app: FastifyInstance;
let fixture: IndexerFixture;
const get = (url: string) => app.inject({ method: "GET", url });
const poolsOf = (body: { data: { id: string }[] }) => body.data.map((d) => d.id);

function pool(address: string, over: Row): Row {
  return {
    chain_id: CHAIN,
    address,
    description_url: `ipfs://${address}`,
    execution_window: 30 * DAY,
    updated_at: NOW,
    ...over,
  };
}

/** A Postgres array literal: the fixture passes text as it is (and other objects as JSON). */
const pgArray = (values: Array<number | bigint>) => `{${values.join(",")}}`;

/**
 * The hourly snapshots a DAO's `dao_stats` row keeps for its day-before figures (`recent_*`, as the
 * indexer rolls them): bucket, tvl, tvg, members, lau, oldest first.
 */
function recent(
  ...snapshots: Array<[bucket: number, tvl: number, tvg: number, members: number, lau: number]>
) {
  return {
    recent_buckets: pgArray(snapshots.map((s) => s[0])),
    recent_tvl_usd: pgArray(snapshots.map((s) => BigInt(s[1]) * E18)),
    recent_tvg_usd: pgArray(snapshots.map((s) => BigInt(s[2]) * E18)),
    recent_members_count: pgArray(snapshots.map((s) => s[3])),
    recent_lau: pgArray(snapshots.map((s) => s[4])),
  };
}

function snapshot(
  bucket: number,
  values: [tvl: number, tvg: number, number, number, number, number, number],
) {
  const [tvl, tvg, members, lau, proposals, active, votes] = values;
  return {
    chain_id: CHAIN,
    pool: P1,
    bucket,
    tvl_usd: BigInt(tvl) * E18,
    tvg_usd: BigInt(tvg) * E18,
    members_count: members,
    lau,
    proposals_count: proposals,
    active_proposals_count: active,
    votes_count: votes,
    updated_at: bucket,
  };
}

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  fixture = await IndexerFixture.create(started.databaseUrl);
  await fixture.indexedUpTo(CHAIN, 5000, NOW);
  await fixture.indexedUpTo(OTHER_CHAIN, 70, NOW - DAY);

  await fixture.insert(
    "pool",
    pool(P1, {
      name: "Alpha DAO",
      gov_token: T1,
      nft: N1,
      user_keeper: UK1,
      created_at: NOW - 40 * DAY,
      tvl_usd: 1000n * E18,
      tvg_usd: 500n * E18,
      members_count: 2,
      proposals_count: 5,
      validator_proposals_count: 2,
    }),
  );
  await fixture.insert(
    "pool",
    pool(P2, {
      name: "Beta Guild",
      gov_token: T2,
      nft: N2,
      user_keeper: UK2,
      token_sale_proposal: SALE2,
      created_at: NOW - 10 * DAY,
      tvl_usd: 2000n * E18,
      tvg_usd: 100n * E18,
      members_count: 0,
      proposals_count: 1,
    }),
  );
  await fixture.insert(
    "pool",
    pool(P3, {
      name: "Gamma",
      gov_token: T3,
      nft: N3,
      created_at: H0 - 3 * HOUR + 10,
      tvl_usd: 1000n * E18,
      tvg_usd: 800n * E18,
      members_count: 1,
    }),
  );
  await fixture.insert(
    "pool",
    pool(P4, {
      chain_id: OTHER_CHAIN,
      name: "Delta",
      gov_token: T1,
      nft: N1,
      created_at: NOW - 100 * DAY,
      tvl_usd: 5000n * E18,
    }),
  );
  // The DAO list's figures as the indexer keeps them (packages/indexer `dao_stats`): P2's members are
  // its holders and voters (nobody deposited); P1's active proposals are its proposals 1 (voting) and
  // 4 (succeeded, within the execution window) and its internal proposal 2, with the times they end;
  // P1 and P3 keep the hourly snapshots below a day-before figure may be read from (P1's of 10 days
  // ago is older than the newest a day before NOW: not kept).
  const stats = (p: string, over: Row) =>
    fixture.insert("dao_stats", { chain_id: CHAIN, pool: p, stats_at: NOW, ...over });
  await stats(P1, {
    tvl_usd: 1000n * E18,
    tvg_usd: 500n * E18,
    members_count: 2,
    lau: 1,
    active_members_count: 1,
    proposals_count: 5,
    active_proposals_count: 2,
    active_proposals_ends: pgArray([NOW + DAY, NOW + 29 * DAY]),
    internal_proposals_count: 2,
    active_internal_proposals_count: 1,
    active_internal_proposals_ends: pgArray([NOW + DAY]),
    votes_count: 4,
    ...recent([H0 - 48 * HOUR, 800, 400, 1, 2], [H0 - 5 * HOUR, 900, 450, 2, 1]),
  });
  await stats(P2, {
    tvl_usd: 2000n * E18,
    tvg_usd: 100n * E18,
    members_count: 2,
    fallback_members_count: 2,
    lau: 1,
    proposals_count: 1,
    votes_count: 2,
  });
  await stats(P3, {
    tvl_usd: 1000n * E18,
    tvg_usd: 800n * E18,
    members_count: 1,
    ...recent([H0 - 3 * HOUR, 1000, 800, 1, 0]),
  });
  await stats(P4, { chain_id: OTHER_CHAIN, tvl_usd: 5000n * E18 });
  await fixture.insert("token", {
    chain_id: CHAIN,
    address: T1,
    name: "Alpha Token",
    symbol: "ALP",
    decimals: 18,
  });
  await fixture.insert("token", {
    chain_id: CHAIN,
    address: T2,
    name: "Beta Token",
    symbol: "BETA",
    decimals: 6,
  });

  const member = (p: string, address: string, over: Row) =>
    fixture.insert("member", { chain_id: CHAIN, pool: p, address, updated_at: NOW, ...over });
  await member(P1, ALICE, {
    is_member: true,
    deposited_tokens: 10n * E18,
    deposited_nfts: 1,
    first_deposit_at: NOW - 30 * DAY,
  });
  await member(P1, BOB, { is_member: true, deposited_tokens: E18, first_deposit_at: NOW - 2 * DAY });
  await member(P1, CAROL, { delegated_out_tokens: 4n * E18 });
  await member(P1, DAVE, { delegated_in_tokens: 4n * E18 });
  await member(P3, ALICE, { is_member: true, deposited_tokens: E18, first_deposit_at: NOW - HOUR });

  const activity = (p: string, account: string, day: number, over: Row) =>
    fixture.insert("user_activity", { chain_id: CHAIN, pool: p, account, day, ...over });
  await activity(P1, ALICE, D0, { votes: 2, proposals: 1, deposits: 1, last_at: NOW - HOUR });
  await activity(P1, ALICE, D0 - 40 * DAY, { votes: 1, last_at: NOW - 40 * DAY });
  await activity(P1, BOB, D0 - 35 * DAY, { votes: 1, last_at: NOW - 35 * DAY });
  await activity(P2, EVE, D0, { votes: 1, last_at: NOW - 2 * HOUR });

  const holder = (token: string, address: string, balance: bigint) =>
    fixture.insert("token_holder", { chain_id: CHAIN, token, address, balance, updated_at: NOW });
  await holder(T1, HEIDI, 2n * E18);
  await holder(T2, FRANK, 5n * E18);
  await holder(T2, GRACE, 0n);
  await holder(T2, P2, E18);
  await holder(T2, UK2, 3n * E18);
  await holder(T2, SALE2, 7n * E18);
  await holder(T2, ZERO, 1n);
  for (const voter of [EVE, FRANK]) {
    await fixture.insert("vote", {
      chain_id: CHAIN,
      pool: P2,
      proposal_id: 1,
      voter,
      amount: E18,
      voted: E18,
      updated_at: NOW,
    });
  }

  const proposal = (p: string, id: number, over: Row) =>
    fixture.insert("proposal", {
      chain_id: CHAIN,
      pool: p,
      proposal_id: id,
      creator: ALICE,
      executor: p,
      quorum_votes: 100n * E18,
      created_block: id,
      created_tx: `0x${id.toString(16).padStart(64, "0")}`,
      updated_at: NOW,
      ...over,
    });
  const quorum = { quorum_reached_at: NOW - 20 * DAY, votes_for: 150n * E18, votes_against: E18 };
  await proposal(P1, 1, { vote_end: NOW + DAY, created_at: NOW - DAY }); // voting
  await proposal(P1, 2, { vote_end: NOW - 10 * DAY, created_at: NOW - 20 * DAY }); // defeated
  await proposal(P1, 3, {
    ...quorum,
    vote_end: NOW - 10 * DAY,
    executed_at: NOW - 5 * DAY,
    executed_for: true,
    created_at: NOW - 20 * DAY,
  }); // executed
  await proposal(P1, 4, {
    ...quorum,
    vote_end: NOW - 5 * DAY,
    execute_after: NOW - DAY,
    created_at: NOW - 15 * DAY,
  }); // succeeded, within the execution window
  await proposal(P1, 5, {
    ...quorum,
    vote_end: NOW - 32 * DAY,
    execute_after: NOW - 31 * DAY,
    created_at: NOW - 39 * DAY,
  }); // expired
  await proposal(P2, 1, {
    quorum_reached_at: NOW - 8 * DAY,
    votes_for: E18,
    votes_against: 2n * E18,
    vote_end: NOW - 5 * DAY,
    created_at: NOW - 9 * DAY,
  }); // defeated
  const validatorProposal = (id: number, isInternal: boolean, over: Row) =>
    fixture.insert("validator_proposal", {
      chain_id: CHAIN,
      pool: P1,
      is_internal: isInternal,
      proposal_id: id,
      updated_at: NOW,
      ...over,
    });
  await validatorProposal(1, true, {
    vote_end: NOW - 18 * DAY,
    executed_at: NOW - 17 * DAY,
    created_at: NOW - 20 * DAY,
  });
  await validatorProposal(2, true, { vote_end: NOW + DAY, created_at: NOW - DAY });
  await validatorProposal(4, false, { vote_end: NOW + DAY, created_at: NOW - 15 * DAY });

  // Hourly snapshots of P1 (tvl, tvg, members, lau, proposals, active proposals, votes).
  for (const row of [
    snapshot(H0 - 10 * DAY, [600, 300, 1, 1, 2, 1, 3]),
    snapshot(H0 - 48 * HOUR, [800, 400, 1, 2, 3, 1, 5]),
    snapshot(H0 - 5 * HOUR, [900, 450, 2, 1, 4, 2, 7]),
  ]) {
    await fixture.insert("pool_stats_hourly", row);
  }
  await fixture.insert("pool_stats_hourly", {
    ...snapshot(H0 - 3 * HOUR, [1000, 800, 1, 0, 0, 0, 0]),
    pool: P3,
  });
  for (const row of [
    snapshot(D0 - 10 * DAY, [700, 350, 1, 1, 2, 1, 3]),
    snapshot(D0 - 3 * DAY, [850, 420, 2, 1, 4, 2, 6]),
  ]) {
    await fixture.insert("pool_stats_daily", row);
  }

  // One open off-chain proposal of P1 (the voting module's table).
  const db = new pg.Client({ connectionString: started.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO api.offchain_proposals (chain_id, pool_address, type, title, author, voting_type, vote_options,
         parameters, snapshot_block, total_power, end_at)
       VALUES ($1, $2, 'default', 'Off-chain', $3, 'one_of', '["yes","no"]', '{}', 1, 0, now() + interval '1 day')`,
      [CHAIN, P1, ALICE],
    );
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  await fixture?.close();
  await app?.close();
});

const ALPHA = {
  chain_id: CHAIN,
  pool_address: P1,
  name: "Alpha DAO",
  description_url: `ipfs://${P1}`,
  gov_token_address: T1,
  gov_token_symbol: "ALP",
  gov_token_decimals: 18,
  gov_nft_address: N1,
  created_at: NOW - 40 * DAY,
  tvl_usd: "1000",
  tvg_usd: "500",
  lau: 1,
  total_members_count: 2,
  active_members_count: 1,
  total_proposals_count: 8,
  active_proposals_count: 4,
  external_proposals_count: 5,
  active_external_proposals_count: 2,
  internal_proposals_count: 2,
  active_internal_proposals_count: 1,
  offchain_proposals_count: 1,
  active_offchain_proposals_count: 1,
  tvl_usd_change_percent: 25,
  tvg_usd_change_percent: 25,
  members_change_percent: 100,
  lau_change_percent: -50,
  is_member: false,
};

describe("GET /{chainId}/pools/gov/top", () => {
  it("answers every figure of a DAO: TVL, TVG, members, LAU, proposals by kind and their changes", async () => {
    const res = await get(`${BASE}/top`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.find((d: { id: string }) => d.id === P1)).toEqual({
      id: P1,
      type: "top-gov-pools",
      attributes: ALPHA,
    });
    // Nobody deposited in P2: its members are its token holders (not the pool, keeper or zero address) and voters.
    expect(body.data.find((d: { id: string }) => d.id === P2).attributes).toMatchObject({
      gov_token_symbol: "BETA",
      gov_token_decimals: 6,
      total_members_count: 2,
      active_members_count: 0,
      lau: 1,
      total_proposals_count: 1,
      active_proposals_count: 0,
      tvl_usd_change_percent: 0,
    });
    expect(body.data.find((d: { id: string }) => d.id === P3).attributes).toMatchObject({
      gov_token_symbol: null,
      gov_token_decimals: null,
      total_members_count: 1,
      total_proposals_count: 0,
    });
  });

  it("judges active proposals at the request's time, not as of the DAO's last event", async () => {
    // The indexer counted P3's proposals active at its last event: one's vote has since ended (by time
    // alone, kept beside the count), the other's has not; nothing else happened in P3, so the kept
    // counters still say 2 and 1. The count is read from the DAO's row alone, no proposal of it.
    await fixture.query(
      `UPDATE indexer.dao_stats SET proposals_count = 2, active_proposals_count = 2, active_proposals_ends = $2,
         internal_proposals_count = 1, active_internal_proposals_count = 1, active_internal_proposals_ends = $3
       WHERE pool = $1`,
      [P3, pgArray([NOW - HOUR, NOW + HOUR]), pgArray([NOW])],
    );
    try {
      const p3 = json(await get(`${BASE}/top?search=Gamma`)).data[0].attributes;
      expect(p3).toMatchObject({
        external_proposals_count: 2,
        active_external_proposals_count: 1,
        internal_proposals_count: 1,
        active_internal_proposals_count: 0,
      });
      // An hour later the second has ended too.
      await fixture.indexedUpTo(CHAIN, 5001, NOW + HOUR);
      const later = json(await get(`${BASE}/top?search=Gamm`)).data[0].attributes;
      expect(later).toMatchObject({ active_external_proposals_count: 0, active_internal_proposals_count: 0 });
    } finally {
      await fixture.indexedUpTo(CHAIN, 5000, NOW);
      await fixture.query(
        `UPDATE indexer.dao_stats SET proposals_count = 0, active_proposals_count = 0, active_proposals_ends = NULL,
           internal_proposals_count = 0, active_internal_proposals_count = 0, active_internal_proposals_ends = NULL
         WHERE pool = $1`,
        [P3],
      );
    }
  });

  it("reads the figures a day before from the hourly snapshots the DAO's row keeps, as time passes", async () => {
    const changes = async (search: string) => {
      const a = json(await get(`${BASE}/top?search=${search}`)).data[0].attributes;
      return [
        a.tvl_usd_change_percent,
        a.tvg_usd_change_percent,
        a.members_change_percent,
        a.lau_change_percent,
      ];
    };
    // A day before NOW is P1's snapshot of 48 hours before H0 (800, 400, 1 member, 2 active users).
    expect(await changes("Alpha")).toEqual([25, 25, 100, -50]);
    // 19 hours after H0, a day before is P1's snapshot of 5 hours before H0 (900, 450, 2, 1).
    await fixture.indexedUpTo(CHAIN, 5001, H0 + 19 * HOUR);
    try {
      expect(await changes("Alph")).toEqual([11.11, 11.11, 0, 0]);
    } finally {
      await fixture.indexedUpTo(CHAIN, 5000, NOW);
    }
    // A snapshot kept in the row is the one read, whatever the snapshot tables hold.
    await fixture.query(
      `UPDATE indexer.dao_stats SET recent_buckets = $2, recent_tvl_usd = $3, recent_tvg_usd = $4,
         recent_members_count = $5, recent_lau = $6 WHERE pool = $1`,
      [P3, ...Object.values(recent([H0 - 2 * DAY, 500, 400, 2, 1], [H0 - 3 * HOUR, 1000, 800, 1, 0]))],
    );
    try {
      expect(await changes("Gamma")).toEqual([100, 100, -50, -100]);
    } finally {
      await fixture.query(
        `UPDATE indexer.dao_stats SET recent_buckets = $2, recent_tvl_usd = $3, recent_tvg_usd = $4,
           recent_members_count = $5, recent_lau = $6 WHERE pool = $1`,
        [P3, ...Object.values(recent([H0 - 3 * HOUR, 1000, 800, 1, 0]))],
      );
    }
  });

  it("orders by -tvl then tvg, members, proposals by default; by any key either way; pinned pools first", async () => {
    const order = async (query: string) => poolsOf(json(await get(`${BASE}/top?${query}`)));
    expect(await order("")).toEqual([P2, P3, P1]);
    expect(await order("sort=tvl")).toEqual([P3, P1, P2]);
    expect(await order("sort=-members")).toEqual([P2, P1, P3]);
    expect(await order("sort=-lau")).toEqual([P2, P1, P3]);
    expect(await order("sort=proposals")).toEqual([P3, P2, P1]);
    expect(await order("sort=-tvg")).toEqual([P3, P1, P2]);
    expect(await order(`pinned=${P1}`)).toEqual([P1, P2, P3]);
    expect(await order(`pinned=${P3},${P1}`)).toEqual([P3, P1, P2]);
    expect(await order(`pinned_addresses=${P1}&sort=tvl`)).toEqual([P1, P3, P2]);
  });

  it("searches by pool, token or NFT address and by name or token symbol; keeps chains apart", async () => {
    const found = async (search: string) => poolsOf(json(await get(`${BASE}/top?search=${search}`)));
    expect(await found(P1)).toEqual([P1]);
    expect(await found(T2.toUpperCase().replace("0X", "0x"))).toEqual([P2]);
    expect(await found(N3)).toEqual([P3]);
    expect(await found("alp")).toEqual([P1]);
    expect(await found("0102")).toEqual([P2]); // any part of an address
    expect(await found("0X0000000000000000000000000000000000000103")).toEqual([P3]);
    expect(await found("guild")).toEqual([P2]);
    expect(await found("Beta%20Token")).toEqual([P2]);
    expect(await found("%25")).toEqual([]);
    expect(await found("no-such-dao")).toEqual([]);
    expect(poolsOf(json(await get(`/integrations/tracker/${OTHER_CHAIN}/pools/gov/top`)))).toEqual([P4]);
  });

  it("marks the DAOs user_address is a member of: deposits, delegations in, or tokens held", async () => {
    const memberOf = async (user: string) =>
      json(await get(`${BASE}/top?user_address=${user}`))
        .data.filter((d: { attributes: { is_member: boolean } }) => d.attributes.is_member)
        .map((d: { id: string }) => d.id);
    expect(await memberOf(ALICE)).toEqual([P3, P1]);
    expect(await memberOf(DAVE)).toEqual([P1]);
    expect(await memberOf(HEIDI)).toEqual([P1]);
    expect(await memberOf(FRANK)).toEqual([P2]);
    expect(await memberOf(CAROL)).toEqual([]);
  });

  it("pages by 25 with page[number] and page[limit], with the total and links", async () => {
    const first = json(await get(`${BASE}/top`));
    expect(first.meta).toMatchObject({ total_count: 3, page_number: 1, page_limit: 25 });
    const second = json(await get(`${BASE}/top?page[limit]=1&page[number]=2`));
    expect(poolsOf(second)).toEqual([P3]);
    expect(second.meta).toMatchObject({ total_count: 3, page_number: 2, page_limit: 1 });
    expect(second.links.next).toContain("page%5Bnumber%5D=3");
    const beyond = json(await get(`${BASE}/top?page[number]=5`));
    expect(beyond).toMatchObject({ data: [], meta: { total_count: 0 } });
  });

  it("counts the DAOs as of the indexer's last block: a DAO indexed in a new block is in the total", async () => {
    const totalOf = async (query = "") => json(await get(`${BASE}/top${query}`)).meta.total_count;
    expect(await totalOf()).toBe(3);
    const P5 = addr(0x105);
    await fixture.insert("pool", pool(P5, { name: "Epsilon", gov_token: T1, nft: N1, created_at: NOW }));
    await fixture.insert("dao_stats", { chain_id: CHAIN, pool: P5, stats_at: NOW });
    await fixture.indexedUpTo(CHAIN, 5001, NOW);
    try {
      expect(await totalOf()).toBe(4);
      expect(await totalOf(`?pinned=${P5}&page[limit]=1`)).toBe(4);
    } finally {
      await fixture.query("DELETE FROM indexer.dao_stats WHERE pool = $1", [P5]);
      await fixture.query("DELETE FROM indexer.pool WHERE address = $1", [P5]);
      await fixture.indexedUpTo(CHAIN, 5000, NOW);
    }
    expect(await totalOf()).toBe(3);
  });

  it("pages with pinned pools first across pages, each pool once", async () => {
    const pageOf = async (n: number) =>
      json(await get(`${BASE}/top?pinned=${P3},${P1}&page[limit]=2&page[number]=${n}`));
    const [first, second] = [await pageOf(1), await pageOf(2)];
    expect(poolsOf(first)).toEqual([P3, P1]);
    expect(poolsOf(second)).toEqual([P2]);
    expect(second.meta).toMatchObject({ total_count: 3, page_number: 2 });
    const offset = json(await get(`${BASE}/top?pinned=${P3},${P1}&page[limit]=1&page[number]=2`));
    expect(poolsOf(offset)).toEqual([P1]);
  });

  it("answers an ETag and 304 to a client that has the answer; public unless it names a user", async () => {
    const first = await get(`${BASE}/top`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toMatch(/^(public, max-age=\d+|no-cache)$/);
    const again = await app.inject({ method: "GET", url: `${BASE}/top`, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const weak = await app.inject({
      method: "GET",
      url: `${BASE}/top`,
      headers: { "if-none-match": `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await app.inject({
      method: "GET",
      url: `${BASE}/top?sort=tvl`,
      headers: { "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    const personal = await get(`${BASE}/top?user_address=${ALICE}`);
    expect(personal.headers["cache-control"]).not.toMatch(/public/);
  });

  it("answers 400 on bad input", async () => {
    for (const query of [
      "sort=name",
      "page[limit]=101",
      "page[number]=0",
      "pinned=0x12",
      "user_address=alice",
    ]) {
      expectJsonApiError(await get(`${BASE}/top?${query}`), 400);
    }
    expect(json(await get("/integrations/tracker/12345/pools/gov/top"))).toMatchObject({
      data: [],
      meta: { total_count: 0 },
    });
  });
});

describe("GET /{chainId}/pools/gov/user-activity/{user}", () => {
  it("lists the DAOs an address is active in with its own counts, overall and within the LAU window", async () => {
    const alice = json(await get(`${BASE}/user-activity/${ALICE}`));
    expect(poolsOf(alice)).toEqual([P3, P1]);
    expect(alice.data[1]).toEqual({
      id: P1,
      type: "user-gov-pool-activity",
      attributes: {
        ...ALPHA,
        is_member: true,
        user_address: ALICE,
        user_votes_count: 3,
        user_proposals_count: 1,
        user_deposits_count: 1,
        user_recent_votes_count: 2,
        user_recent_proposals_count: 1,
        user_recent_deposits_count: 1,
        user_last_activity_at: NOW - HOUR,
        user_deposited_tokens: (10n * E18).toString(),
        user_deposited_nfts: 1,
        user_delegated_in_tokens: "0",
        user_delegated_out_tokens: "0",
      },
    });
    expect(alice.meta).toMatchObject({ total_count: 2, page_limit: 25 });
  });

  it("answers an ETag and 304 to a client that has the answer", async () => {
    const url = `${BASE}/user-activity/${ALICE}`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toMatch(/^(public, max-age=\d+|no-cache)$/);
    const again = await app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("counts delegating out, holding tokens and past activity as activity", async () => {
    const carol = json(await get(`${BASE}/user-activity/${CAROL}`));
    expect(poolsOf(carol)).toEqual([P1]);
    expect(carol.data[0].attributes).toMatchObject({
      is_member: false,
      user_votes_count: 0,
      user_last_activity_at: null,
      user_deposited_tokens: "0",
      user_delegated_out_tokens: (4n * E18).toString(),
    });
    expect(poolsOf(json(await get(`${BASE}/user-activity/${HEIDI}`)))).toEqual([P1]);
    expect(poolsOf(json(await get(`${BASE}/user-activity/${EVE}`)))).toEqual([P2]);
    const bob = json(await get(`${BASE}/user-activity/${BOB}`));
    expect(bob.data[0].attributes).toMatchObject({ user_votes_count: 1, user_recent_votes_count: 0 });
    expect(json(await get(`${BASE}/user-activity/${NOBODY}`))).toMatchObject({
      data: [],
      meta: { total_count: 0 },
    });
    expectJsonApiError(await get(`${BASE}/user-activity/0x1234`), 400);
  });
});

describe("GET /{chainId}/pools/gov/{pool}/stats/latest", () => {
  it("answers the DAO's statistics record, 404 for a DAO the indexer does not know", async () => {
    const res = json(await get(`${BASE}/${P1}/stats/latest`));
    expect(res.data).toEqual({
      id: P1,
      type: "gov-pool-stats",
      attributes: {
        gov_pool_address: P1,
        gov_pool_name: "Alpha DAO",
        gov_token_address: T1,
        gov_nft_address: N1,
        gov_pool_created_at: NOW - 40 * DAY,
        tvl_usd: "1000",
        tvg_usd: "500",
        total_members_count: 2,
        lau: 1,
        total_active_proposals_count: 4,
        total_proposals_count: 8,
      },
    });
    const missing = expectJsonApiError(await get(`${BASE}/${UNKNOWN}/stats/latest`), 404);
    expect(missing.detail).toContain(UNKNOWN);
    expectJsonApiError(await get(`/integrations/tracker/${OTHER_CHAIN}/pools/gov/${P1}/stats/latest`), 404);
  });
});

/** A chart point: its time and figures (tvl, tvg, members, lau, proposals, active proposals, votes). */
const point = (timestamp: number, v: [number, number, number, number, number, number, number]) => ({
  timestamp,
  tvl_usd: String(v[0]),
  tvg_usd: String(v[1]),
  total_members_count: v[2],
  lau: v[3],
  total_proposals_count: v[4],
  total_active_proposals_count: v[5],
  votes_count: v[6],
});

describe("GET /{chainId}/pools/gov/{dao}/stats/{period}", () => {
  it("D: 24 hourly points carrying the last snapshot forward, the newest with the live figures", async () => {
    const body = json(await get(`${BASE}/${P1}/stats/D`));
    expect(body.meta).toEqual({ period: "D", count: 24 });
    const points = body.data.map((d: { attributes: unknown }) => d.attributes);
    expect(points[0]).toEqual(point(H0 - 23 * HOUR, [800, 400, 1, 2, 3, 1, 5]));
    expect(points[17]).toEqual(point(H0 - 6 * HOUR, [800, 400, 1, 2, 3, 1, 5]));
    expect(points[18]).toEqual(point(H0 - 5 * HOUR, [900, 450, 2, 1, 4, 2, 7]));
    expect(points[23]).toEqual(point(H0, [1000, 500, 2, 1, 4, 2, 7]));
    expect(body.data[0]).toMatchObject({ type: "gov-pool-stats-snapshot", id: `${P1}:${H0 - 23 * HOUR}` });
  });

  it("W and M: daily points; points before the first snapshot or the DAO's creation are left out", async () => {
    const week = json(await get(`${BASE}/${P1}/stats/w`));
    expect(week.meta).toEqual({ period: "W", count: 7 });
    const points = week.data.map((d: { attributes: unknown }) => d.attributes);
    expect(points[0]).toEqual(point(D0 - 6 * DAY, [700, 350, 1, 1, 2, 1, 3]));
    expect(points[3]).toEqual(point(D0 - 3 * DAY, [850, 420, 2, 1, 4, 2, 6]));
    expect(points[6]).toEqual(point(D0, [1000, 500, 2, 1, 4, 2, 6]));
    const month = json(await get(`${BASE}/${P1}/stats/M`));
    expect(month.meta).toEqual({ period: "M", count: 11 });
    expect(month.data[0].attributes.timestamp).toBe(D0 - 10 * DAY);
    const young = json(await get(`${BASE}/${P3}/stats/D`));
    expect(young.data.map((d: { attributes: { timestamp: number } }) => d.attributes.timestamp)).toEqual([
      H0 - 3 * HOUR,
      H0 - 2 * HOUR,
      H0 - HOUR,
      H0,
    ]);
    expect(json(await get(`${BASE}/${P2}/stats/D`))).toMatchObject({ data: [], meta: { count: 0 } });
  });

  it("answers 400 for an unknown period and 404 for an unknown DAO", async () => {
    expectJsonApiError(await get(`${BASE}/${P1}/stats/Y`), 400);
    expectJsonApiError(await get(`${BASE}/${UNKNOWN}/stats/D`), 404);
  });
});

describe("GET /pools/gov/summary-stats/{period}/series", () => {
  it("sums every DAO's latest snapshot at each point of the period", async () => {
    const body = json(await get(`/integrations/tracker/pools/gov/summary-stats/D/series?chain_ids=${CHAIN}`));
    expect(body.meta).toEqual({ period: "D", count: 24 });
    const points = body.data.map((d: { attributes: { timestamp: number } }) => d.attributes);
    // P1 alone, then P1 and P3 from P3's first snapshot three hours ago. Members: alice and bob (deposits
    // 30 and 2 days ago); nobody acted in the 30 days before these points.
    expect(points[0]).toEqual(point(H0 - 23 * HOUR, [800, 400, 2, 0, 3, 1, 5]));
    expect(points[18]).toEqual(point(H0 - 5 * HOUR, [900, 450, 2, 0, 4, 2, 7]));
    expect(points[20]).toEqual(point(H0 - 3 * HOUR, [1900, 1250, 2, 0, 4, 2, 7]));
    expect(points[23].timestamp).toBe(H0);
    const other = json(
      await get(`/integrations/tracker/pools/gov/summary-stats/W/series?chain_ids=${OTHER_CHAIN}`),
    );
    expect(other.data).toEqual([]);
    expectJsonApiError(await get("/integrations/tracker/pools/gov/summary-stats/Y/series"), 400);
  });

  it("counts a member of two DAOs once, and an active user once", async () => {
    const body = json(await get(`/integrations/tracker/pools/gov/summary-stats/D/series?chain_ids=${CHAIN}`));
    const last = body.data.at(-1).attributes;
    // Alice deposited in P1 and, half an hour before H0, in P3; P1's and P3's own figures add up to 3.
    expect(last).toMatchObject({ timestamp: H0, total_members_count: 2 });
    // Alice (P1) and Eve (P2) acted in the last 30 days.
    expect(last.lau).toBe(2);
    const headline = json(await get(`/integrations/tracker/pools/gov/summary-stats/D?chain_ids=${CHAIN}`));
    expect(headline.data.attributes.total_members_count).toBe(last.total_members_count);
  });
});

describe("GET /pools/gov/summary-stats/{period}", () => {
  it("sums every DAO of the chains with the change over the period", async () => {
    const res = json(await get(`/integrations/tracker/pools/gov/summary-stats/W?filter[chain_ids]=${CHAIN}`));
    expect(res.data).toEqual({
      id: "W",
      type: "gov-pools-summary-stats",
      attributes: {
        chain_ids: [CHAIN],
        period: "W",
        pools_count: 3,
        tvl_usd: "4000",
        tvg_usd: "1400",
        total_members_count: 2,
        lau: 2,
        total_proposals_count: 8,
        pools_count_change_percent: 50,
        tvl_usd_change_percent: 566.66,
        tvg_usd_change_percent: 366.66,
        members_change_percent: 100,
        lau_change_percent: 100,
        proposals_change_percent: 33.33,
      },
    });
  });

  it("takes chain_ids as a filter or a plain parameter, several chains at once", async () => {
    const other = json(await get(`/integrations/tracker/pools/gov/summary-stats/D?chain_ids=${OTHER_CHAIN}`));
    expect(other.data.attributes).toMatchObject({
      chain_ids: [OTHER_CHAIN],
      pools_count: 1,
      tvl_usd: "5000",
    });
    const both = json(
      await get(`/integrations/tracker/pools/gov/summary-stats/m?filter[chain_ids]=${CHAIN},${OTHER_CHAIN}`),
    );
    expect(both.data.attributes).toMatchObject({ period: "M", pools_count: 4, tvl_usd: "9000" });
    expectJsonApiError(await get("/integrations/tracker/pools/gov/summary-stats/Y"), 400);
    expectJsonApiError(await get("/integrations/tracker/pools/gov/summary-stats/D?chain_ids=x"), 400);
  });
});

describe("GET /{chainId}/pools/gov/user-expert-badges/{user}", () => {
  it("lists the active local and global badges an address holds on the chain", async () => {
    const badge = (nft: string, address: string, pool: string | null, over: Row = {}) =>
      fixture.insert("expert", {
        chain_id: CHAIN,
        nft,
        address,
        pool,
        is_global: pool === null,
        token_id: 1,
        is_active: true,
        updated_at: NOW,
        ...over,
      });
    await badge(addr(0x501), GRACE, P1);
    await badge(addr(0x502), GRACE, null);
    await badge(addr(0x503), GRACE, P2, { is_active: false });
    const body = json(await get(`${BASE}/user-expert-badges/${GRACE}`));
    expect(body.data.map((d: { attributes: unknown }) => d.attributes)).toEqual([
      { chain_id: CHAIN, pool_address: null, is_global: true, nft_address: addr(0x502), token_id: "1" },
      { chain_id: CHAIN, pool_address: P1, is_global: false, nft_address: addr(0x501), token_id: "1" },
    ]);
    expect(json(await get(`${BASE}/user-expert-badges/${NOBODY}`)).data).toEqual([]);
  });
});

describe("GET /indexer-health", () => {
  it("answers per chain the indexer's last block and time beside the chain head", async () => {
    const body = json(await get("/integrations/tracker/indexer-health"));
    const byChain = new Map(body.data.map((d: { id: string; attributes: unknown }) => [d.id, d]));
    expect(byChain.get(String(CHAIN))).toMatchObject({
      type: "indexer-health",
      attributes: {
        chain_id: CHAIN,
        last_indexed_block: 5000,
        last_indexed_at: NOW,
        is_indexed: true,
        error: null,
      },
    });
    const local = (byChain.get(String(CHAIN)) as { attributes: { head_block: number; lag_blocks: number } })
      .attributes;
    expect(local.head_block).toBeGreaterThan(0);
    expect(local.lag_blocks).toBe(Math.max(0, local.head_block - 5000));
    // Indexed, but no RPC endpoint configured for it here: no head, no lag.
    expect(byChain.get(String(OTHER_CHAIN))).toMatchObject({
      attributes: { last_indexed_block: 70, last_indexed_at: NOW - DAY, head_block: null, lag_blocks: null },
    });
  });
});

describe("a DAO's members", () => {
  const members = async (pool: string) =>
    json(await get(`${BASE}/${pool}/members`)).data.map(
      (d: { attributes: { address: string; deposited_tokens: string } }) => d.attributes,
    );

  it("lists the depositors its Members figure counts, largest first, never its own contracts", async () => {
    const list = await members(P1);
    expect(list.map((m: { address: string }) => m.address)).toEqual([ALICE, BOB]);
    const top = json(await get(`${BASE}/top`)).data.find((d: { id: string }) => d.id === P1);
    expect(top.attributes.total_members_count).toBe(list.length);
  });

  it("lists token holders and voters while nobody has deposited, never the pool, its keeper or executors", async () => {
    const list = await members(P2);
    expect(list.map((m: { address: string }) => m.address).sort()).toEqual([EVE, FRANK].sort());
    const top = json(await get(`${BASE}/top`)).data.find((d: { id: string }) => d.id === P2);
    expect(top.attributes.total_members_count).toBe(list.length);
  });

  it("answers 404 for a DAO the indexer does not know", async () => {
    expect((await get(`${BASE}/${UNKNOWN}/members`)).statusCode).toBe(404);
  });
});

describe("before the indexer has created its tables", () => {
  it("answers 503 with a retryable code instead of a 500", async () => {
    const bare = await startApp();
    try {
      for (const path of [
        `${BASE}/top`,
        `${BASE}/user-activity/${ALICE}`,
        `${BASE}/${P1}/stats/latest`,
        `${BASE}/${P1}/stats/D`,
        "/integrations/tracker/pools/gov/summary-stats/D",
      ]) {
        const err = expectJsonApiError(await bare.app.inject({ method: "GET", url: path }), 503);
        expect(err.meta).toMatchObject({ code: "errors.api.indexerNotReady" });
      }
    } finally {
      await bare.app.close();
    }
  });
});
