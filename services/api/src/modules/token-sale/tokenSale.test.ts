import type { FastifyInstance } from "fastify";
import { encodeAbiParameters, keccak256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, bearer, doc, expectJsonApiError, json, login, startApp } from "../../../test/helpers.ts";
import { IndexerFixture, type Row } from "../../../test/indexerFixture.ts";
import { ALICE, BOB, CAROL, CHAIN, DAY, E18, POOL, TOKEN, tx } from "../../../test/seedValues.ts";

const BASE = `/integrations/tracker/${CHAIN}/pools/gov`;
const SALE = "0x5555555555555555555555555555555555555555";
const USDC = "0x00000000000000000000000000000000000000c6";
const DIST = "0x6666666666666666666666666666666666666666";
const NOW = Math.floor(Date.now() / 1000);
const PERCENT = 10n ** 25n;

let app: FastifyInstance;
let fixture: IndexerFixture;
let session: string;

function tier(id: number, over: Row = {}): Row {
  return {
    chain_id: CHAIN,
    token_sale: SALE,
    tier_id: id,
    pool: POOL,
    name: `Tier ${id}`,
    description: "ipfs://tier",
    sale_token: TOKEN,
    total_token_provided: 1000n * E18,
    total_sold: 0n,
    sale_start_time: NOW - DAY,
    sale_end_time: NOW + DAY,
    claim_lock_duration: 0,
    receiver: POOL,
    min_allocation_per_user: E18,
    max_allocation_per_user: 500n * E18,
    vesting_percentage: 0,
    vesting_duration: 0,
    cliff_period: 0,
    unlock_step: 0,
    purchase_tokens: [{ token: USDC, exchangeRate: (2n * PERCENT).toString() }],
    participation: [],
    is_off: false,
    buyers_count: 0,
    created_at: NOW - 2 * DAY,
    created_tx: tx(id),
    updated_at: NOW - DAY,
    ...over,
  };
}

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  fixture = await IndexerFixture.create(started.databaseUrl);
  await fixture.indexedUpTo(CHAIN, 4242, NOW - 5);
  await fixture.insert("pool", {
    chain_id: CHAIN,
    address: POOL,
    name: "Sale DAO",
    token_sale_proposal: SALE,
    distribution_proposal: DIST,
  });
  // proposal 7 executed for with 300 raw votes for: alice 200 and bob 100 for, carol against; it funded 90
  // tokens and bob claimed his 30.
  await fixture.insert("proposal", {
    chain_id: CHAIN,
    pool: POOL,
    proposal_id: 7,
    raw_votes_for: 300n * E18,
    executed_for: true,
  });
  for (const [voter, amount, isFor] of [
    [ALICE, 200n * E18, true],
    [BOB, 100n * E18, true],
    [CAROL, 50n * E18, false],
  ] as const) {
    await fixture.insert("vote", {
      chain_id: CHAIN,
      pool: POOL,
      proposal_id: 7,
      voter,
      vote_type: 0,
      is_vote_for: isFor,
      amount,
      voted: amount,
    });
  }
  await fixture.insert("distribution", {
    chain_id: CHAIN,
    pool: POOL,
    proposal_id: 7,
    token: TOKEN,
    amount: 90n * E18,
    claimed_total: 30n * E18,
    claims_count: 1,
  });
  await fixture.insert("distribution_claim", {
    chain_id: CHAIN,
    pool: POOL,
    proposal_id: 7,
    voter: BOB,
    amount: 30n * E18,
    tx_hash: tx(7),
  });
  await fixture.insert(
    "token_sale_tier",
    tier(1, { sale_start_time: NOW + DAY, sale_end_time: NOW + 2 * DAY }),
  );
  await fixture.insert(
    "token_sale_tier",
    tier(2, {
      total_sold: 250n * E18,
      buyers_count: 1,
      participation: [{ participationType: 5, merkleRoot: tx(9), merkleUri: "ipfs://list" }],
      merkle_root: tx(9),
      merkle_uri: "ipfs://list",
    }),
  );
  // ended 5 days ago: 40% vests over 10 days from its end, 1-day steps, 2-day cliff
  await fixture.insert(
    "token_sale_tier",
    tier(3, {
      sale_start_time: NOW - 10 * DAY,
      sale_end_time: NOW - 5 * DAY,
      claim_lock_duration: DAY,
      vesting_percentage: 40n * PERCENT,
      vesting_duration: 10 * DAY,
      cliff_period: 2 * DAY,
      unlock_step: DAY,
      total_sold: 100n * E18,
    }),
  );
  await fixture.insert("token_sale_tier", tier(4, { is_off: true }));
  await fixture.insert("token_sale_participant", {
    chain_id: CHAIN,
    token_sale: SALE,
    tier_id: 3,
    user: ALICE,
    pool: POOL,
    bought: 100n * E18,
    vesting_total: 40n * E18,
    claimed: 0,
    vesting_withdrawn: 4n * E18,
    purchases_count: 1,
    locked_tokens: 0,
    locked_nfts: [],
    whitelisted: false,
    updated_at: NOW - 6 * DAY,
  });
  await fixture.insert("token_sale_purchase", {
    id: "31337-1",
    chain_id: CHAIN,
    token_sale: SALE,
    tier_id: 3,
    pool: POOL,
    buyer: ALICE,
    payment_token: USDC,
    paid: 50_000_000n,
    commission: 500_000n,
    bought: 100n * E18,
    vesting_amount: 40n * E18,
    block_number: 100,
    log_index: 0,
    timestamp: NOW - 6 * DAY,
    tx_hash: tx(100),
  });
  session = (await login(app, accounts[0]!)).access;
});

afterAll(async () => {
  await fixture?.close();
  await app?.close();
});

describe("token sale tracker", () => {
  it("lists a DAO's tiers with status and progress", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/token-sale/tiers` });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.meta.total_count).toBe(4);
    expect(body.meta.indexed_block).toBe(4242);
    const tiers = body.data.map((d: { attributes: Record<string, unknown> }) => d.attributes);
    expect(tiers.map((t: { status: string }) => t.status)).toEqual([
      "pending",
      "active",
      "completed",
      "not-actual",
    ]);
    expect(tiers[1]).toMatchObject({
      tier_id: "2",
      total_sold: (250n * E18).toString(),
      progress_bps: 2500,
      buyers_count: 1,
      merkle_root: tx(9),
      purchase_tokens: [{ token: USDC, exchange_rate: (2n * PERCENT).toString() }],
      participation: [{ participation_type: 5, merkle_root: tx(9), merkle_uri: "ipfs://list" }],
    });
  });

  it("answers one tier, 404 for an unknown tier or DAO", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/token-sale/tiers/3` });
    expect(json(res).data.attributes).toMatchObject({
      tier_id: "3",
      status: "completed",
      progress_bps: 1000,
    });
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/${POOL}/token-sale/tiers/9` }), 404);
    expectJsonApiError(
      await app.inject({
        method: "GET",
        url: `${BASE}/0x3333333333333333333333333333333333333333/token-sale/tiers`,
      }),
      404,
    );
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/${POOL}/token-sale/tiers/0` }), 400);
  });

  it("answers a buyer's positions: claimable, vesting withdrawable now and the schedule, purchases", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/token-sale/participants/${ALICE}` });
    expect(res.statusCode).toBe(200);
    const [p] = json(res).data.map((d: { attributes: Record<string, unknown> }) => d.attributes);
    // 5 days after the end: 5 of 10 daily steps of 40 vested, 4 withdrawn; 60 claimable (the lock passed)
    expect(p).toMatchObject({
      tier_id: "3",
      tier_status: "completed",
      bought: (100n * E18).toString(),
      claim_total: (60n * E18).toString(),
      claimable: (60n * E18).toString(),
      vesting_total: (40n * E18).toString(),
      vesting_withdrawable: (16n * E18).toString(),
    });
    expect(p.vesting_schedule[0]).toEqual({ timestamp: NOW - 3 * DAY, vested: (8n * E18).toString() });
    expect(p.vesting_schedule.at(-1)).toEqual({ timestamp: NOW + 5 * DAY, vested: (40n * E18).toString() });
    expect(p.purchases).toEqual([
      {
        tier_id: "3",
        payment_token: USDC,
        paid: "50000000",
        commission: "500000",
        bought: (100n * E18).toString(),
        vesting_amount: (40n * E18).toString(),
        timestamp: NOW - 6 * DAY,
        tx_hash: tx(100),
      },
    ]);
    const nobody = await app.inject({
      method: "GET",
      url: `${BASE}/${POOL}/token-sale/participants/${TOKEN}`,
    });
    expect(json(nobody).data).toEqual([]);
  });
});

describe("distributions", () => {
  const get = async (url: string) => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/${url}` });
    expect(res.statusCode).toBe(200);
    return json(res).data.attributes;
  };

  it("names the DAO's token sale and distribution executors", async () => {
    expect(await get("sale-executors")).toEqual({
      chain_id: CHAIN,
      pool_address: POOL,
      token_sale: SALE,
      distribution: DIST,
    });
  });

  it("answers a distribution and each voter's share: pro rata to personal raw votes for, once", async () => {
    expect(await get("distributions/7")).toMatchObject({
      distribution_proposal: DIST,
      proposal_id: "7",
      is_funded: true,
      token: TOKEN,
      amount: (90n * E18).toString(),
      claimed_total: (30n * E18).toString(),
      claims_count: 1,
      voter: null,
    });
    expect((await get(`distributions/7?voter=${ALICE}`)).voter).toEqual({
      address: ALICE,
      raw_votes_for: (200n * E18).toString(),
      claimable: (60n * E18).toString(),
      claimed: null,
    });
    expect((await get(`distributions/7?voter=${BOB}`)).voter).toMatchObject({
      claimable: "0",
      claimed: (30n * E18).toString(),
    });
    expect((await get(`distributions/7?voter=${CAROL}`)).voter).toMatchObject({
      raw_votes_for: "0",
      claimable: "0",
    });
    // a proposal that funded nothing
    expect(await get(`distributions/8?voter=${ALICE}`)).toMatchObject({
      is_funded: false,
      token: null,
      amount: "0",
      voter: { claimable: "0" },
    });
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/${POOL}/distributions/0` }), 400);
  });
});

/** Hashes a StandardMerkleTree leaf of `[address]` up `proof` (sorted pairs), as OpenZeppelin's MerkleProof. */
function rootOf(address: `0x${string}`, proof: `0x${string}`[]) {
  let node = keccak256(keccak256(encodeAbiParameters([{ type: "address" }], [address])));
  for (const sibling of proof) {
    const [a, b] = [node, sibling].sort();
    node = keccak256(`0x${a!.slice(2)}${b!.slice(2)}`);
  }
  return node;
}

describe("Merkle whitelists", () => {
  const list = accounts.slice(0, 5).map((a) => a.address);

  it("stores a list for a signed-in account and serves proofs the contract accepts", async () => {
    const body = doc("merkle-whitelists", {
      chain_id: CHAIN,
      pool_address: POOL,
      addresses: [...list, list[0]],
    });
    expectJsonApiError(
      await app.inject({
        method: "POST",
        url: "/integrations/token-sale-svc/merkle-whitelists",
        payload: body,
      }),
      401,
    );
    const res = await app.inject({
      method: "POST",
      url: "/integrations/token-sale-svc/merkle-whitelists",
      headers: bearer(session),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const stored = json(res).data.attributes;
    expect(stored.addresses).toHaveLength(5);
    const root = stored.root as `0x${string}`;

    const again = await app.inject({
      method: "GET",
      url: `/integrations/token-sale-svc/merkle-whitelists/${root}`,
    });
    expect(json(again).data.attributes.addresses).toEqual(stored.addresses);

    for (const a of list) {
      const proof = await app.inject({
        method: "GET",
        url: `/integrations/token-sale-svc/merkle-whitelists/${root}/proofs/${a}`,
      });
      expect(proof.statusCode).toBe(200);
      const p = json(proof).data.attributes;
      expect(rootOf(p.address, p.proof)).toBe(root);
    }
    expectJsonApiError(
      await app.inject({
        method: "GET",
        url: `/integrations/token-sale-svc/merkle-whitelists/${root}/proofs/${TOKEN}`,
      }),
      404,
    );
    expectJsonApiError(
      await app.inject({ method: "GET", url: `/integrations/token-sale-svc/merkle-whitelists/${tx(1)}` }),
      404,
    );
  });

  it("refuses an empty list or a malformed address", async () => {
    for (const addresses of [[], ["0x123"]]) {
      expectJsonApiError(
        await app.inject({
          method: "POST",
          url: "/integrations/token-sale-svc/merkle-whitelists",
          headers: bearer(session),
          payload: doc("merkle-whitelists", { chain_id: CHAIN, pool_address: POOL, addresses }),
        }),
        400,
      );
    }
  });
});
