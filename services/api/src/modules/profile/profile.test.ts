import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, bob, doc, expectJsonApiError, json, signInMembers, startApp } from "../../../test/helpers.ts";

const BASE = "/integrations/profile";
const ALICE = alice.address.toLowerCase();
const POOL = "0x00000000000000000000000000000000000000a1";

let app: FastifyInstance;
let as: Awaited<ReturnType<typeof signInMembers>>;

beforeAll(async () => {
  ({ app } = await startApp());
  as = await signInMembers(app);
});
afterAll(async () => {
  await app?.close();
});

const profile = {
  name: "  Alice  ",
  avatar_url: "https://ipfs.example.org/ipfs/bafyavatar",
  bio: "Governs things.",
  social_links: [{ kind: "github", url: "https://github.com/alice" }],
};
const save = (who: string, address: string, attributes: Record<string, unknown> = profile) =>
  app.inject({
    method: "PUT",
    url: `${BASE}/${address}`,
    headers: as(who),
    payload: doc("profiles", attributes),
  });

describe("profiles", () => {
  it("answers empty fields for an address that never saved one", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${bob.address}` });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes).toEqual({
      address: bob.address.toLowerCase(),
      name: "",
      avatar_url: "",
      bio: "",
      social_links: [],
      updated_at: null,
    });
  });

  it("lets the owner save it, trimmed, and anyone read it", async () => {
    const res = await save("alice", alice.address);
    expect(res.statusCode).toBe(200);
    const read = json(await app.inject({ method: "GET", url: `${BASE}/${ALICE}` })).data.attributes;
    expect(read).toMatchObject({ address: ALICE, name: "Alice", bio: "Governs things." });
    expect(read.social_links).toEqual(profile.social_links);
    expect(read.updated_at).toEqual(expect.any(String));
  });

  it("refuses another account (403) and an anonymous one (401)", async () => {
    const other = expectJsonApiError(await save("bob", alice.address, { ...profile, name: "Mallory" }), 403);
    expect(other.meta).toMatchObject({ code: "errors.api.profileNotOwner" });
    const anon = await app.inject({
      method: "PUT",
      url: `${BASE}/${ALICE}`,
      payload: doc("profiles", profile),
    });
    expect(anon.statusCode).toBe(401);
    const read = json(await app.inject({ method: "GET", url: `${BASE}/${ALICE}` })).data.attributes;
    expect(read.name).toBe("Alice");
  });

  it("checks the fields with core's rules", async () => {
    const res = await save("alice", alice.address, { ...profile, avatar_url: "not a url" });
    expectJsonApiError(res, 400);
    const tooLong = await save("alice", alice.address, { ...profile, name: "x".repeat(51) });
    expectJsonApiError(tooLong, 400);
  });
});

describe("followed DAOs", () => {
  const follow = (who: string, method: "PUT" | "DELETE", address = ALICE) =>
    app.inject({ method, url: `${BASE}/${address}/following/31337/${POOL}`, headers: as(who) });

  it("are added and removed by the owner only", async () => {
    expect((await follow("alice", "PUT")).statusCode).toBe(204);
    expect((await follow("alice", "PUT")).statusCode).toBe(204); // idempotent
    expectJsonApiError(await follow("bob", "DELETE"), 403);
    const list = json(await app.inject({ method: "GET", url: `${BASE}/${ALICE}/following?chain_id=31337` }));
    expect(list.data.map((d: { attributes: { pool_address: string } }) => d.attributes.pool_address)).toEqual(
      [POOL],
    );
    const otherChain = json(
      await app.inject({ method: "GET", url: `${BASE}/${ALICE}/following?chain_id=97` }),
    );
    expect(otherChain.data).toEqual([]);
    expect((await follow("alice", "DELETE")).statusCode).toBe(204);
    const after = json(await app.inject({ method: "GET", url: `${BASE}/${ALICE}/following` }));
    expect(after.data).toEqual([]);
  });
});

describe("comment activity", () => {
  it("is empty for an address that never commented", async () => {
    const res = await app.inject({ method: "GET", url: `${BASE}/${ALICE}/comments` });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([]);
  });
});
