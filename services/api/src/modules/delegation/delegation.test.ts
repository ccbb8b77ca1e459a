import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJsonApiError, json, startApp } from "../../../test/helpers.ts";
import { IndexerFixture } from "../../../test/indexerFixture.ts";
import { ALICE, BOB, CAROL, CHAIN, E18, OTHER_POOL, POOL, tx } from "../../../test/seedValues.ts";

const BASE = `/integrations/tracker/${CHAIN}`;
const EXPERT_NFT = "0x4444444444444444444444444444444444444444";
const GLOBAL_NFT = "0x5555555555555555555555555555555555555555";
const EVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee01";
const NOW = Math.floor(Date.now() / 1000);

let app: FastifyInstance;
let fixture: IndexerFixture;

type Attributes = Record<string, unknown>;
const attributesOf = (body: { data: { attributes: Attributes }[] }) => body.data.map((d) => d.attributes);

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  fixture = await IndexerFixture.create(started.databaseUrl);
  await fixture.indexedUpTo(CHAIN, 4242, NOW - 5);
  await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Delegating DAO" });
  await fixture.insert("pool", { chain_id: CHAIN, address: OTHER_POOL, name: "Other DAO" });
  // bob delegates 15 to eve and 1 to alice, carol 5 to eve, alice 2 to eve in the other DAO; carol took 5 back
  const pairs = [
    [POOL, BOB, EVE, 15n],
    [POOL, BOB, ALICE, 1n],
    [POOL, CAROL, EVE, 5n],
    [OTHER_POOL, BOB, EVE, 2n],
    [POOL, ALICE, EVE, 0n],
  ] as const;
  for (const [pool, delegator, delegatee, amount] of pairs) {
    await fixture.insert("delegation", {
      chain_id: CHAIN,
      pool,
      delegator,
      delegatee,
      amount: amount * E18,
      nft_ids: [],
      power: amount * E18,
      created_at: NOW - 100,
      updated_at: NOW - 50,
    });
  }
  const events = [
    [BOB, EVE, "delegate", 1, 15n, 15n],
    [CAROL, EVE, "delegate", 1, 10n, 25n],
    [CAROL, EVE, "undelegate", 2, 5n, 20n],
    [BOB, ALICE, "delegate", 1, 1n, 1n],
    [POOL, EVE, "treasury-delegate", 1, 40n, 40n],
  ] as const;
  for (const [i, [delegator, delegatee, kind, type, amount, after]] of events.entries()) {
    await fixture.insert("delegation_event", {
      id: `${CHAIN}-${i}`,
      chain_id: CHAIN,
      pool: POOL,
      delegator,
      delegatee,
      kind,
      delegation_type: type,
      amount: amount * E18,
      nft_ids: [],
      power: amount * E18,
      delegatee_power: after * E18,
      block_number: 100 + i,
      log_index: 0,
      timestamp: NOW - 1000 + i,
      tx_hash: tx(i + 1),
    });
  }
  const balances = [
    [EVE, 20n, 2, 40n],
    [ALICE, 1n, 1, 0n],
    [CAROL, 0n, 0, 0n],
  ] as const;
  for (const [account, micropool, count, treasury] of balances) {
    await fixture.insert("delegatee", {
      chain_id: CHAIN,
      pool: POOL,
      account,
      micropool_power: micropool * E18,
      delegators_count: count,
      treasury_amount: treasury * E18,
      treasury_nft_ids: [],
      treasury_power: treasury * E18,
      updated_at: NOW - 50,
    });
  }
  // eve holds the DAO's local badge, alice the global one, carol a badge of another DAO
  const experts = [
    [EXPERT_NFT, EVE, POOL, false],
    [GLOBAL_NFT, ALICE, null, true],
    ["0x6666666666666666666666666666666666666666", CAROL, OTHER_POOL, false],
  ] as const;
  for (const [nft, address, pool, isGlobal] of experts) {
    await fixture.insert("expert", {
      chain_id: CHAIN,
      nft,
      address,
      pool,
      is_global: isGlobal,
      token_id: 1,
      is_active: true,
      updated_at: NOW - 10,
    });
  }
});

afterAll(async () => {
  await fixture?.close();
  await app?.close();
});

describe("delegation tracker", () => {
  it("lists a delegatee's incoming delegations, largest first, paged, without emptied pairs", async () => {
    const res = await app.inject({
      method: "GET",
      url: `${BASE}/pools/gov/${POOL}/delegations/incoming/${EVE}`,
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.meta).toMatchObject({ total_count: 2, indexed_block: 4242 });
    expect(attributesOf(body)).toEqual([
      expect.objectContaining({ delegator: BOB, delegatee: EVE, amount: (15n * E18).toString() }),
      expect.objectContaining({ delegator: CAROL, power: (5n * E18).toString() }),
    ]);
    const second = json(
      await app.inject({
        method: "GET",
        url: `${BASE}/pools/gov/${POOL}/delegations/incoming/${EVE}?page[limit]=1&page[number]=2`,
      }),
    );
    expect(attributesOf(second).map((d) => d.delegator)).toEqual([CAROL]);
    expect(second.meta.total_count).toBe(2);
  });

  it("lists a delegator's outgoing delegations in one DAO or every DAO of the chain", async () => {
    const inPool = json(
      await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/delegations/outgoing/${BOB}` }),
    );
    expect(attributesOf(inPool).map((d) => d.delegatee)).toEqual([EVE, ALICE]);
    const everywhere = json(await app.inject({ method: "GET", url: `${BASE}/delegations/outgoing/${BOB}` }));
    expect(attributesOf(everywhere).map((d) => [d.pool_address, d.delegatee])).toEqual([
      [POOL, EVE],
      [OTHER_POOL, EVE],
      [POOL, ALICE],
    ]);
  });

  it("pages a DAO's delegation history (time, amount, power), filtered by either side", async () => {
    const all = json(
      await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/delegations/history` }),
    );
    expect(all.meta.total_count).toBe(5);
    expect(attributesOf(all)[0]).toMatchObject({ kind: "treasury-delegate", delegator: POOL });
    const carols = json(
      await app.inject({
        method: "GET",
        url: `${BASE}/pools/gov/${POOL}/delegations/history?delegator=${CAROL}&page[order]=asc`,
      }),
    );
    expect(attributesOf(carols)).toEqual([
      expect.objectContaining({
        kind: "delegate",
        delegation_type: 1,
        amount: (10n * E18).toString(),
        delegatee_power: (25n * E18).toString(),
        timestamp: NOW - 999,
        tx_hash: tx(2),
      }),
      expect.objectContaining({ kind: "undelegate", delegation_type: 2, power: (5n * E18).toString() }),
    ]);
    const toAlice = json(
      await app.inject({
        method: "GET",
        url: `${BASE}/pools/gov/${POOL}/delegations/history?delegatee=${ALICE}`,
      }),
    );
    expect(toAlice.meta.total_count).toBe(1);
  });

  it("lists delegatees with micropool and treasury balances and their user type; one account's balances", async () => {
    const list = json(await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/delegatees` }));
    expect(attributesOf(list)).toEqual([
      expect.objectContaining({
        account: EVE,
        micropool_power: (20n * E18).toString(),
        delegators_count: 2,
        treasury_power: (40n * E18).toString(),
        user_type: "expert",
      }),
      expect.objectContaining({ account: ALICE, user_type: "global expert" }),
    ]);
    const carol = json(
      await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/delegatees/${CAROL}` }),
    );
    // carol's badge is another DAO's: a holder here
    expect(carol.data.attributes).toMatchObject({ micropool_power: "0", user_type: "holder" });
    const nobody = json(
      await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/delegatees/${BOB}` }),
    );
    expect(nobody.data.attributes).toMatchObject({
      micropool_power: "0",
      treasury_power: "0",
      updated_at: null,
    });
  });

  it("lists a DAO's experts: its local badges, then global ones, with their balances there", async () => {
    const res = json(await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/experts` }));
    expect(attributesOf(res).map((e) => [e.account, e.user_type, e.treasury_power])).toEqual([
      [EVE, "expert", (40n * E18).toString()],
      [ALICE, "global expert", "0"],
    ]);
  });

  it("answers 404 for a DAO it does not index and 400 for a malformed address or page", async () => {
    expectJsonApiError(
      await app.inject({
        method: "GET",
        url: `${BASE}/pools/gov/0x3333333333333333333333333333333333333333/delegations/incoming/${EVE}`,
      }),
      404,
    );
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${BASE}/pools/gov/${POOL}/delegations/incoming/0x12` }),
      400,
    );
    expectJsonApiError(
      await app.inject({
        method: "GET",
        url: `${BASE}/pools/gov/${POOL}/delegations/history?page[limit]=5000`,
      }),
      400,
    );
  });
});
