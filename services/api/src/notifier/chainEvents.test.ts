import { notificationText } from "@polity/core/i18n/notifications";
import { CID } from "multiformats/cid";
import * as jsonCodec from "multiformats/codecs/json";
import { sha256 } from "multiformats/hashes/sha2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/helpers.ts";
import { IndexerFixture } from "../../test/indexerFixture.ts";
import { fanOutPending } from "../../test/notifications.ts";
import { migrate } from "../db/migrate.ts";
import { createPool, type Db } from "../db/pool.ts";
import { IndexerReader } from "../indexer/indexer.ts";
import { IpfsCacheRepository } from "../modules/ipfs-cache-svc/ipfsCache.repository.ts";
import { NotificationsRepository } from "../modules/notifications/notifications.repository.ts";
import { ChainEventsReader } from "./chainEvents.ts";
import { messageOf } from "./notifier.ts";
import { resultsDocuments } from "./resultsDocuments.ts";

const CHAIN = 31337;
const POOL = "0x00000000000000000000000000000000000000d2";
const VERIFIER_SENDER = "0x00000000000000000000000000000000000000a2";
const MEMBER = "0x00000000000000000000000000000000000000b2";
const OUTSIDER = "0x00000000000000000000000000000000000000c2";
const T = 1_900_000_000;

describe("chain notification producers", () => {
  let db: Db;
  let fixture: IndexerFixture;
  let reader: ChainEventsReader;
  let repo: NotificationsRepository;

  const proposal = (id: string, times: { reached?: number; lost?: number; updated: number }) =>
    fixture.insert("proposal", {
      chain_id: CHAIN,
      pool: POOL,
      proposal_id: id,
      creator: MEMBER,
      created_at: String(T),
      quorum_reached_at: times.reached === undefined ? null : String(times.reached),
      quorum_lost_at: times.lost === undefined ? null : String(times.lost),
      updated_at: String(times.updated),
    });
  const topicsOf = (events: { topic: string; params: Record<string, string> }[], id: string) =>
    events.filter((e) => e.params.proposal_id === id).map((e) => e.topic);

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createPool(databaseUrl);
    await migrate(db);
    fixture = await IndexerFixture.create(databaseUrl, "indexer");
    await fixture.insert("pool", { chain_id: CHAIN, address: POOL, name: "Quorum DAO" });
    reader = new ChainEventsReader(new IndexerReader(db, "indexer"));
    repo = new NotificationsRepository(db);
  });
  afterAll(async () => {
    await fixture?.close();
    await db?.end();
  });

  it("tells subscribers a proposal lost the quorum it had reached, and only then", async () => {
    // 1 reached its quorum and kept it; 2 reached it, then a cancelled vote took it below; 3 never reached it.
    await proposal("1", { reached: T + 10, updated: T + 10 });
    await proposal("2", { lost: T + 20, updated: T + 20 });
    await proposal("3", { updated: T + 5 });
    const { events, next } = await reader.proposals(CHAIN, T);
    expect(next).toBe(T + 20);
    expect(topicsOf(events, "1")).toEqual(["PROPOSAL_CREATED", "PROPOSAL_QUORUM_REACHED"]);
    expect(topicsOf(events, "2")).toEqual(["PROPOSAL_CREATED", "PROPOSAL_QUORUM_LOST"]);
    expect(topicsOf(events, "3")).toEqual(["PROPOSAL_CREATED"]);
    const lost = events.find((e) => e.topic === "PROPOSAL_QUORUM_LOST")!;
    expect(lost).toMatchObject({
      key: `PROPOSAL_QUORUM_LOST:${CHAIN}:${POOL}:2:${T + 20}`,
      destination: POOL,
      recipients: [],
      params: { pool: POOL, pool_name: "Quorum DAO", proposal_id: "2" },
      occurredAt: new Date((T + 20) * 1000),
    });
    expect(notificationText(lost.topic, lost.params)).toBe("Proposal #2 in Quorum DAO fell below its quorum");
    // Read from after the loss (the next pass), the loss is not told again.
    expect(topicsOf((await reader.proposals(CHAIN, T + 21)).events, "2")).toEqual([]);
  });

  it("a quorum reached again after it was lost is news again, and so is a second loss", async () => {
    await db.query(
      `UPDATE indexer.proposal SET quorum_reached_at = $1, updated_at = $1 WHERE proposal_id = 2`,
      [String(T + 30)],
    );
    expect(topicsOf((await reader.proposals(CHAIN, T + 21)).events, "2")).toEqual([
      "PROPOSAL_QUORUM_REACHED",
    ]);
    await db.query(
      `UPDATE indexer.proposal SET quorum_reached_at = NULL, quorum_lost_at = $1, updated_at = $1
        WHERE proposal_id = 2`,
      [String(T + 40)],
    );
    const again = (await reader.proposals(CHAIN, T + 31)).events.filter(
      (e) => e.topic === "PROPOSAL_QUORUM_LOST",
    );
    expect(again.map((e) => e.key)).toEqual([`PROPOSAL_QUORUM_LOST:${CHAIN}:${POOL}:2:${T + 40}`]);
  });

  it("tells the DAO's off-chain subscribers that off-chain results were saved on chain", async () => {
    await fixture.insert("offchain_results", {
      id: `${CHAIN}:0xbb:3`,
      chain_id: CHAIN,
      block_number: "12",
      timestamp: String(T + 50),
      tx_hash: "0xbb",
      pool: POOL,
      results_hash: "bafyresults",
      sender: VERIFIER_SENDER,
    });
    const { events, next } = await reader.offchainResults(CHAIN, T);
    expect(next).toBe(T + 50);
    expect(events).toEqual([
      {
        key: `OFFCHAIN_RESULTS_SAVED:${CHAIN}:0xbb:3:${T + 50}`,
        topic: "OFFCHAIN_RESULTS_SAVED",
        chainId: CHAIN,
        destination: POOL,
        recipients: [],
        actor: VERIFIER_SENDER,
        params: { pool: POOL, pool_name: "Quorum DAO", results_hash: "bafyresults", actor: VERIFIER_SENDER },
        occurredAt: new Date((T + 50) * 1000),
      },
    ]);
    expect((await reader.offchainResults(CHAIN, T + 51)).events).toEqual([]);

    // Fanned out: a member subscribed to the DAO's off-chain group hears it; one subscribed to its proposals only
    // hears the quorum news; nobody else hears anything.
    await repo.subscribe(MEMBER, POOL, ["offchain"]);
    await repo.subscribe(OUTSIDER, POOL, ["dao-proposal"]);
    expect(await repo.insertEvents(events)).toBe(1);
    expect(await repo.insertEvents(events)).toBe(0); // the same save read again is stored once
    const lost = (await reader.proposals(CHAIN, T)).events.filter((e) => e.topic === "PROPOSAL_QUORUM_LOST");
    await repo.insertEvents(lost);
    await fanOutPending(db);
    const page = { limit: 25, offset: 0, order: "desc" as const };
    const member = await repo.list({ account: MEMBER }, page);
    expect(member.rows.map((n) => n.topic)).toEqual(["OFFCHAIN_RESULTS_SAVED"]);
    expect(notificationText("OFFCHAIN_RESULTS_SAVED", member.rows[0]!.params)).toBe(
      "Off-chain results of Quorum DAO were saved on chain",
    );
    const outsider = await repo.list({ account: OUTSIDER }, page);
    expect(outsider.rows.map((n) => n.topic)).toEqual(["PROPOSAL_QUORUM_LOST"]);
  });

  it("tells an account its agreement to the privacy policy recorded on chain, once per agreement", async () => {
    const DOC = `0x${"ab".repeat(32)}`;
    await fixture.insert("privacy_policy_agreement", {
      id: `${CHAIN}:0xcc:0`,
      chain_id: CHAIN,
      user: MEMBER,
      document_hash: DOC,
      block_number: "14",
      timestamp: String(T + 60),
      tx_hash: "0xcc",
    });
    const { events, next } = await reader.privacyAgreements(CHAIN, T);
    expect(next).toBe(T + 60);
    expect(events).toEqual([
      {
        key: `USER_AGREED_TO_PRIVACY_POLICY:${CHAIN}:0xcc:0:${T + 60}`,
        topic: "USER_AGREED_TO_PRIVACY_POLICY",
        chainId: CHAIN,
        destination: null,
        recipients: [MEMBER],
        actor: MEMBER,
        params: { document_hash: DOC },
        occurredAt: new Date((T + 60) * 1000),
      },
    ]);
    expect((await reader.privacyAgreements(CHAIN, T + 61)).events).toEqual([]);
    // Read again (the cursor is inclusive), it is stored once; only the agreeing account hears of it.
    expect(await repo.insertEvents(events)).toBe(1);
    expect(await repo.insertEvents((await reader.privacyAgreements(CHAIN, T + 60)).events)).toBe(0);
    await fanOutPending(db);
    const page = { limit: 25, offset: 0, order: "desc" as const };
    const member = await repo.list({ account: MEMBER, topics: ["USER_AGREED_TO_PRIVACY_POLICY"] }, page);
    expect(member.total).toBe(1);
    expect(notificationText("USER_AGREED_TO_PRIVACY_POLICY", member.rows[0]!.params)).toBe(
      "You agreed to the privacy policy and receive notifications",
    );
    expect(
      (await repo.list({ account: OUTSIDER, topics: ["USER_AGREED_TO_PRIVACY_POLICY"] }, page)).total,
    ).toBe(0);
  });

  it("names the off-chain proposals a saved results document covers, with links to them", async () => {
    const ipfs = new IpfsCacheRepository(db);
    const store = async (document: unknown) => {
      const bytes = jsonCodec.encode(document);
      const cid = CID.create(1, jsonCodec.code, await sha256.digest(bytes)).toString();
      await ipfs.put({
        cid,
        content_type: "application/json",
        bytes: Buffer.from(bytes),
        size: bytes.length,
      });
      return cid;
    };
    const results = (pool: string, proposals: { id: string; title: string }[]) => ({
      kind: "polity.offchain-results",
      version: 1,
      chain_id: CHAIN,
      pool_address: pool,
      proposal_type: "Poll",
      nonce: "0",
      proposals: proposals.map((p) => ({ ...p, status: "3", vote_options: ["A", "B"] })),
    });
    const two = await store(
      results(POOL, [
        { id: "7", title: "Fund the meetup" },
        { id: "9", title: "Pick a logo" },
      ]),
    );
    const one = await store(results(POOL, [{ id: "11", title: "Rename the guild" }]));
    // A document of another DAO does not name its proposals for this one's save.
    const foreign = await store(results(OUTSIDER, [{ id: "12", title: "Not ours" }]));
    for (const [i, hash] of [two, one, foreign, "bafy-not-cached"].entries())
      await fixture.insert("offchain_results", {
        id: `${CHAIN}:0xdd:${i}`,
        chain_id: CHAIN,
        block_number: "20",
        timestamp: String(T + 70),
        tx_hash: "0xdd",
        pool: POOL,
        results_hash: hash,
        sender: VERIFIER_SENDER,
      });
    const withDocuments = new ChainEventsReader(new IndexerReader(db, "indexer"), resultsDocuments(db));
    const { events } = await withDocuments.offchainResults(CHAIN, T + 70);
    const byHash = new Map(events.map((e) => [e.params.results_hash, e]));
    const message = (hash: string) => {
      const e = byHash.get(hash)!;
      return messageOf(
        { ...e, event_id: "1", channel: "telegram", account: MEMBER },
        "https://polity.example",
      );
    };

    expect(JSON.parse(byHash.get(two)!.params.offchain_proposals!)).toEqual([
      { id: "7", title: "Fund the meetup" },
      { id: "9", title: "Pick a logo" },
    ]);
    expect(message(two)).toMatchObject({
      text: "Off-chain results of Quorum DAO were saved on chain\nProposals: “Fund the meetup” (#7), “Pick a logo” (#9)",
      url: `https://polity.example/dao/${POOL}`,
    });
    // The only proposal a document covers is where the notification leads.
    expect(message(one)).toMatchObject({
      text: "Off-chain results of Quorum DAO were saved on chain\nProposals: “Rename the guild” (#11)",
      url: `https://polity.example/dao/${POOL}/create-offchain/proposal/11`,
    });
    for (const hash of [foreign, "bafy-not-cached"]) {
      expect(byHash.get(hash)!.params.offchain_proposals).toBeUndefined();
      expect(message(hash).text).toBe("Off-chain results of Quorum DAO were saved on chain");
    }
  });
});
