import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJsonApiError, json, startApp } from "../../../test/helpers.ts";
import { IndexerFixture, type Row } from "../../../test/indexerFixture.ts";
import {
  ALICE,
  BOB,
  CAROL,
  CHAIN,
  E18,
  HOUR,
  OTHER_POOL,
  POOL,
  TOKEN,
  tx,
} from "../../../test/seedValues.ts";

const BASE = `/integrations/tracker/${CHAIN}/pools/gov`;
const UNKNOWN_POOL = "0x3333333333333333333333333333333333333333";
const V1 = "0x00000000000000000000000000000000000000f1";
const V2 = "0x00000000000000000000000000000000000000f2";
const V3 = "0x00000000000000000000000000000000000000f3";
const NOW = Math.floor(Date.now() / 1000);

let app: FastifyInstance;
let fixture: IndexerFixture;

function proposal(id: number, over: Row = {}): Row {
  return {
    chain_id: CHAIN,
    pool: POOL,
    proposal_id: id,
    creator: ALICE,
    description_url: `ipfs://proposal-${id}`,
    executor: POOL,
    settings_id: 0,
    actions_on_for: [{ executor: POOL, value: "0", data: "0x" }],
    actions_on_against: [],
    quorum_votes: 100n * E18,
    vote_end: NOW + 10 * HOUR,
    created_at: NOW - 100 * HOUR + id,
    created_block: 100 + id,
    created_tx: tx(id),
    updated_at: NOW - HOUR,
    ...over,
  };
}

const get = (url: string) => app.inject({ method: "GET", url });
const ids = (body: { data: { attributes: { proposal_id: string } }[] }) =>
  body.data.map((d) => Number(d.attributes.proposal_id));

/** Expected state of each seeded proposal (spec §4 numbering), judged at NOW. */
const EXPECTED: Record<number, number> = {
  1: 0, // voting
  2: 3, // voting ended without quorum
  3: 3, // quorum, against >= for, no against-actions
  4: 1, // quorum, validators vote, pool has validators, not moved
  5: 2, // moved, validators still voting
  6: 6, // moved, validators reached quorum, locked
  7: 6, // no validators stage, locked until executeAfter
  8: 4, // quorum, early completion, delay over, for wins
  9: 5, // against wins with against-actions
  10: 7, // executed for
  11: 8, // executed against
  12: 3, // moved, validators' voting ended without quorum
  13: 4, // moved, validators succeeded after their delay
};

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  fixture = await IndexerFixture.create(started.databaseUrl);
  await fixture.indexedUpTo(CHAIN, 4242, NOW - 5);
  await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Fixture DAO", validators_count: 2 });
  // OTHER_POOL set an execution window of one hour (GovPool.setExecutionWindow)
  await fixture.insert("pool", {
    chain_id: CHAIN,
    address: OTHER_POOL,
    name: "Other",
    validators_count: 1,
    execution_window: HOUR,
  });

  const quorum = { quorum_reached_at: NOW - 50 * HOUR, votes_for: 150n * E18, votes_against: 10n * E18 };
  const ended = { vote_end: NOW - 20 * HOUR };
  const stage = (id: number, over: Row) =>
    fixture.insert("validator_proposal", {
      chain_id: CHAIN,
      pool: POOL,
      is_internal: false,
      proposal_id: id,
      vote_end: NOW + 5 * HOUR,
      quorum: 50n * 10n ** 25n,
      created_at: NOW - 30 * HOUR,
      updated_at: NOW - 30 * HOUR,
      ...over,
    });
  const moved = {
    ...quorum,
    ...ended,
    validators_vote: true,
    moved_to_validators_at: NOW - 30 * HOUR,
    moved_by: BOB,
  };
  const rows: Row[] = [
    proposal(1, { votes_for: 5n * E18, voters_count: 2 }),
    proposal(2, { ...ended, votes_for: 5n * E18 }),
    proposal(3, { ...quorum, ...ended, votes_for: 10n * E18, votes_against: 150n * E18 }),
    proposal(4, { ...quorum, ...ended, validators_vote: true }),
    proposal(5, moved),
    proposal(6, moved),
    proposal(7, { ...quorum, ...ended, execute_after: NOW + 24 * HOUR }),
    proposal(8, { ...quorum, early_completion: true, execute_after: NOW - HOUR }),
    proposal(9, {
      ...quorum,
      ...ended,
      votes_for: 10n * E18,
      votes_against: 150n * E18,
      actions_on_against: [{ executor: POOL, value: "0", data: "0x01" }],
      execute_after: NOW - 10 * HOUR,
    }),
    proposal(10, {
      ...quorum,
      ...ended,
      executed_at: NOW - 2 * HOUR,
      executed_for: true,
      executed_by: CAROL,
      executed_tx: tx(1010),
    }),
    proposal(11, { ...quorum, ...ended, executed_at: NOW - 2 * HOUR, executed_for: false, executed_by: BOB }),
    proposal(12, moved),
    proposal(13, moved),
    proposal(1, { pool: OTHER_POOL }),
    // executable since two hours: past the one-hour window, Expired; since half an hour: still succeeded
    proposal(2, { pool: OTHER_POOL, ...quorum, early_completion: true, execute_after: NOW - 2 * HOUR }),
    proposal(3, { pool: OTHER_POOL, ...quorum, early_completion: true, execute_after: NOW - HOUR / 2 }),
    // moved to the validators, who approved it: the window runs from the validators' executeAfter
    proposal(4, { ...moved, pool: OTHER_POOL }),
  ];
  for (const row of rows) await fixture.insert("proposal", row);
  await stage(5, { votes_for: 2n * E18 });
  await stage(6, { votes_for: 20n * E18, quorum_reached_at: NOW - 2 * HOUR, execute_after: NOW + 10 * HOUR });
  await stage(12, { vote_end: NOW - HOUR });
  await fixture.insert("validator_proposal", {
    chain_id: CHAIN,
    pool: OTHER_POOL,
    is_internal: false,
    proposal_id: 4,
    vote_end: NOW - 3 * HOUR,
    quorum: 50n * 10n ** 25n,
    votes_for: 20n * E18,
    quorum_reached_at: NOW - 4 * HOUR,
    execute_after: NOW - 2 * HOUR,
    created_at: NOW - 30 * HOUR,
    updated_at: NOW - 30 * HOUR,
  });
  await stage(13, {
    votes_for: 20n * E18,
    quorum_reached_at: NOW - 20 * HOUR,
    execute_after: NOW - 10 * HOUR,
  });

  // Voting history of #1: alice for, bob against, alice cancels, bob adds (block order, then log order).
  const interaction = (
    n: number,
    voter: string,
    interactionType: number,
    block: number,
    logIndex: number,
    amount: bigint,
  ) =>
    fixture.insert("vote_interaction", {
      id: `${CHAIN}:${tx(n)}:${logIndex}`,
      chain_id: CHAIN,
      pool: POOL,
      proposal_id: 1,
      voter,
      interaction: interactionType,
      vote_type: 0,
      is_vote_for: interactionType === 1,
      amount,
      total_raw_voted: amount,
      total_voted: amount,
      nft_ids: interactionType === 1 ? ["7"] : [],
      block_number: block,
      timestamp: NOW - 10 * HOUR + block,
      tx_hash: tx(n),
    });
  await interaction(1, ALICE, 1, 200, 3, 3n * E18);
  await interaction(2, BOB, 2, 201, 0, 2n * E18);
  await interaction(3, ALICE, 3, 202, 1, 3n * E18);
  await interaction(4, BOB, 2, 202, 4, E18);
  const vote = (id: number, voter: string) =>
    fixture.insert("vote", {
      chain_id: CHAIN,
      pool: POOL,
      proposal_id: id,
      voter,
      vote_type: 0,
      is_vote_for: true,
      amount: E18,
      voted: E18,
      nft_ids: [],
      updated_at: NOW,
    });
  await vote(1, BOB);
  await vote(8, BOB);

  // Validators: two seated, one removed (zero balance is never stored by the indexer, but be strict).
  for (const [address, balance] of [
    [V1, 10n * E18],
    [V2, 30n * E18],
    [V3, 0n],
  ] as const) {
    await fixture.insert("validator", { chain_id: CHAIN, pool: POOL, address, balance, updated_at: NOW });
  }
  await fixture.insert("validator_vote", {
    id: `${CHAIN}:${tx(60)}:0`,
    chain_id: CHAIN,
    pool: POOL,
    is_internal: false,
    proposal_id: 6,
    voter: V1,
    is_vote_for: true,
    amount: 10n * E18,
    interaction: 1,
    block_number: 300,
    timestamp: NOW - 3 * HOUR,
    tx_hash: tx(60),
  });
  await fixture.insert("validator_vote", {
    id: `${CHAIN}:${tx(61)}:0`,
    chain_id: CHAIN,
    pool: POOL,
    is_internal: false,
    proposal_id: 6,
    voter: V2,
    is_vote_for: true,
    amount: 10n * E18,
    interaction: 1,
    block_number: 301,
    timestamp: NOW - 2 * HOUR,
    tx_hash: tx(61),
  });
  for (const voter of [V1, V2]) {
    await fixture.insert("validator_voter", {
      chain_id: CHAIN,
      pool: POOL,
      is_internal: false,
      proposal_id: 6,
      voter,
      voted_for: 10n * E18,
      voted_against: 0n,
      updated_at: NOW,
    });
  }
  // Carol was paid for executing #10; she never voted or created anything.
  await fixture.insert("reward_claim", {
    id: `${CHAIN}:${tx(1010)}:2`,
    chain_id: CHAIN,
    pool: POOL,
    proposal_id: 10,
    user: CAROL,
    token: TOKEN,
    amount: 5n * E18,
    block_number: 400,
    timestamp: NOW - 2 * HOUR,
    tx_hash: tx(1010),
  });
});

afterAll(async () => {
  await fixture?.close();
  await app?.close();
});

describe("GET /{chainId}/pools/gov/{pool}/proposals", () => {
  it("lists the pool's proposals newest first with the state computed from the indexed fields", async () => {
    const res = await get(`${BASE}/${POOL}/proposals?page[limit]=100`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(ids(body)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const states = Object.fromEntries(
      body.data.map((d: { attributes: { proposal_id: string; state: number } }) => [
        Number(d.attributes.proposal_id),
        d.attributes.state,
      ]),
    );
    expect(states).toEqual(EXPECTED);
    expect(body.meta).toMatchObject({
      total_count: 13,
      page_number: 1,
      page_limit: 100,
      indexed_block: 4242,
    });
    expect(body.meta.state_time).toBeGreaterThanOrEqual(NOW);
    const first = body.data.find(
      (d: { attributes: { proposal_id: string } }) => d.attributes.proposal_id === "1",
    );
    expect(first.type).toBe("gov-proposals");
    expect(first.attributes).toMatchObject({
      chain_id: CHAIN,
      pool_address: POOL,
      creator: ALICE,
      description_url: "ipfs://proposal-1",
      votes_for: (5n * E18).toString(),
      quorum_votes: (100n * E18).toString(),
      voters_count: 2,
      vote_end: NOW + 10 * HOUR,
      created_block: "101",
      has_actions_on_against: false,
      validators_stage: null,
    });
    const six = body.data.find(
      (d: { attributes: { proposal_id: string } }) => d.attributes.proposal_id === "6",
    );
    expect(six.attributes.validators_stage).toMatchObject({
      vote_end: NOW + 5 * HOUR,
      votes_for: (20n * E18).toString(),
      execute_after: NOW + 10 * HOUR,
    });
  });

  it("pages with page[number] and page[limit], ascending with page[order], with JSON:API links", async () => {
    const res = await get(`${BASE}/${POOL}/proposals?page[number]=2&page[limit]=5`);
    const body = json(res);
    expect(ids(body)).toEqual([8, 7, 6, 5, 4]);
    expect(body.meta).toMatchObject({ total_count: 13, page_number: 2, page_limit: 5, order: "desc" });
    expect(body.links.next).toContain("page%5Bnumber%5D=3");
    expect(body.links.prev).toContain("page%5Bnumber%5D=1");
    const asc = json(await get(`${BASE}/${POOL}/proposals?page[limit]=3&page[order]=asc`));
    expect(ids(asc)).toEqual([1, 2, 3]);
    const beyond = json(await get(`${BASE}/${POOL}/proposals?page[number]=9&page[limit]=5`));
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total_count).toBe(0);
  });

  it("filters by the spec's status groups, by states, by creator and by voter", async () => {
    const by = async (query: string) =>
      ids(json(await get(`${BASE}/${POOL}/proposals?page[limit]=100&${query}`)));
    expect(await by("filter[status]=active")).toEqual([13, 9, 8, 7, 6, 5, 4, 1]);
    expect(await by("filter[status]=rejected")).toEqual([12, 3, 2]);
    expect(await by("filter[status]=executed")).toEqual([11, 10]);
    expect(await by("filter[status]=accepted")).toEqual([11, 10]);
    expect(await by("filter[status]=openVoting")).toEqual([5, 4, 1]);
    expect(await by("filter[state]=0,3")).toEqual([12, 3, 2, 1]);
    expect(await by("filter[status]=active&filter[state]=0,3")).toEqual([1]);
    expect(await by(`filter[creator]=${ALICE.toUpperCase().replace("0X", "0x")}`)).toHaveLength(13);
    expect(await by(`filter[creator]=${BOB}`)).toEqual([]);
    expect(await by(`filter[voter]=${BOB}`)).toEqual([8, 1]);
    const filtered = json(await get(`${BASE}/${POOL}/proposals?filter[status]=rejected&page[limit]=2`));
    expect(filtered.meta.total_count).toBe(3);
  });

  it("answers 400 on bad input and 404 for a pool the indexer does not know", async () => {
    for (const query of [
      "page[limit]=1001",
      "page[limit]=0",
      "page[number]=x",
      "page[order]=sideways",
      "filter[status]=everything",
      "filter[state]=11",
      "filter[creator]=0x1234",
      "sort=id",
      "filter[status]=active&filter[status]=rejected",
    ]) {
      const res = await get(`${BASE}/${POOL}/proposals?${query}`);
      expectJsonApiError(res, 400);
    }
    expectJsonApiError(await get(`${BASE}/not-an-address/proposals`), 400);
    const missing = expectJsonApiError(await get(`${BASE}/${UNKNOWN_POOL}/proposals`), 404);
    expect(missing.detail).toContain(UNKNOWN_POOL);
  });

  it("keeps pools apart", async () => {
    const body = json(await get(`${BASE}/${OTHER_POOL}/proposals`));
    expect(ids(body)).toEqual([4, 3, 2, 1]);
    expect(body.data[0].attributes.pool_address).toBe(OTHER_POOL);
  });

  it("computes Expired (10) once the pool's execution window has passed since the proposal could execute", async () => {
    const body = json(await get(`${BASE}/${OTHER_POOL}/proposals`));
    const states = Object.fromEntries(
      body.data.map((d: { attributes: { proposal_id: string; state: number } }) => [
        d.attributes.proposal_id,
        d.attributes.state,
      ]),
    );
    expect(states).toEqual({ "1": 0, "2": 10, "3": 4, "4": 10 });
    const by = async (query: string) => ids(json(await get(`${BASE}/${OTHER_POOL}/proposals?${query}`)));
    expect(await by("filter[status]=rejected")).toEqual([4, 2]);
    expect(await by("filter[status]=active")).toEqual([3, 1]);
    expect(await by("filter[state]=10")).toEqual([4, 2]);
  });
});

describe("GET /{chainId}/pools/gov/{pool}/proposals/{proposalId}", () => {
  it("answers one proposal with its actions, the times and accounts of each stage, and validator votes", async () => {
    const res = await get(`${BASE}/${POOL}/proposals/6`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = json(res);
    expect(data.type).toBe("gov-proposal");
    expect(data.attributes.state).toBe(6);
    expect(data.attributes.actions_on_for).toEqual([{ executor: POOL, value: "0", data: "0x" }]);
    expect(data.attributes).toMatchObject({
      created_at: NOW - 100 * HOUR + 6,
      created_block: "106",
      created_tx: tx(6),
      creator: ALICE,
      moved_to_validators_at: NOW - 30 * HOUR,
      moved_by: BOB,
    });
    expect(data.attributes.quorum_reached_at).not.toBeNull();
    expect(data.attributes.validators_stage.quorum_reached_at).not.toBeNull();
    expect(data.attributes.validator_votes).toEqual([
      { voter: V1, voted_for: (10n * E18).toString(), voted_against: "0", updated_at: NOW },
      { voter: V2, voted_for: (10n * E18).toString(), voted_against: "0", updated_at: NOW },
    ]);
    expect(meta.indexed_block).toBe(4242);

    expect(data.attributes.user_claims).toBeUndefined();
    const executed = json(await get(`${BASE}/${POOL}/proposals/10?user=${CAROL}`)).data.attributes;
    expect(executed).toMatchObject({
      user_has_claimed: true,
      user_claims: [{ token: TOKEN, amount: (5n * E18).toString(), tx_hash: tx(1010) }],
    });
    const unpaid = json(await get(`${BASE}/${POOL}/proposals/10?user=${BOB}`)).data.attributes;
    expect(unpaid).toMatchObject({ user_has_claimed: false, user_claims: [] });
    expectJsonApiError(await get(`${BASE}/${POOL}/proposals/10?user=nobody`), 400);
    expect(executed).toMatchObject({
      executed_at: NOW - 2 * HOUR,
      executed_tx: tx(1010),
      executed_by: CAROL,
    });
  });

  it("answers 404 for a proposal not indexed (yet) and 400 for a malformed id", async () => {
    const missing = expectJsonApiError(await get(`${BASE}/${POOL}/proposals/99`), 404);
    expect(missing.meta).toMatchObject({ code: "errors.api.proposalNotIndexed", indexed_block: 4242 });
    expectJsonApiError(await get(`${BASE}/${UNKNOWN_POOL}/proposals/1`), 404);
    expectJsonApiError(await get(`${BASE}/${POOL}/proposals/0`), 400);
    expectJsonApiError(await get(`${BASE}/${POOL}/proposals/1.5`), 400);
  });
});

describe("GET .../proposals/{proposalId}/interactions", () => {
  it("pages the voting history newest first, in block then log order", async () => {
    const body = json(await get(`${BASE}/${POOL}/proposals/1/interactions`));
    expect(body.data.map((d: { attributes: { interaction: number } }) => d.attributes.interaction)).toEqual([
      2, 3, 2, 1,
    ]);
    expect(body.meta).toMatchObject({ total_count: 4, indexed_block: 4242 });
    expect(body.data[3]).toMatchObject({
      type: "gov-proposal-interactions",
      attributes: {
        voter: ALICE,
        interaction: 1,
        vote_type: 0,
        is_vote_for: true,
        amount: (3n * E18).toString(),
        nft_ids: ["7"],
        block_number: "200",
        log_index: 3,
        timestamp: NOW - 10 * HOUR + 200,
        tx_hash: tx(1),
      },
    });
    const page = json(await get(`${BASE}/${POOL}/proposals/1/interactions?page[limit]=3&page[number]=2`));
    expect(page.data).toHaveLength(1);
    expect(page.data[0].attributes.interaction).toBe(1);
    const asc = json(await get(`${BASE}/${POOL}/proposals/1/interactions?page[order]=asc`));
    expect(asc.data.map((d: { attributes: { block_number: string } }) => d.attributes.block_number)).toEqual([
      "200",
      "201",
      "202",
      "202",
    ]);
    const bobs = json(await get(`${BASE}/${POOL}/proposals/1/interactions?filter[voter]=${BOB}`));
    expect(bobs.meta.total_count).toBe(2);
    const none = json(await get(`${BASE}/${POOL}/proposals/2/interactions`));
    expect(none).toMatchObject({ data: [], meta: { total_count: 0 } });
    expectJsonApiError(await get(`${BASE}/${POOL}/proposals/1/interactions?page[limit]=5000`), 400);
    expectJsonApiError(await get(`${BASE}/${UNKNOWN_POOL}/proposals/1/interactions`), 404);
  });
});

describe("GET .../proposals/{proposalId}/validator-votes", () => {
  it("pages the validators' votes newest first", async () => {
    const body = json(await get(`${BASE}/${POOL}/proposals/6/validator-votes`));
    expect(body.data.map((d: { attributes: { voter: string } }) => d.attributes.voter)).toEqual([V2, V1]);
    expect(body.data[0].attributes).toMatchObject({
      interaction: 1,
      is_vote_for: true,
      amount: (10n * E18).toString(),
      timestamp: NOW - 2 * HOUR,
    });
    const asc = json(await get(`${BASE}/${POOL}/proposals/6/validator-votes?page[order]=asc&page[limit]=1`));
    expect(asc.data.map((d: { attributes: { voter: string } }) => d.attributes.voter)).toEqual([V1]);
    expect(asc.meta).toMatchObject({ total_count: 2, indexed_block: 4242 });
    expect(json(await get(`${BASE}/${POOL}/proposals/5/validator-votes`)).data).toEqual([]);
  });
});

describe("GET /{chainId}/pools/gov/{pool}/validators", () => {
  it("lists seated validators by balance with the total", async () => {
    const body = json(await get(`${BASE}/${POOL}/validators`));
    expect(body.data.map((d: { id: string }) => d.id)).toEqual([V2, V1]);
    expect(body.data[0].attributes).toEqual({
      address: V2,
      balance: (30n * E18).toString(),
      updated_at: NOW,
    });
    expect(body.meta).toMatchObject({ total_count: 2, total_balance: (40n * E18).toString() });
    const asc = json(await get(`${BASE}/${POOL}/validators?page[order]=asc&page[limit]=1`));
    expect(asc.data.map((d: { id: string }) => d.id)).toEqual([V1]);
    expect(asc.meta).toMatchObject({ total_count: 2, total_balance: (40n * E18).toString() });
    const other = json(await get(`${BASE}/${OTHER_POOL}/validators`));
    expect(other).toMatchObject({ data: [], meta: { total_count: 0, total_balance: "0" } });
    expectJsonApiError(await get(`${BASE}/${UNKNOWN_POOL}/validators`), 404);
  });
});

describe("GET /{chainId}/pools/gov/{pool}/contracts", () => {
  it("answers the pool's indexed contracts and metadata document, cacheable, and 404 for an unknown pool", async () => {
    const pool = "0x4444444444444444444444444444444444444444";
    const at = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
    // The pool row's contract columns, answered under the same names.
    const contracts = {
      settings: at(1),
      user_keeper: at(2),
      validators: at(3),
      vote_power: at(4),
      gov_token: TOKEN,
      nft: at(0),
      validator_token: at(5),
      expert_nft: at(6),
      nft_multiplier: null,
    };
    await fixture.insert("pool", {
      chain_id: CHAIN,
      address: pool,
      name: "Contracts DAO",
      description_url: "ipfs://dao-metadata",
      ...contracts,
    });
    const answer = await get(`${BASE}/${pool.toUpperCase().replace("0X", "0x")}/contracts`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    expect(json(answer)).toEqual({
      data: {
        type: "gov-pool-contracts",
        id: pool,
        attributes: { pool_address: pool, ...contracts, description_url: "ipfs://dao-metadata" },
      },
    });
    const unknown = await get(`${BASE}/${UNKNOWN_POOL}/contracts`);
    expectJsonApiError(unknown, 404);
    expect(unknown.headers["cache-control"]).toBeUndefined();
    expectJsonApiError(await get(`${BASE}/0x12/contracts`), 400);
  });
});

describe("GET /{chainId}/pools/gov/{pool}/user-proposals/{user}", () => {
  it("lists what a member created, voted on, moved, executed or was paid for, with the payments", async () => {
    const carol = json(await get(`${BASE}/${POOL}/user-proposals/${CAROL}`));
    expect(ids(carol)).toEqual([10]);
    expect(carol.data[0].attributes).toMatchObject({
      user_address: CAROL,
      user_is_creator: false,
      user_is_executor: true,
      user_has_voted: false,
      user_has_claimed: true,
      user_claims: [
        { token: TOKEN, amount: (5n * E18).toString(), timestamp: NOW - 2 * HOUR, tx_hash: tx(1010) },
      ],
    });
    const bob = json(await get(`${BASE}/${POOL}/user-proposals/${BOB}?page[limit]=100`));
    // moved #5, #6, #12, #13; executed #11; voted #1 and #8
    expect(ids(bob)).toEqual([13, 12, 11, 8, 6, 5, 1]);
    const eight = bob.data.find(
      (d: { attributes: { proposal_id: string } }) => d.attributes.proposal_id === "8",
    );
    expect(eight.attributes).toMatchObject({
      user_has_voted: true,
      user_is_executor: false,
      user_has_claimed: false,
    });
    const executed = json(await get(`${BASE}/${POOL}/user-proposals/${BOB}?filter[status]=executed`));
    expect(ids(executed)).toEqual([11]);
    const nobody = json(await get(`${BASE}/${POOL}/user-proposals/${V3}`));
    expect(nobody).toMatchObject({ data: [], meta: { total_count: 0 } });
    expectJsonApiError(await get(`${BASE}/${POOL}/user-proposals/0x12`), 400);
    expectJsonApiError(await get(`${BASE}/${UNKNOWN_POOL}/user-proposals/${BOB}`), 404);
  });
});

describe("before the indexer has created its tables", () => {
  it("answers 503 with a retryable code instead of a 500", async () => {
    const bare = await startApp();
    try {
      for (const path of [
        `${BASE}/${POOL}/proposals`,
        `${BASE}/${POOL}/proposals/1`,
        `${BASE}/${POOL}/proposals/1/interactions`,
        `${BASE}/${POOL}/validators`,
        `${BASE}/${POOL}/contracts`,
        `${BASE}/${POOL}/user-proposals/${BOB}`,
      ]) {
        const err = expectJsonApiError(await bare.app.inject({ method: "GET", url: path }), 503);
        expect(err.meta).toMatchObject({ code: "errors.api.indexerNotReady" });
      }
    } finally {
      await bare.app.close();
    }
  });
});

describe("documentation", () => {
  it("lists every governance route in the OpenAPI description", async () => {
    const spec = json(await get("/integrations/openapi.json"));
    for (const path of [
      "/integrations/tracker/{chainId}/pools/gov/{pool}/proposals",
      "/integrations/tracker/{chainId}/pools/gov/{pool}/proposals/{proposalId}",
      "/integrations/tracker/{chainId}/pools/gov/{pool}/proposals/{proposalId}/interactions",
      "/integrations/tracker/{chainId}/pools/gov/{pool}/proposals/{proposalId}/validator-votes",
      "/integrations/tracker/{chainId}/pools/gov/{pool}/validators",
      "/integrations/tracker/{chainId}/pools/gov/{pool}/contracts",
      "/integrations/tracker/{chainId}/pools/gov/{pool}/user-proposals/{user}",
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
  });
});
