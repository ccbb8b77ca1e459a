import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJsonApiError, json, startApp } from "../../../test/helpers.ts";
import { IndexerFixture, type Row } from "../../../test/indexerFixture.ts";
import { ALICE, CHAIN, DAY, E18, POOL, TOKEN, tx } from "../../../test/seedValues.ts";

const BASE = `/integrations/tracker/${CHAIN}/pools/gov`;
const OLD_POOL = "0x2222222222222222222222222222222222222222";
const STAKING = "0x5555555555555555555555555555555555555555";
const NOW = Math.floor(Date.now() / 1000);

let app: FastifyInstance;
let fixture: IndexerFixture;

const tier = (id: number, over: Row = {}): Row => ({
  chain_id: CHAIN,
  staking: STAKING,
  tier_id: id,
  pool: POOL,
  metadata_url: "ipfs://tier",
  stake_token: TOKEN,
  reward_token: TOKEN,
  reward_amount: 1000n * E18,
  start_time: NOW - DAY,
  end_time: NOW + DAY,
  total_staked: 0n,
  total_claimed: 0n,
  stakers_count: 0,
  created_at: NOW - DAY,
  created_tx: tx(id),
  updated_at: NOW - DAY,
  ...over,
});

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  fixture = await IndexerFixture.create(started.databaseUrl);
  await fixture.indexedUpTo(CHAIN, 77, NOW - 5);
  await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Staking DAO" });
  await fixture.insert("pool", { chain_id: CHAIN, address: OLD_POOL, name: "Older DAO" });
  await fixture.insert("staking", {
    chain_id: CHAIN,
    pool: POOL,
    address: STAKING,
    is_enabled: true,
    tiers_count: 3,
  });
  await fixture.insert("staking_tier", tier(1, { start_time: NOW - 3 * DAY, end_time: NOW - DAY }));
  await fixture.insert("staking_tier", tier(2, { total_staked: 300n * E18, stakers_count: 1 }));
  await fixture.insert("staking_tier", tier(3, { start_time: NOW + DAY, end_time: NOW + 2 * DAY }));
  await fixture.insert("staking_position", {
    chain_id: CHAIN,
    staking: STAKING,
    tier_id: 2,
    user: ALICE,
    pool: POOL,
    staked: 300n * E18,
    claimed: 5n * E18,
    updated_at: NOW - 10,
  });
});

afterAll(async () => {
  await fixture?.close();
  await app?.close();
});

describe("staking tracker", () => {
  it("answers the DAO's staking executor, enabled, with its tiers counted (active: not ended)", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/staking` });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes).toEqual({
      chain_id: CHAIN,
      pool_address: POOL,
      staking_address: STAKING,
      is_enabled: true,
      tiers_count: 3,
      active_tiers_count: 2,
    });
    expect(json(res).meta.indexed_block).toBe(77);
  });

  it("lists the tiers with their status and totals", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/staking/tiers` });
    expect(res.statusCode).toBe(200);
    const tiers = json(res).data.map((d: { attributes: Record<string, unknown> }) => d.attributes);
    expect(tiers.map((t: { status: string }) => t.status)).toEqual(["ended", "active", "pending"]);
    expect(tiers[1]).toMatchObject({
      tier_id: "2",
      total_staked: (300n * E18).toString(),
      stakers_count: 1,
      reward_amount: (1000n * E18).toString(),
    });
  });

  it("lists a member's positions", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${POOL}/staking/stakers/${ALICE}` });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.map((d: { attributes: unknown }) => d.attributes)).toEqual([
      { tier_id: "2", user: ALICE, staked: (300n * E18).toString(), claimed: (5n * E18).toString() },
    ]);
  });

  it("answers 404 for a DAO without a staking executor and for an unknown DAO", async () => {
    await expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/${OLD_POOL}/staking` }), 404);
    await expectJsonApiError(
      await app.inject({
        method: "GET",
        url: `${BASE}/0x3333333333333333333333333333333333333333/staking/tiers`,
      }),
      404,
    );
  });
});
