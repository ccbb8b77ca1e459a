import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { CID } from "multiformats/cid";
import * as jsonCodec from "multiformats/codecs/json";
import * as raw from "multiformats/codecs/raw";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployTestDao } from "../../../test/chain/dao.ts";
import {
  accounts,
  bearer,
  DEPLOYER_KEYS,
  doc,
  expectJsonApiError,
  json,
  login,
  startApp,
} from "../../../test/helpers.ts";
import { IndexerFixture } from "../../../test/indexerFixture.ts";

const BASE = "/integrations/ipfs-cache-svc";
/** Small enough for the quota test to reach it. */
const QUOTA_BYTES = 20_000;
// A 1x1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082",
  "hex",
);

let app: FastifyInstance;
let databaseUrl: string;
let session: string;
let dao: Awaited<ReturnType<typeof deployTestDao>>;
let POOL: string;
// A Kubo-compatible node double that records what is pinned.
let ipfsNode: Server;
const pinned: string[] = [];

beforeAll(async () => {
  ipfsNode = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (url.pathname === "/api/v0/block/put") {
        pinned.push(`${url.searchParams.get("cid-codec")}:${url.searchParams.get("pin")}`);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ Key: "ignored-by-test", Size: Buffer.concat(chunks).length }));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((ok) => ipfsNode.listen(0, "127.0.0.1", ok));
  const port = (ipfsNode.address() as AddressInfo).port;
  ({ app, databaseUrl } = await startApp({
    IPFS_API_URL: `http://127.0.0.1:${port}`,
    IPFS_UPLOAD_QUOTA_BYTES: String(QUOTA_BYTES),
  }));
  session = (await login(app, accounts[0]!)).access;
  dao = await deployTestDao(DEPLOYER_KEYS.ipfs);
  POOL = dao.pool;
});
afterAll(async () => {
  await app?.close();
  await new Promise((ok) => ipfsNode?.close(ok));
});

const uploadJson = (document: unknown, token: string | null = session) =>
  app.inject({
    method: "POST",
    url: `${BASE}/upload/json`,
    headers: token ? bearer(token) : {},
    payload: doc("json-documents", { document }),
  });
const uploadImage = (body: Buffer, type = "image/png", token: string | null = session) =>
  app.inject({
    method: "POST",
    url: `${BASE}/upload/image`,
    headers: { "content-type": type, ...(token ? bearer(token) : {}) },
    payload: body,
  });

describe("upload limits", () => {
  it("M7 uploads need a session", async () => {
    expectJsonApiError(await uploadJson({ anonymous: true }, null), 401);
    expectJsonApiError(await uploadImage(PNG, "image/png", null), 401);
  });

  it("M7 uploads count against a per-account byte quota", async () => {
    const heavy = await login(app, accounts[5]!);
    const filler = (n: number) => ({ filler: "x".repeat(n) });
    expect((await uploadJson(filler(9_000), heavy.access)).statusCode).toBe(201);
    expect((await uploadJson(filler(9_001), heavy.access)).statusCode).toBe(201);
    const over = expectJsonApiError(await uploadJson(filler(9_002), heavy.access), 429);
    expect(over.detail).toMatch(/quota/i);
    // Another account has its own quota.
    const other = await login(app, accounts[4]!);
    expect((await uploadJson(filler(9_002), other.access)).statusCode).toBe(201);
  });
});

describe("uploads", () => {
  it("stores JSON under a CIDv1 with the json codec and serves it immutably", async () => {
    const res = await uploadJson({ daoName: "Polity", n: 1 });
    expect(res.statusCode).toBe(201);
    const { id, type, attributes } = json(res).data;
    expect(type).toBe("ipfs-documents");
    expect(attributes.url).toBe(`ipfs://${id}`);
    const cid = CID.parse(id);
    expect(cid.version).toBe(1);
    expect(cid.code).toBe(jsonCodec.code);
    expect(json(await uploadJson({ daoName: "Polity", n: 1 })).data.id).toBe(id);

    const served = await app.inject({ method: "GET", url: `${BASE}/ipfs/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toContain("application/json");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(JSON.parse(served.body)).toEqual({ daoName: "Polity", n: 1 });
    const revalidated = await app.inject({
      method: "GET",
      url: `${BASE}/ipfs/${id}`,
      headers: { "if-none-match": served.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("stores images under a raw CID and checks their bytes and size", async () => {
    const res = await uploadImage(PNG);
    expect(res.statusCode).toBe(201);
    const cid = CID.parse(json(res).data.id);
    expect(cid.code).toBe(raw.code);
    const served = await app.inject({ method: "GET", url: `${BASE}/ipfs/${cid}` });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    expectJsonApiError(await uploadImage(PNG, "image/jpeg"), 400);
    expectJsonApiError(await uploadImage(Buffer.alloc(0)), 400);
    expectJsonApiError(await uploadImage(PNG, "image/bmp"), 415);
    expectJsonApiError(await uploadImage(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])), 413);
  });

  it("pins to the configured IPFS node with the same codec", async () => {
    expect(pinned).toContain("json:true");
    expect(pinned).toContain("raw:true");
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      "SELECT count(*)::int AS n FROM api.ipfs_documents WHERE pinned_at IS NULL",
    );
    await db.end();
    // The double answers a different key, so the api keeps the documents unpinned rather than trust it.
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("answers 404 for unknown and 400 for malformed CIDs, 400 for bodies without a document", async () => {
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/ipfs/not-a-cid` }), 400);
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/ipfs/Qm123` }), 400);
    expectJsonApiError(
      await app.inject({
        method: "GET",
        url: `${BASE}/ipfs/bagaaierasords4njcts6vs7qvdjfcvgnume4hqohf65zsfguprqphs3icwea`,
      }),
      404,
    );
    expectJsonApiError(
      await app.inject({
        method: "POST",
        url: `${BASE}/upload/json`,
        headers: bearer(session),
        payload: doc("json-documents", {}),
      }),
      400,
    );
  });
});

describe("metadata links", () => {
  let poolCid: string;
  let avatarCid: string;
  let descriptionCid: string;

  beforeAll(async () => {
    avatarCid = json(await uploadImage(PNG)).data.id;
    descriptionCid = json(await uploadJson({ ops: [{ insert: "We govern." }] })).data.id;
    poolCid = json(
      await uploadJson({
        daoName: "Polity DAO",
        description: `ipfs://${descriptionCid}`,
        avatarCID: avatarCid,
        avatarUrl: `ipfs://${avatarCid}`,
        socialLinks: [["twitter", "https://x.com/polity"]],
      }),
    ).data.id;
  });

  it("resolves a link to the document, its images and documents", async () => {
    for (const link of [`ipfs://${poolCid}`, poolCid, `https://gateway.example/ipfs/${poolCid}`]) {
      const res = await app.inject({
        method: "POST",
        url: `${BASE}/public/pool-info`,
        payload: doc("pool-info", { link }),
      });
      expect(res.statusCode).toBe(200);
      const attrs = json(res).data.attributes;
      expect(attrs.links).toEqual({
        json: `${BASE}/ipfs/${poolCid}`,
        images: [`${BASE}/ipfs/${avatarCid}`],
        documents: [`${BASE}/ipfs/${descriptionCid}`],
      });
      expect(attrs.document.daoName).toBe("Polity DAO");
    }
  });

  it("says 'There are no links in response' for documents it cannot find", async () => {
    const missing = "bagaaierasords4njcts6vs7qvdjfcvgnume4hqohf65zsfguprqphs3icwea";
    const res = await app.inject({
      method: "POST",
      url: `${BASE}/public/pool-info`,
      payload: doc("pool-info", { link: `ipfs://${missing}` }),
    });
    expect(expectJsonApiError(res, 404).detail).toBe("There are no links in response");
    expectJsonApiError(
      await app.inject({
        method: "POST",
        url: `${BASE}/public/pool-info`,
        payload: doc("pool-info", { link: "not a cid" }),
      }),
      400,
    );
    expect(
      expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/public/pools/31337/${POOL}` }), 404)
        .detail,
    ).toBe("There are no links in response");
  });

  it("M7 a DAO's metadata link is recorded only when it is the DAO's descriptionURL on chain", async () => {
    const record = (cid: string) =>
      app.inject({
        method: "POST",
        url: `${BASE}/public/pools`,
        payload: doc("pools", { chain_id: 31337, pool_address: POOL, cid }),
      });
    await dao.setDescriptionURL(`ipfs://${poolCid}`);
    const forged = json(await uploadJson({ daoName: "Polity DAO", description: "send funds to 0xbad" })).data
      .id;
    const refused = expectJsonApiError(await record(forged), 409);
    expect(refused.meta?.description_url).toBe(`ipfs://${poolCid}`);
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/public/pools/31337/${POOL}` }), 404);

    const pool = await record(poolCid);
    expect(pool.statusCode).toBe(200);
    expect(json(pool).data.attributes).toMatchObject({ chain_id: 31337, pool_address: POOL, cid: poolCid });
    const back = await app.inject({ method: "GET", url: `${BASE}/public/pools/31337/${POOL}` });
    expect(json(back).data.attributes.links.images).toHaveLength(1);
    // Nor can the recorded link be overwritten afterwards.
    expectJsonApiError(await record(forged), 409);
    expect(
      json(await app.inject({ method: "GET", url: `${BASE}/public/pools/31337/${POOL}` })).data.attributes
        .cid,
    ).toBe(poolCid);
  });

  it("M7 a proposal's metadata link is recorded only when it is the descriptionURL of its ProposalCreated", async () => {
    const proposalCid = json(
      await uploadJson({ proposalName: "Fund it", proposalDescription: `ipfs://${descriptionCid}` }),
    ).data.id;
    const forged = json(await uploadJson({ proposalName: "Fund me instead" })).data.id;
    const indexer = await IndexerFixture.create(databaseUrl);
    await indexer.insert("proposal", {
      chain_id: 31337,
      pool: POOL,
      proposal_id: 3,
      creator: accounts[0]!.address.toLowerCase(),
      description_url: `ipfs://${proposalCid}`,
      executor: POOL,
      actions_on_for: [],
      actions_on_against: [],
      vote_end: 2_000_000_000,
      created_at: 1_700_000_000,
      created_block: 10,
      created_tx: `0x${"ab".repeat(32)}`,
      updated_at: 1_700_000_000,
    });
    await indexer.close();
    const record = (cid: string, proposalId: number | string) =>
      app.inject({
        method: "POST",
        url: `${BASE}/public/proposals`,
        payload: doc("proposals", { chain_id: 31337, pool_address: POOL, cid, proposal_id: proposalId }),
      });
    expectJsonApiError(await record(forged, 3), 409);
    expect(expectJsonApiError(await record(proposalCid, 4), 404).meta?.code).toBe(
      "errors.api.proposalNotIndexedYet",
    );

    const proposal = await record(proposalCid, 3);
    expect(proposal.statusCode).toBe(200);
    expect(json(proposal).data.attributes).toMatchObject({ proposal_id: "3", cid: proposalCid });
    const read = await app.inject({ method: "GET", url: `${BASE}/public/proposals/31337/${POOL}/3` });
    expect(json(read).data.attributes.document.proposalName).toBe("Fund it");
    expectJsonApiError(await record(proposalCid, -1), 400);
  });
});
