import { translate } from "@polity/core/i18n/en";
import { notificationText } from "@polity/core/i18n/notifications";
import { notificationPath } from "@polity/core/notifications";
import type { FastifyInstance } from "fastify";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { fanOutPending } from "../../../test/notifications.ts";
import { createPool, type Db } from "../../db/pool.ts";
import { normalizePageId } from "./comments.service.ts";

const BASE = "/integrations/comments-svc";
/** A proposal page of the test DAO (set once it is deployed). */
let PAGE = "";

let app: FastifyInstance;
let databaseUrl: string;
let dao: Awaited<ReturnType<typeof deployTestDao>>;
let as: Awaited<ReturnType<typeof signInMembers>>;
let db: Db;

beforeAll(async () => {
  ({ app, databaseUrl } = await startApp());
  dao = await deployTestDao(DEPLOYER_KEYS.comments, { minRead: 0n, minCreate: parseEther("1") });
  PAGE = `dao/${dao.pool}/proposals/7`;
  await dao.setPower(alice.address, parseEther("2")); // member above both thresholds
  await dao.setPower(bob.address, parseEther("0.5")); // member below the comment threshold
  await dao.setWalletBalance(dave.address, parseEther("10")); // holds tokens but deposited nothing
  as = await signInMembers(app);
  db = createPool(databaseUrl);
});
afterAll(async () => {
  await app?.close();
  await db?.end();
});

const create = (who: string, attrs: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: `${BASE}/comments`,
    headers: as(who),
    payload: doc("comments", { chain_id: 31337, pool_address: dao.pool, page_id: PAGE, ...attrs }),
  });

describe("page ids", () => {
  it("strip a leading slash and a trailing details segment", () => {
    expect(normalizePageId("/dao/0xabc/proposals/7/details")).toBe("dao/0xabc/proposals/7");
    expect(normalizePageId("dao/0xabc/proposals/7")).toBe("dao/0xabc/proposals/7");
  });
});

describe("creating comments", () => {
  it("lets a member with enough power comment", async () => {
    const res = await create("alice", { content: "  First!  " });
    expect(res.statusCode).toBe(201);
    const body = json(res).data;
    expect(body.type).toBe("comments");
    expect(body.attributes).toMatchObject({
      chain_id: 31337,
      page_id: PAGE,
      pool_address: dao.pool,
      author: alice.address.toLowerCase(),
      content: "First!",
      parent_id: null,
      likes: 0,
      dislikes: 0,
      user_reaction: "none",
      is_author: true,
    });
  });

  it("tells a non-member and a member with too little power apart", async () => {
    const notMember = expectJsonApiError(await create("carol", { content: "hello" }), 403);
    expect(notMember.detail).toBe(translate("errors.notMember"));
    const tooLow = expectJsonApiError(await create("bob", { content: "hello" }), 403);
    expect(tooLow.detail).toBe(translate("errors.commentCreatePowerTooLow"));
    // Holding undeposited tokens makes dave a member, but without power.
    const holder = expectJsonApiError(await create("dave", { content: "hello" }), 403);
    expect(holder.detail).toBe(translate("errors.commentCreatePowerTooLow"));
    expect(notMember.detail).not.toBe(tooLow.detail);
    expect((notMember as { code?: string }).code).toBe("errors.notMember");
    expect((tooLow as { code?: string }).code).toBe("errors.commentCreatePowerTooLow");
  });

  it("counts power delegated to the user", async () => {
    await dao.setDelegated(bob.address, parseEther("0.6"));
    expect((await create("bob", { content: "with delegated power" })).statusCode).toBe(201);
    await dao.setDelegated(bob.address, 0n);
  });

  it("refuses blank content with 'comment cannot be empty'", async () => {
    const err = expectJsonApiError(await create("alice", { content: " \n\t " }), 400);
    expect(err.detail).toBe(translate("validation.commentEmpty"));
  });

  it("needs a session", async () => {
    const res = await app.inject({
      method: "POST",
      url: `${BASE}/comments`,
      payload: doc("comments", { chain_id: 31337, pool_address: dao.pool, page_id: PAGE, content: "x" }),
    });
    expectJsonApiError(res, 401);
    // The session is checked before the payload: an expired token is 401 (and refreshed), never 400.
    const invalid = await app.inject({
      method: "POST",
      url: `${BASE}/comments`,
      payload: { nonsense: true },
    });
    expectJsonApiError(invalid, 401);
  });

  it("refuses a page id that names no DAO, and a pool that is not the page's", async () => {
    const noDao = expectJsonApiError(await create("alice", { content: "x", page_id: "about/team" }), 400);
    expect(noDao.meta?.field).toBe("page_id");
    const other = await deployTestDao(DEPLOYER_KEYS.comments);
    await other.setPower(alice.address, parseEther("5"));
    const mismatch = expectJsonApiError(
      await create("alice", { content: "x", pool_address: other.pool }),
      400,
    );
    expect(mismatch.meta?.field).toBe("pool_address");
  });

  it("M8 a comment page cannot be squatted: its DAO is the one its id names, listed in PoolRegistry", async () => {
    // The attacker's own pool contract lets anyone comment, but PoolFactory never deployed it.
    const fake = await deployTestDao(DEPLOYER_KEYS.comments, { minCreate: 0n, isRegistered: false });
    const victimPage = `dao/${dao.pool}/proposals/42`;
    // First comment on a real DAO's page, claimed for the fake pool: refused.
    const squat = await create("carol", { content: "first!", pool_address: fake.pool, page_id: victimPage });
    expect(expectJsonApiError(squat, 400).meta?.field).toBe("pool_address");
    // A page of the fake pool itself: refused, it is not a DAO.
    const fakePage = `dao/${fake.pool}/proposals/1`;
    const unlisted = await create("carol", { content: "x", pool_address: fake.pool, page_id: fakePage });
    expect(expectJsonApiError(unlisted, 400).detail).toBe("Address is not a DAO pool on this chain");
    // The DAO's members still own their page.
    const member = await create("alice", { content: "our page", page_id: victimPage });
    expect(member.statusCode).toBe(201);
    expect(json(member).data.attributes.pool_address).toBe(dao.pool);
  });

  it("refuses unknown fields and wrong types with 400", async () => {
    expectJsonApiError(await create("alice", { content: "x", extra: true }), 400);
    expectJsonApiError(await create("alice", { content: 5 }), 400);
  });
});

describe("replies, listing and paging", () => {
  let parentId: string;

  it("threads replies by parent_id", async () => {
    parentId = json(await create("alice", { content: "parent" })).data.id;
    const reply = await create("alice", { content: "a reply", parent_id: parentId });
    expect(reply.statusCode).toBe(201);
    expect(json(reply).data.attributes.parent_id).toBe(parentId);
    expectJsonApiError(await create("alice", { content: "orphan", parent_id: "999999" }), 404);

    const replies = await app.inject({
      method: "GET",
      url: `${BASE}/comments/list/31337/${PAGE}?filter[parent_id]=${parentId}`,
      headers: as("alice"),
    });
    expect(json(replies).data.map((c: { attributes: { content: string } }) => c.attributes.content)).toEqual([
      "a reply",
    ]);
    const top = await app.inject({
      method: "GET",
      url: `${BASE}/comments/${parentId}`,
      headers: as("alice"),
    });
    expect(json(top).data.attributes.replies_count).toBe(1);
  });

  it("pages and orders top-level comments (default newest first)", async () => {
    for (let i = 0; i < 12; i++) await create("alice", { content: `bulk ${i}` });
    const first = await app.inject({
      method: "GET",
      url: `${BASE}/comments/list/31337/${PAGE}?page[limit]=5&page[number]=1`,
      headers: as("alice"),
    });
    expect(first.statusCode).toBe(200);
    const body = json(first);
    expect(body.data).toHaveLength(5);
    expect(body.data[0].attributes.content).toBe("bulk 11");
    expect(body.meta.total_count).toBeGreaterThanOrEqual(14);
    expect(body.links.next).toContain("page%5Bnumber%5D=2");
    // The next link pages after this page's last comment (keyset): the same rows as page 2.
    const byCursor = await app.inject({ method: "GET", url: body.links.next, headers: as("alice") });
    const second = await app.inject({
      method: "GET",
      url: `${BASE}/comments/list/31337/${PAGE}?page[limit]=5&page[number]=2`,
      headers: as("alice"),
    });
    expect(json(byCursor).data).toEqual(json(second).data);
    expect(json(byCursor).data[0].attributes.content).toBe("bulk 6");
    const again = await app.inject({
      method: "GET",
      url: `${BASE}/comments/list/31337/${PAGE}?page[limit]=5&page[number]=1`,
      headers: { ...as("alice"), "if-none-match": first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const asc = await app.inject({
      method: "GET",
      url: `${BASE}/comments/list/31337/${encodeURIComponent(`/${PAGE}/details`)}?page[order]=asc&page[limit]=1`,
      headers: as("alice"),
    });
    expect(json(asc).data[0].attributes.content).toBe("First!");
  });

  it("filters by author and rejects bad paging", async () => {
    const byBob = await app.inject({
      method: "GET",
      url: `${BASE}/comments/list/31337/${PAGE}?filter[author]=${bob.address}`,
      headers: as("alice"),
    });
    expect(
      json(byBob).data.every(
        (c: { attributes: { author: string } }) => c.attributes.author === bob.address.toLowerCase(),
      ),
    ).toBe(true);
    for (const q of ["page[limit]=1001", "page[number]=0", "page[order]=up", "page[a][b]=1", "unknown=1"]) {
      expectJsonApiError(
        await app.inject({
          method: "GET",
          url: `${BASE}/comments/list/31337/${PAGE}?${q}`,
          headers: as("alice"),
        }),
        400,
      );
    }
  });

  it("lists what one address wrote in a DAO across its pages, for a reader the DAO admits", async () => {
    expect((await create("alice", { content: "On 7" })).statusCode).toBe(201);
    const otherPage = `dao/${dao.pool}/proposals/8`;
    const elsewhere = await app.inject({
      method: "POST",
      url: `${BASE}/comments`,
      headers: as("alice"),
      payload: doc("comments", {
        chain_id: 31337,
        pool_address: dao.pool,
        page_id: otherPage,
        content: "On 8",
      }),
    });
    expect(elsewhere.statusCode).toBe(201);
    const url = `${BASE}/comments/by-author/31337/${dao.pool}/${alice.address}`;
    const res = await app.inject({ method: "GET", url: `${url}?page[limit]=100`, headers: as("carol") });
    expect(res.statusCode).toBe(200);
    const rows = json(res).data.map(
      (c: { attributes: { author: string; page_id: string; content: string } }) => c.attributes,
    );
    expect(rows[0]).toMatchObject({ page_id: otherPage, content: "On 8" });
    expect(rows.some((c: { page_id: string }) => c.page_id === PAGE)).toBe(true);
    expect(rows.every((c: { author: string }) => c.author === alice.address.toLowerCase())).toBe(true);
    expect(json(res).meta.total_count).toBe(rows.length);
    expectJsonApiError(await app.inject({ method: "GET", url }), 401);
    await dao.setCommentSettings(parseEther("1"), parseEther("1"));
    try {
      expectJsonApiError(await app.inject({ method: "GET", url, headers: as("bob") }), 403);
    } finally {
      await dao.setCommentSettings(0n, parseEther("1"));
    }
  });

  it("gates reading by minVotesForReadProposalDiscussion", async () => {
    await dao.setCommentSettings(parseEther("1"), parseEther("1"));
    try {
      const url = `${BASE}/comments/list/31337/${PAGE}`;
      expect((await app.inject({ method: "GET", url, headers: as("alice") })).statusCode).toBe(200);
      const low = expectJsonApiError(await app.inject({ method: "GET", url, headers: as("bob") }), 403);
      expect(low.detail).toBe(translate("errors.commentReadPowerTooLow"));
      const outsider = expectJsonApiError(
        await app.inject({ method: "GET", url, headers: as("carol") }),
        403,
      );
      expect(outsider.detail).toBe(translate("errors.notMember"));
      expectJsonApiError(
        await app.inject({ method: "GET", url: `${BASE}/comments/${parentId}`, headers: as("bob") }),
        403,
      );
      expectJsonApiError(
        await app.inject({ method: "GET", url: `${BASE}/page-stats/31337/${PAGE}`, headers: as("bob") }),
        403,
      );
      expectJsonApiError(await app.inject({ method: "GET", url }), 401);
    } finally {
      await dao.setCommentSettings(0n, parseEther("1"));
    }
  });
});

describe("editing and deleting", () => {
  it("lets only the author edit, never to blank", async () => {
    const id = json(await create("alice", { content: "draft" })).data.id;
    const patch = (who: string, content: unknown) =>
      app.inject({
        method: "PATCH",
        url: `${BASE}/comments/${id}`,
        headers: as(who),
        payload: doc("comments", { content }),
      });
    const ok = await patch("alice", "final");
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.attributes.content).toBe("final");
    expectJsonApiError(await patch("bob", "hijack"), 403);
    expect(expectJsonApiError(await patch("alice", "   "), 400).detail).toBe(
      translate("validation.commentEmpty"),
    );
    expectJsonApiError(
      await app.inject({
        method: "PATCH",
        url: `${BASE}/comments/987654`,
        headers: as("alice"),
        payload: doc("comments", { content: "x" }),
      }),
      404,
    );
  });

  it("lets only the author delete; a comment without replies is gone", async () => {
    const total = async () =>
      json(
        await app.inject({ method: "GET", url: `${BASE}/comments/list/31337/${PAGE}`, headers: as("alice") }),
      ).meta.total_count as number;
    const before = await total();
    const id = json(await create("alice", { content: "to delete" })).data.id;
    expect(await total()).toBe(before + 1);
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers: as("bob") }),
      403,
    );
    expect(
      (await app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers: as("alice") }))
        .statusCode,
    ).toBe(204);
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${BASE}/comments/${id}`, headers: as("alice") }),
      404,
    );
    expect(await total()).toBe(before);
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers: as("alice") }),
      404,
    );
    expectJsonApiError(
      await app.inject({ method: "GET", url: `${BASE}/comments/abc`, headers: as("alice") }),
      400,
    );
  });

  it("L6 deleting a comment keeps the others' replies under a deleted placeholder", async () => {
    const get = (id: string) =>
      app.inject({ method: "GET", url: `${BASE}/comments/${id}`, headers: as("alice") });
    const id = json(await create("alice", { content: "my thoughts" })).data.id;
    await dao.setDelegated(bob.address, parseEther("0.6"));
    const replyId = json(await create("bob", { content: "bob's answer", parent_id: id })).data.id;
    await app.inject({
      method: "POST",
      url: `${BASE}/reactions`,
      headers: as("bob"),
      payload: doc("reactions", { type: "like", comment_id: id }),
    });
    const del = await app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers: as("alice") });
    expect(del.statusCode).toBe(204);

    // Bob's reply is still there, under a placeholder that shows nothing of the deleted comment.
    expect(json(await get(replyId)).data.attributes.content).toBe("bob's answer");
    const placeholder = json(await get(id)).data.attributes;
    expect(placeholder).toMatchObject({
      is_deleted: true,
      content: "",
      author: null,
      is_author: false,
      likes: 0,
      dislikes: 0,
      replies_count: 1,
    });
    const top = json(
      await app.inject({ method: "GET", url: `${BASE}/comments/list/31337/${PAGE}`, headers: as("alice") }),
    );
    expect(top.data.find((c: { id: string }) => c.id === id)?.attributes.is_deleted).toBe(true);
    const replies = json(
      await app.inject({
        method: "GET",
        url: `${BASE}/comments/list/31337/${PAGE}?filter[parent_id]=${id}`,
        headers: as("alice"),
      }),
    );
    expect(replies.data.map((c: { id: string }) => c.id)).toEqual([replyId]);

    // A placeholder cannot be edited, reacted to or answered, nor deleted twice.
    expectJsonApiError(
      await app.inject({
        method: "PATCH",
        url: `${BASE}/comments/${id}`,
        headers: as("alice"),
        payload: doc("comments", { content: "back" }),
      }),
      409,
    );
    expectJsonApiError(await create("bob", { content: "another", parent_id: id }), 409);
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${BASE}/comments/${id}`, headers: as("alice") }),
      404,
    );

    // Once its last reply is deleted, the placeholder goes too.
    const delReply = await app.inject({
      method: "DELETE",
      url: `${BASE}/comments/${replyId}`,
      headers: as("bob"),
    });
    expect(delReply.statusCode).toBe(204);
    expectJsonApiError(await get(id), 404);
    await dao.setDelegated(bob.address, 0n);
  });
});

describe("reactions and page stats", () => {
  it("keeps one reaction per user per comment", async () => {
    const id = json(await create("alice", { content: "react to me" })).data.id;
    const react = (who: string, type: string) =>
      app.inject({
        method: "POST",
        url: `${BASE}/reactions`,
        headers: as(who),
        payload: doc("reactions", { type, comment_id: id }),
      });
    expect(json(await react("alice", "like")).data.attributes).toMatchObject({ likes: 1, dislikes: 0 });
    expect(json(await react("alice", "like")).data.attributes).toMatchObject({ likes: 1, dislikes: 0 });
    expect(json(await react("alice", "dislike")).data.attributes).toMatchObject({ likes: 0, dislikes: 1 });
    const seen = await app.inject({ method: "GET", url: `${BASE}/comments/${id}`, headers: as("alice") });
    expect(json(seen).data.attributes.user_reaction).toBe("dislike");
    expectJsonApiError(await react("carol", "like"), 403);
    expectJsonApiError(await react("alice", "love"), 400);
    expect(
      (await app.inject({ method: "DELETE", url: `${BASE}/reactions/${id}`, headers: as("alice") }))
        .statusCode,
    ).toBe(204);
    expectJsonApiError(
      await app.inject({ method: "DELETE", url: `${BASE}/reactions/${id}`, headers: as("alice") }),
      404,
    );
    expectJsonApiError(
      await app.inject({
        method: "POST",
        url: `${BASE}/reactions`,
        headers: as("alice"),
        payload: doc("reactions", { type: "like", comment_id: 424242 }),
      }),
      404,
    );
  });

  it("summarises a page", async () => {
    const res = await app.inject({
      method: "GET",
      url: `${BASE}/page-stats/31337/${PAGE}`,
      headers: as("alice"),
    });
    expect(res.statusCode).toBe(200);
    const stats = json(res).data.attributes;
    expect(stats.page_id).toBe(PAGE);
    expect(stats.pool_address).toBe(dao.pool);
    expect(stats.comments_count).toBeGreaterThan(10);
    expect(stats.participants_count).toBe(2);
    const empty = await app.inject({
      method: "GET",
      url: `${BASE}/page-stats/31337/dao/${dao.pool}/proposals/999`,
      headers: as("alice"),
    });
    expect(json(empty).data.attributes.comments_count).toBe(0);
  });
});

describe("reply notifications", () => {
  const events = async () =>
    (
      await db.query<{ key: string; recipients: string[]; actor: string; params: Record<string, string> }>(
        `SELECT key, recipients, actor, params FROM api.notification_events WHERE topic = 'COMMENT_REPLIED' ORDER BY id`,
      )
    ).rows;
  const storage = async (who: string) =>
    json(
      await app.inject({
        method: "GET",
        url: "/integrations/notifications-core/storage?filter[topic]=COMMENT_REPLIED",
        headers: as(who),
      }),
    ).data as { attributes: { actor: string; params: Record<string, string> } }[];

  it("tells the parent's author of a reply, never of their own reply or a refused one", async () => {
    const before = (await events()).length;
    const parentId = json(await create("alice", { content: "who agrees?" })).data.id;
    // Alice answering herself is no news to her; a blank reply and one from a member without power are refused.
    expect((await create("alice", { content: "me, of course", parent_id: parentId })).statusCode).toBe(201);
    expectJsonApiError(await create("carol", { content: "me too", parent_id: parentId }), 403);
    expectJsonApiError(await create("alice", { content: "  ", parent_id: parentId }), 400);
    expect(await events()).toHaveLength(before);

    await dao.setPower(carol.address, parseEther("2"));
    const reply = await create("carol", { content: "I do", parent_id: parentId });
    expect(reply.statusCode).toBe(201);
    const replyId = json(reply).data.id;
    const stored = await events();
    expect(stored).toHaveLength(before + 1);
    const C = carol.address.toLowerCase();
    expect(stored.at(-1)).toEqual({
      key: `COMMENT_REPLIED:${replyId}`,
      recipients: [alice.address.toLowerCase()],
      actor: C,
      params: { pool: dao.pool, actor: C, page_id: PAGE, comment_id: parentId, reply_id: replyId },
    });

    // Fanned out as the notifier does: alice's list has it, with the reply's page as its link; carol's does not.
    await fanOutPending(db);
    const alices = await storage("alice");
    expect(alices[0]?.attributes).toMatchObject({ actor: C, params: { reply_id: replyId } });
    expect(notificationPath({ params: alices[0]!.attributes.params, destination: null })).toBe(`/${PAGE}`);
    expect(notificationText("COMMENT_REPLIED", alices[0]!.attributes.params)).toBe(
      `${C} replied to your comment`,
    );
    expect(await storage("carol")).toHaveLength(0);
    await dao.setPower(carol.address, 0n);
  });
});

describe("persistence", () => {
  it("keeps comments and sessions across an api restart", async () => {
    const id = json(await create("alice", { content: "survives" })).data.id;
    await app.close();
    app = await appOn(databaseUrl);
    const res = await app.inject({ method: "GET", url: `${BASE}/comments/${id}`, headers: as("alice") });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes.content).toBe("survives");
  });
});
