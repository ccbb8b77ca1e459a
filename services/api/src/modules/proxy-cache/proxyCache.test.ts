import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startApp } from "../../../test/helpers.ts";
import { IndexerFixture } from "../../../test/indexerFixture.ts";

const BASE = "/integrations/api-proxy-cache/31337";
const TOKEN = "0x00000000000000000000000000000000000000a1";
const NFT = "0x00000000000000000000000000000000000000b2";
const holder = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const OWNER = holder(7);

let app: FastifyInstance;
let fixture: IndexerFixture;

beforeAll(async () => {
  const started = await startApp();
  app = started.app;
  fixture = await IndexerFixture.create(started.databaseUrl);
  // Balances tie on purpose: ties are ordered by address; an emptied holder is left out.
  const balances = [5n, 10n ** 30n, 5n, 0n, 7n];
  for (const [i, balance] of balances.entries()) {
    await fixture.insert("token_holder", { chain_id: 31337, token: TOKEN, address: holder(i + 1), balance });
  }
  await fixture.insert("token", {
    chain_id: 31337,
    address: NFT,
    name: "Badges",
    symbol: "BDG",
    is_nft: true,
  });
  for (const id of [2n ** 200n, 3n]) {
    await fixture.insert("nft_owner", { chain_id: 31337, token: NFT, token_id: id, owner: OWNER });
  }
  await fixture.insert("nft_owner", { chain_id: 31337, token: holder(99), token_id: 1n, owner: OWNER });
});
afterAll(async () => {
  await fixture?.close();
  await app?.close();
});

describe("proxy cache reads of the indexer's tables", () => {
  it("lists a token's holders, largest balance first, in pages, with balances in full", async () => {
    const first = json(await app.inject({ url: `${BASE}/token-holders-balances/${TOKEN}?page[limit]=2` }));
    expect(first.data.attributes).toEqual({
      holders_balances: { [holder(2)]: (10n ** 30n).toString(), [holder(5)]: "7" },
      total_holders: 4,
    });
    expect(first.meta).toMatchObject({ total_count: 4, page_number: 1, page_limit: 2 });
    const second = json(
      await app.inject({ url: `${BASE}/token-holders-balances/${TOKEN}?page[limit]=2&page[number]=2` }),
    );
    expect(Object.keys(second.data.attributes.holders_balances)).toEqual([holder(1), holder(3)]);
  });

  it("lists a wallet's NFTs with their collection's name, ids in decimal", async () => {
    const res = await app.inject({ url: `${BASE}/nfts-by-wallet/${OWNER}` });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.meta.total_count).toBe(3);
    // By collection address, then by id as a number (3 before 2^200).
    expect(body.data.map((r: { attributes: unknown }) => r.attributes)).toEqual([
      { token_address: holder(99), token_id: "1", name: null, symbol: null, owner: OWNER },
      { token_address: NFT, token_id: "3", name: "Badges", symbol: "BDG", owner: OWNER },
      { token_address: NFT, token_id: (2n ** 200n).toString(), name: "Badges", symbol: "BDG", owner: OWNER },
    ]);
  });
});
