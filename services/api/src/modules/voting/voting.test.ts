import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { notificationText } from "@polity/core/i18n/notifications";
import { type NotificationTopic, notificationPath } from "@polity/core/notifications";
import type { NotificationRecord } from "@polity/core/records/notifications";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { parseEther, recoverTypedDataAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deployTestDao } from "../../../test/chain/dao.ts";
import {
  alice,
  appOn,
  bob,
  carol,
  DEPLOYER_KEYS,
  dave,
  doc,
  expectJsonApiError,
  json,
  signInMembers,
  startApp,
} from "../../../test/helpers.ts";
import { IndexerFixture } from "../../../test/indexerFixture.ts";
import { fanOutPending } from "../../../test/notifications.ts";
import { DEV_VERIFIER_PRIVATE_KEY } from "../../config.ts";
import { createPool } from "../../db/pool.ts";
import { OFFCHAIN_RESULTS_TYPES, offchainResultsDomain } from "./voting.service.ts";

const BASE = "/integrations/voting";

let app: FastifyInstance;
let databaseUrl: string;
/** The first proposal, kept for the listing tests once its votes are final. */
let votedProposalId = "";
let db: pg.Client;
let dao: Awaited<ReturnType<typeof deployTestDao>>;
let as: Awaited<ReturnType<typeof signInMembers>>;

beforeAll(async () => {
  ({ app, databaseUrl } = await startApp());
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  dao = await deployTestDao(DEPLOYER_KEYS.voting);
  // Total power 100 tokens: alice 60, bob 25, carol 15; dave has none.
  await dao.setPower(alice.address, parseEther("60"));
  await dao.setPower(bob.address, parseEther("25"));
  await dao.setPower(carol.address, parseEther("15"));
  await dao.mine(); // proposals take power at the block before their creation
  as = await signInMembers(app);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

const propose = (who: string, attrs: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: `${BASE}/proposals`,
    headers: as(who),
    payload: doc("proposals", {
      chain_id: 31337,
      pool_address: dao.pool,
      description: "",
      vote_options: [],
      ...attrs,
    }),
  });
const ADDRESSES: Record<string, string> = {
  alice: alice.address,
  bob: bob.address,
  carol: carol.address,
  dave: dave.address,
};
const vote = (who: string, proposalId: string, options: string[]) =>
  app.inject({
    method: "POST",
    url: `${BASE}/vote`,
    headers: as(who),
    payload: doc("votes", { proposal_id: proposalId, voter_address: ADDRESSES[who], options }),
  });
const get = async (id: string, who = "alice") =>
  json(await app.inject({ method: "GET", url: `${BASE}/proposals/${id}`, headers: as(who) })).data.attributes;
/** Voting time passes: the proposal's end moves into the past. */
const endVoting = (id: string) =>
  db.query("UPDATE api.offchain_proposals SET end_at = now() - interval '1 second' WHERE id = $1", [id]);
const submit = (type: string) =>
  app.inject({
    method: "POST",
    url: `${BASE}/proposals/submit`,
    headers: as("carol"),
    payload: doc("submit", { chain_id: 31337, proposal_type: type, pool_address: dao.pool }),
  });

const GRANTS = "Grant round";
const grantsType = {
  voting_type: "one_of",
  name: GRANTS,
  description: "Pick one grantee",
  use_delegated: true,
  voting_duration: "1d",
  general_closing_percent: "40",
  anticipatory_closing_percent: "80",
  against_percent: "30",
  minimal_vote_power: "0",
  minimal_create_proposal_power: "1",
  minimal_comment_read_power: "0",
  minimal_comment_create_power: "0",
};
const grantsUrl = (pool: string) => `${BASE}/proposal-types/31337/${pool}/${encodeURIComponent(GRANTS)}`;

describe("proposal types", () => {
  it("starts every DAO with the two executable types", async () => {
    const res = await app.inject({
      method: "GET",
      url: `${BASE}/proposal-types?filter[chain_id]=31337&filter[pool_address]=${dao.pool}`,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual([
      "create_proposal_type",
      "edit_proposal_type",
    ]);
    const one = await app.inject({
      method: "GET",
      url: `${BASE}/proposal-types/31337/${dao.pool}/edit_proposal_type`,
    });
    expect(json(one).data.attributes.voting_type).toBe("for_against");
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${BASE}/proposal-types/31337/${dao.pool}/nope` }),
      404,
    );
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${BASE}/proposal-types?filter[chain_id]=31337` }),
      400,
    );
    const plain = await app.inject({
      method: "GET",
      url: `${BASE}/proposal-types?chain_id=31337&pool_address=${dao.pool}`,
    });
    expect(json(plain).data).toHaveLength(2);
  });
});

describe("creating a template by vote, then using it", () => {
  let createId: string;
  let duplicateId: string;

  it("validates the template and the author's power", async () => {
    const tooLong = await propose("alice", {
      type: "create_proposal_type",
      title: "Add grants",
      custom_parameters: { ...grantsType, name: "x".repeat(31) },
    });
    expectJsonApiError(tooLong, 400);
    expectJsonApiError(
      await propose("dave", { type: "create_proposal_type", title: "t", custom_parameters: grantsType }),
      403,
    );
    expectJsonApiError(await propose("alice", { type: "unknown_type", title: "t" }), 404);
    const res = await propose("alice", {
      type: "create_proposal_type",
      title: "Add grants",
      custom_parameters: grantsType,
    });
    expect(res.statusCode).toBe(201);
    const p = json(res).data;
    createId = p.id;
    expect(p.attributes).toMatchObject({
      status: "0",
      voting_type: "for_against",
      vote_options: ["for", "against"],
      total_power: parseEther("100").toString(),
      author: alice.address.toLowerCase(),
    });
    expect(Number(p.attributes.snapshot_block)).toBeGreaterThan(0);
    duplicateId = json(
      await propose("bob", {
        type: "create_proposal_type",
        title: "Add grants again",
        custom_parameters: grantsType,
      }),
    ).data.id;
  });

  it("takes voting power at the creation block", async () => {
    // carol loses her power after the snapshot but still votes with it; dave gains power too late.
    await dao.setPower(carol.address, 0n);
    await dao.setPower(dave.address, parseEther("50"));
    try {
      const res = await vote("carol", createId, ["against"]);
      expect(res.statusCode).toBe(201);
      expect(json(res).data.attributes.power).toBe(parseEther("15").toString());
      expectJsonApiError(await vote("dave", createId, ["for"]), 403);
    } finally {
      await dao.setPower(carol.address, parseEther("15"));
      await dao.setPower(dave.address, 0n);
    }
  });

  it("counts votes, lets a voter change or cancel only their own vote", async () => {
    expect((await vote("alice", createId, ["for"])).statusCode).toBe(201);
    expect((await vote("bob", createId, ["against"])).statusCode).toBe(201);
    expect((await get(createId)).option_powers).toEqual([
      parseEther("60").toString(),
      parseEther("40").toString(),
    ]);
    expect((await vote("bob", createId, ["For"])).statusCode).toBe(201); // a changed mind replaces the vote
    const p = await get(createId);
    expect(p.option_powers).toEqual([parseEther("85").toString(), parseEther("15").toString()]);
    expect(p.votes_count).toBe(3);
    expect(p.status).toBe("0"); // approved if it ended now, but voting is still open
    expect(p.user_vote).toMatchObject({ options: [0], is_against: false });
    expectJsonApiError(await vote("alice", createId, ["for", "against"]), 400);
    expectJsonApiError(await vote("alice", createId, ["maybe"]), 400);
    expectJsonApiError(await vote("alice", "999999", ["for"]), 404);
    const forged = await app.inject({
      method: "POST",
      url: `${BASE}/vote`,
      headers: as("alice"),
      payload: doc("votes", { proposal_id: createId, voter_address: bob.address, options: ["against"] }),
    });
    expectJsonApiError(forged, 403);

    const cancel = (who: string, user: string) =>
      app.inject({ method: "DELETE", url: `${BASE}/vote/${createId}/${user}`, headers: as(who) });
    expectJsonApiError(await cancel("bob", carol.address), 403);
    expect((await cancel("carol", carol.address)).statusCode).toBe(204);
    expectJsonApiError(await cancel("carol", carol.address), 404);
    expect((await get(createId)).option_powers).toEqual([parseEther("85").toString(), "0"]);
    expect((await vote("bob", duplicateId, ["for"])).statusCode).toBe(201);
    expect((await vote("alice", duplicateId, ["for"])).statusCode).toBe(201);
  });

  it("computes the status from votes, quorum and time", async () => {
    votedProposalId = createId;
    await endVoting(createId);
    await endVoting(duplicateId);
    expect((await get(createId)).status).toBe("1");
    expectJsonApiError(await vote("bob", createId, ["For"]), 409);
    expectJsonApiError(
      await app.inject({
        method: "DELETE",
        url: `${BASE}/vote/${createId}/${alice.address}`,
        headers: as("alice"),
      }),
      409,
    );
  });

  it("submits results: executes the template, fails the duplicate, signs what the pool accepts", async () => {
    const res = await submit("create_proposal_type");
    expect(res.statusCode).toBe(200);
    const result = json(res).data.attributes;
    const verifier = privateKeyToAccount(DEV_VERIFIER_PRIVATE_KEY).address;
    expect(result.verifier).toBe(verifier);
    expect(result.nonce).toBe("0");
    expect(result.results_hash).toMatch(/^b/); // CIDv1, base32
    const signer = await recoverTypedDataAddress({
      domain: offchainResultsDomain(31337, dao.pool),
      types: OFFCHAIN_RESULTS_TYPES,
      primaryType: "OffchainResults",
      message: {
        resultsHash: result.results_hash,
        nonce: 0n,
        submitter: result.submitter,
        deadline: BigInt(result.deadline),
        quorumReached: result.quorum_reached,
      },
      signature: result.signature,
    });
    expect(signer).toBe(verifier);
    // M3: signed for the caller who asked (carol), for an hour, with the reward since a proposal was approved.
    expect(result.submitter.toLowerCase()).toBe(carol.address.toLowerCase());
    expect(Number(result.deadline) - Date.now() / 1000).toBeGreaterThan(3500);
    expect(result.quorum_reached).toBe(true);

    // Until the pool's nonce moves, asking again returns the same document, signed again for the caller.
    const again = json(await submit("create_proposal_type")).data.attributes;
    expect([again.results_hash, again.nonce, again.submitter]).toEqual([
      result.results_hash,
      "0",
      result.submitter,
    ]);

    // The pool on chain accepts the signature and moves its nonce.
    await dao.saveOffchainResults(result);
    expect(await dao.read("offchainResultsNonce")).toBe(1n);
    expect(await dao.read("latestOffchainResultsHash")).toBe(result.results_hash);
    // A replay of the same signature fails on chain (nonce moved).
    await expect(dao.saveOffchainResults(result)).rejects.toThrow();

    expect((await get(createId)).status).toBe("3");
    const dup = await get(duplicateId);
    expect(dup.status).toBe("4");
    expect(dup.execution_error).toMatch(/already exists/);
    expect(dup.results_hash).toBe(result.results_hash);

    // The results document is in the IPFS cache under its CID.
    const stored = await app.inject({
      method: "GET",
      url: `/integrations/ipfs-cache-svc/ipfs/${result.results_hash}`,
    });
    expect(json(stored).proposals.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [createId, "3"],
      [duplicateId, "4"],
    ]);
    expectJsonApiError(await submit("create_proposal_type"), 409);

    const next = json(await submit("create_proposal_type"));
    expect(next.errors[0].status).toBe("409");
  });

  it("uses the new template: one_of closes early at the anticipatory share", async () => {
    const type = await app.inject({ method: "GET", url: grantsUrl(dao.pool) });
    expect(json(type).data.attributes).toMatchObject({
      name: GRANTS,
      voting_type: "one_of",
      is_built_in: false,
    });
    expect(json(type).data.attributes.parameters.voting_duration).toBe(86_400);
    expectJsonApiError(
      await propose("alice", { type: GRANTS, title: "Q3", vote_options: ["only one"] }),
      400,
    );
    expectJsonApiError(await propose("alice", { type: GRANTS, title: "Q3", vote_options: ["A", "A"] }), 400);
    expectJsonApiError(
      await propose("alice", { type: GRANTS, title: "Q3", vote_options: ["A", "against"] }),
      400,
    );
    const res = await propose("alice", {
      type: GRANTS,
      title: "Q3 grants",
      vote_options: ["Alpha", "Beta", "Gamma"],
    });
    expect(res.statusCode).toBe(201);
    const id = json(res).data.id;
    expect((await vote("alice", id, ["Beta"])).statusCode).toBe(201);
    expect((await get(id)).status).toBe("0"); // 60% < 80% anticipatory
    expectJsonApiError(await vote("bob", id, ["Alpha", "Beta"]), 400);
    expect((await vote("bob", id, ["beta"])).statusCode).toBe(201);
    expect((await get(id)).status).toBe("1"); // 85% closes voting early, approved
    expectJsonApiError(await vote("carol", id, ["against"]), 409);
  });
});

describe("listing and counting", () => {
  it("filters by status, author, voter and type, with paging", async () => {
    const list = async (q: string) =>
      json(
        await app.inject({ method: "GET", url: `${BASE}/proposals?filter[pool_address]=${dao.pool}&${q}` }),
      );
    const all = await list("page[limit]=2");
    expect(all.meta.total_count).toBe(3);
    expect(all.data).toHaveLength(2);
    expect(all.links.next).toBeDefined();
    expect((await list("filter[status]=3,4")).meta.total_count).toBe(2);
    expect((await list("filter[status]=1")).meta.total_count).toBe(1);
    expect((await list(`filter[author_address]=${bob.address}`)).meta.total_count).toBe(1);
    expect((await list(`filter[voter_address]=${bob.address}`)).meta.total_count).toBe(3);
    expect((await list(`filter[voter_address]=${carol.address}`)).meta.total_count).toBe(0);
    expect((await list(`filter[type]=${encodeURIComponent(GRANTS)}`)).meta.total_count).toBe(1);
    expect((await list("page[order]=asc")).data[0].attributes.type).toBe("create_proposal_type");
    for (const q of [
      "filter[status]=9",
      "filter[unknown]=1",
      "page[limit]=0",
      "filter[pool_address]=0x12",
      "page[cursor]=abc",
    ]) {
      expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/proposals?${q}` }), 400);
    }
  });

  it("pages by number or after the cursor links.next carries, both in the same order; answers an ETag", async () => {
    const url = `${BASE}/proposals?filter[pool_address]=${dao.pool}`;
    const ids = async (res: { body: string }) => JSON.parse(res.body).data.map((d: { id: string }) => d.id);
    for (const order of ["desc", "asc"]) {
      const first = await app.inject({ method: "GET", url: `${url}&page[limit]=1&page[order]=${order}` });
      const next = JSON.parse(first.body).links.next as string;
      expect(next).toContain("page%5Bcursor%5D=");
      const byCursor = await app.inject({ method: "GET", url: next });
      const byNumber = await app.inject({
        method: "GET",
        url: `${url}&page[limit]=1&page[number]=2&page[order]=${order}`,
      });
      expect(await ids(byCursor)).toEqual(await ids(byNumber));
      expect(JSON.parse(byCursor.body).meta).toMatchObject({ page_number: 2, total_count: 3 });
      expect(await ids(byCursor)).not.toEqual(await ids(first));
    }
    const res = await app.inject({ method: "GET", url });
    const cached = await app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": res.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it("counts all and active proposals of a DAO", async () => {
    const active = json(await propose("alice", { type: GRANTS, title: "Open", vote_options: ["A", "B"] }))
      .data.id;
    const count = async (suffix: string) =>
      json(await app.inject({ method: "GET", url: `${BASE}/proposals/count/31337/${dao.pool}${suffix}` }))
        .data.attributes.count;
    expect(await count("")).toBe(4);
    expect(await count("/active")).toBe(1);
    await endVoting(active);
    expect(await count("/active")).toBe(0);
    expect((await get(active)).status).toBe("2"); // nobody voted: rejected
  });

  it("lists a proposal's votes with their option texts, largest first", async () => {
    const list = await app.inject({ method: "GET", url: `${BASE}/proposals/${votedProposalId}/votes` });
    expect(list.statusCode).toBe(200);
    const body = json(list);
    expect(body.meta.total_count).toBe(2);
    expect(
      body.data.map((v: { attributes: { voter_address: string; options: string[] } }) => v.attributes),
    ).toMatchObject([
      { voter_address: alice.address.toLowerCase(), options: ["for"], power: parseEther("60").toString() },
      { voter_address: bob.address.toLowerCase(), options: ["for"] },
    ]);
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/proposals/424242/votes` }), 404);
  });

  it("answers 404 for an unknown proposal and 400 for a malformed id", async () => {
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/proposals/123456` }), 404);
    expectJsonApiError(await app.inject({ method: "GET", url: `${BASE}/proposals/abc` }), 400);
  });
});

describe("editing a template by vote", () => {
  it("changes the template's parameters once approved and submitted", async () => {
    expectJsonApiError(
      await propose("alice", { type: "edit_proposal_type", title: "noop", custom_parameters: grantsType }),
      400,
    );
    expectJsonApiError(
      await propose("alice", {
        type: "edit_proposal_type",
        title: "unknown",
        custom_parameters: { ...grantsType, name: "Nope" },
      }),
      404,
    );
    const id = json(
      await propose("alice", {
        type: "edit_proposal_type",
        title: "Shorter grants",
        custom_parameters: { ...grantsType, voting_duration: "10m" },
      }),
    ).data.id;
    await vote("alice", id, ["for"]);
    await endVoting(id);
    const edited = json(await submit("edit_proposal_type")).data.attributes;
    expect(edited.proposals).toEqual([{ id, status: "3" }]);
    expect(edited.nonce).toBe("1");
    await dao.saveOffchainResults(edited);
    const type = await app.inject({ method: "GET", url: grantsUrl(dao.pool) });
    expect(json(type).data.attributes.parameters.voting_duration).toBe(600);
  });

  it("refuses to create a proposal below the template's minimal power", async () => {
    // carol has 15 tokens; raise the bar above that through a template that needs 20 of her own.
    const strict = {
      ...grantsType,
      name: "Strict",
      minimal_create_proposal_power: "20",
      use_delegated: false,
    };
    const id = json(
      await propose("alice", { type: "create_proposal_type", title: "Strict", custom_parameters: strict }),
    ).data.id;
    await vote("alice", id, ["for"]);
    await endVoting(id);
    expect((await submit("create_proposal_type")).statusCode).toBe(200);
    // 15 own + 10 delegated would pass, but this template counts only the member's own deposit.
    await dao.setDelegated(carol.address, parseEther("10"));
    expectJsonApiError(await propose("carol", { type: "Strict", title: "x", vote_options: ["A", "B"] }), 403);
    await dao.setDelegated(carol.address, 0n);
    expect((await propose("bob", { type: "Strict", title: "x", vote_options: ["A", "B"] })).statusCode).toBe(
      201,
    );
  });

  it("needs a session to submit", async () => {
    const res = await app.inject({
      method: "POST",
      url: `${BASE}/proposals/submit`,
      payload: doc("submit", { chain_id: 31337, proposal_type: GRANTS, pool_address: dao.pool }),
    });
    expectJsonApiError(res, 401);
  });
});

/** A template voted in directly, with minimal powers in tokens. */
const insertTemplate = async (pool: string, name: string, minimalPowers: string) =>
  db.query(
    `INSERT INTO api.proposal_types (chain_id, pool_address, name, title, description, voting_type, parameters)
     VALUES (31337, $1, $2, $2, '', 'one_of', $3)`,
    [
      pool,
      name,
      JSON.stringify({
        ...grantsType,
        name,
        voting_duration: 86_400,
        minimal_vote_power: minimalPowers,
        minimal_create_proposal_power: minimalPowers,
      }),
    ],
  );
const proposeIn = (pool: string, type: string, via: FastifyInstance = app) =>
  via.inject({
    method: "POST",
    url: `${BASE}/proposals`,
    headers: as("alice"),
    payload: doc("proposals", {
      chain_id: 31337,
      pool_address: pool,
      type,
      title: "Snapshot",
      description: "",
      vote_options: ["A", "B"],
    }),
  });

describe("snapshots", () => {
  it("L3 power gained in the block a proposal is created in does not count: the snapshot is the block before", async () => {
    const fresh = await deployTestDao(DEPLOYER_KEYS.voting);
    await insertTemplate(fresh.pool, "Poll", "0");
    await fresh.setPower(alice.address, parseEther("60"));
    // dave's deposit lands in the newest block, the one the proposal is created on top of.
    const deposit = await fresh.setPower(dave.address, parseEther("50"));
    // Other tests share the chain: a node whose head stays at dave's block keeps this one exact.
    const head = `0x${deposit.blockNumber.toString(16)}`;
    const node = await rpcProxy(inject("rpcUrl"), (r) =>
      r.method === "eth_blockNumber" ? { result: head } : undefined,
    );
    const atDeposit = await appOn(databaseUrl, { RPC_URL_31337: node.url });
    try {
      const created = await proposeIn(fresh.pool, "Poll", atDeposit);
      expect(created.statusCode, created.body).toBe(201);
      const attributes = json(created).data.attributes;
      expect(attributes.snapshot_block).toBe(String(deposit.blockNumber - 1n));
      expect(attributes.total_power).toBe(parseEther("60").toString());
      expectJsonApiError(await vote("dave", json(created).data.id, ["A"]), 403);
    } finally {
      await atDeposit.close();
      await node.close();
    }
  });

  it("L3 minimal powers are whole governance tokens in the token's own decimals", async () => {
    const sixDecimals = await deployTestDao(DEPLOYER_KEYS.voting, { tokenDecimals: 6 });
    await insertTemplate(sixDecimals.pool, "Small", "1.5");
    await sixDecimals.setPower(alice.address, 2_000_000n); // 2 tokens of 6 decimals
    await sixDecimals.setPower(bob.address, 1_000_000n); // 1 token
    await sixDecimals.mine();
    const created = await proposeIn(sixDecimals.pool, "Small");
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).data.id;
    expect((await vote("alice", id, ["A"])).statusCode).toBe(201);
    const below = expectJsonApiError(await vote("bob", id, ["A"]), 403);
    expect(below.meta?.power).toBe("1000000");
  });

  it("L3 a node that no longer keeps the snapshot's state answers a clear 503, not 'not a DAO pool'", async () => {
    const fresh = await deployTestDao(DEPLOYER_KEYS.voting);
    await insertTemplate(fresh.pool, "Poll", "0");
    await fresh.setPower(alice.address, parseEther("60"));
    await fresh.setPower(bob.address, parseEther("10"));
    await fresh.mine();
    const proposed = await proposeIn(fresh.pool, "Poll");
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = json(proposed).data.id;
    // A node that has pruned past state answers calls at an explicit block the way geth does.
    const isPast = (r: RpcRequest) =>
      r.method === "eth_call" && typeof r.params?.[1] === "string" && /^0x[0-9a-f]+$/i.test(r.params[1]);
    const pruned = await rpcProxy(inject("rpcUrl"), (r) =>
      isPast(r)
        ? { error: { code: -32000, message: `missing trie node ${"ab".repeat(32)} (path ) <nil>` } }
        : undefined,
    );
    const archiveLess = await appOn(databaseUrl, { RPC_URL_31337: pruned.url });
    try {
      const res = await archiveLess.inject({
        method: "POST",
        url: `${BASE}/vote`,
        headers: as("bob"),
        payload: doc("votes", { proposal_id: id, voter_address: bob.address, options: ["A"] }),
      });
      const err = expectJsonApiError(res, 503);
      expect(err.detail).toMatch(/no longer keeps the state of block \d+/);
      expect(err.detail).not.toMatch(/not a DAO pool/);
    } finally {
      await archiveLess.close();
      await pruned.close();
    }
  });
});

describe("submitting results", () => {
  const submitIn = (pool: string, type: string) =>
    app.inject({
      method: "POST",
      url: `${BASE}/proposals/submit`,
      headers: as("alice"),
      payload: doc("submit", { chain_id: 31337, proposal_type: type, pool_address: pool }),
    });

  it("L8 an unsaved document of one type never blocks another; the one outrun on chain is signed again at the next nonce", async () => {
    const fresh = await deployTestDao(DEPLOYER_KEYS.voting);
    await insertTemplate(fresh.pool, "Poll", "0");
    await insertTemplate(fresh.pool, "Survey", "0");
    await fresh.setPower(alice.address, parseEther("60"));
    await fresh.setPower(bob.address, parseEther("1"));
    const ids: Record<string, string> = {};
    for (const type of ["Poll", "Survey"]) {
      ids[type] = json(await proposeIn(fresh.pool, type)).data.id;
      expect((await vote("alice", ids[type]!, ["A"])).statusCode).toBe(201);
      await endVoting(ids[type]!);
    }

    const poll = json(await submitIn(fresh.pool, "Poll")).data.attributes;
    // The poll's document waits to be saved; the survey's is signed all the same, at the same nonce.
    const surveyRes = await submitIn(fresh.pool, "Survey");
    expect(surveyRes.statusCode, surveyRes.body).toBe(200);
    const survey = json(surveyRes).data.attributes;
    expect([poll.nonce, survey.nonce]).toEqual(["0", "0"]);
    expect(survey.proposals).toEqual([{ id: ids.Survey, status: "3" }]);

    // The survey's is saved first, so the poll's signature no longer holds on chain.
    await fresh.saveOffchainResults(survey);
    await expect(fresh.saveOffchainResults(poll)).rejects.toThrow();
    // Submitting the poll again signs its same results at the next nonce, and the pool takes them.
    const again = json(await submitIn(fresh.pool, "Poll")).data.attributes;
    expect(again.nonce).toBe("1");
    expect(again.results_hash).not.toBe(poll.results_hash);
    expect(again.proposals).toEqual([{ id: ids.Poll, status: "3" }]);
    await fresh.saveOffchainResults(again);
    expect(await fresh.read("latestOffchainResultsHash")).toBe(again.results_hash);
    expect((await get(ids.Poll!)).results_hash).toBe(again.results_hash);

    // Both saved: nothing is left to submit of either type.
    for (const type of ["Poll", "Survey"]) {
      expect(expectJsonApiError(await submitIn(fresh.pool, type), 409).detail).toMatch(
        /no finished proposals/,
      );
    }
  });
});

describe("quorum lost", () => {
  it("tells the DAO's off-chain subscribers each time a proposal that reached its quorum falls below it", async () => {
    const pool = createPool(databaseUrl);
    const fixture = await IndexerFixture.create(databaseUrl, "indexer");
    try {
      await fixture.insert("pool", { chain_id: 31337, address: dao.pool, name: "Voting DAO" });
      const subscribe = (who: string, groups: string[]) =>
        app.inject({
          method: "POST",
          url: "/integrations/notifications-consumer/subscriptions",
          headers: as(who),
          payload: doc("subscriptions", { destination: dao.pool, group_names: groups }),
        });
      expect((await subscribe("dave", ["offchain"])).statusCode).toBe(201);
      expect((await subscribe("carol", ["dao-proposal"])).statusCode).toBe(201);
      const told = async (who: string) =>
        json(
          await app.inject({
            method: "GET",
            url: "/integrations/notifications-core/storage?page[order]=asc",
            headers: as(who),
          }),
        ).data.map((n: { attributes: NotificationRecord }) => n.attributes) as NotificationRecord[];
      const id = json(
        await propose("alice", {
          type: "create_proposal_type",
          title: "Quorum test",
          custom_parameters: { ...grantsType, name: "Quorum grants" },
        }),
      ).data.id as string;
      const cancel = (who: string) =>
        app.inject({
          method: "DELETE",
          url: `${BASE}/vote/${id}/${ADDRESSES[who]}`,
          headers: as(who),
        });
      const lost = async () =>
        (
          await pool.query<{ key: string; destination: string; params: Record<string, string> }>(
            `SELECT key, destination, params FROM api.notification_events
              WHERE topic = 'OFFCHAIN_PROPOSAL_QUORUM_LOST' ORDER BY id`,
          )
        ).rows;

      expect((await vote("bob", id, ["for"])).statusCode).toBe(201); // 25 of 100: below the 50% for
      expect((await vote("alice", id, ["for"])).statusCode).toBe(201); // 85: reached
      expect(await lost()).toEqual([]);
      expect((await cancel("alice")).statusCode).toBe(204); // 25: lost
      const [first] = await lost();
      expect(first).toMatchObject({
        destination: dao.pool,
        params: {
          pool: dao.pool,
          pool_name: "Voting DAO",
          offchain_proposal_id: id,
          title: "Quorum test",
          actor: alice.address.toLowerCase(),
        },
      });
      expect(first!.key).toMatch(new RegExp(`^OFFCHAIN_PROPOSAL_QUORUM_LOST:31337:${id}:\\d+$`));

      expect((await vote("alice", id, ["for"])).statusCode).toBe(201); // reached again
      expect((await cancel("bob")).statusCode).toBe(204); // 60: still above
      expect(await lost()).toHaveLength(1);
      expect((await cancel("alice")).statusCode).toBe(204); // 0: lost again
      expect(await lost()).toHaveLength(2);
      expect((await vote("bob", id, ["for"])).statusCode).toBe(201); // 25, never reached since: nothing
      expect((await cancel("bob")).statusCode).toBe(204);
      expect(await lost()).toHaveLength(2);

      await fanOutPending(pool);
      const daves = await told("dave");
      expect(
        daves.map((n) => [n.topic, n.group_name, notificationText(n.topic as NotificationTopic, n.params)]),
      ).toEqual([
        [
          "OFFCHAIN_PROPOSAL_QUORUM_LOST",
          "offchain",
          "Off-chain proposal “Quorum test” in Voting DAO fell below its quorum",
        ],
        [
          "OFFCHAIN_PROPOSAL_QUORUM_LOST",
          "offchain",
          "Off-chain proposal “Quorum test” in Voting DAO fell below its quorum",
        ],
      ]);
      expect(notificationPath(daves[0]!)).toBe(`/dao/${dao.pool}/create-offchain/proposal/${id}`);
      expect(await told("carol")).toEqual([]);
    } finally {
      await fixture.close();
      await pool.end();
    }
  });
});

type RpcRequest = { id: number; method: string; params?: unknown[] };
type RpcAnswer = { result: unknown } | { error: { code: number; message: string } };

/** A JSON-RPC node in front of `upstream` that answers the requests `answer` takes, and forwards the rest. */
async function rpcProxy(upstream: string, answer: (r: RpcRequest) => RpcAnswer | undefined) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
      const requests = Array.isArray(body) ? body : [body];
      const rest = requests.filter((r) => !answer(r));
      const forwarded =
        rest.length === 0
          ? []
          : await fetch(upstream, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(rest),
            }).then((r) => r.json() as Promise<Array<{ id: number }>>);
      const answers = requests.map((r) => {
        const own = answer(r);
        return own ? { jsonrpc: "2.0", id: r.id, ...own } : forwarded.find((f) => f.id === r.id);
      });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}
