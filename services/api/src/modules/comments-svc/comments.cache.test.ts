import { describe, expect, it } from "vitest";
import type { GovPoolReader } from "../../chain/govPool.ts";
import type { CommentRow, CommentsRepository } from "./comments.repository.ts";
import { CommentsService } from "./comments.service.ts";

const POOL = "0x00000000000000000000000000000000000000aa";
const PAGE = `dao/${POOL}/proposals/1`;
const ALICE = "0x00000000000000000000000000000000000000a1";
const BOB = "0x00000000000000000000000000000000000000b0";

function comment(id: string): CommentRow {
  const at = new Date(0);
  return {
    id,
    chain_id: 31337,
    page_id: PAGE,
    pool_address: POOL,
    author: ALICE,
    parent_id: null,
    content: `comment ${id}`,
    created_at: at,
    updated_at: at,
    likes: 0,
    dislikes: 0,
    replies_count: 0,
    user_reaction: null,
    is_deleted: false,
  };
}

/** A repository that counts its reads; Bob likes comment 1. */
function fakes() {
  const reads = { lists: 0, reactions: 0 };
  const repo = {
    list: async () => {
      reads.lists++;
      return { rows: [comment("1"), comment("2")], total: 2 };
    },
    reactionsOf: async (viewer: string) => {
      reads.reactions++;
      return new Map(viewer === BOB ? [["1", 1]] : []);
    },
    find: async (id: string) => comment(id),
    upsertReaction: async () => undefined,
  } as unknown as CommentsRepository;
  const govPools = {
    assertGovPool: async () => undefined,
    commentSettings: async () => ({ minVotesForReadProposalDiscussion: 0n, minVotesForCreatingComment: 0n }),
  } as unknown as GovPoolReader;
  return { reads, service: new CommentsService(repo, govPools, { publish: async () => 0 }, 60_000) };
}

const page = { number: 1, limit: 10, order: "desc" as const };
const session = (address: string) => ({ address: address as `0x${string}`, chainId: 31337 });
const filter = { chainId: 31337, pageId: PAGE, parentId: undefined };

describe("comment pages", () => {
  it("are read once per page within the TTL; each reader's reactions are their own", async () => {
    const { reads, service } = fakes();
    const alice = await service.list(session(ALICE), filter, page);
    const bob = await service.list(session(BOB), filter, page);
    await service.list(session(BOB), filter, page);
    expect(reads.lists).toBe(1);
    expect(reads.reactions).toBe(2);
    expect(alice.rows.map((c) => c.user_reaction)).toEqual([null, null]);
    expect(bob.rows.map((c) => c.user_reaction)).toEqual([1, null]);
  });

  it("are read again after a write to the discussion in this process", async () => {
    const { reads, service } = fakes();
    await service.list(session(BOB), filter, page);
    await service.react(session(ALICE), "2", "like");
    await service.list(session(BOB), filter, page);
    expect(reads.lists).toBe(2);
    expect(reads.reactions).toBe(2);
  });

  it("answer each reader's URL once within the TTL, and anew after a write", async () => {
    const { service } = fakes();
    let built = 0;
    const answer = (reader: string, url: string) =>
      service.listAnswer(session(reader), filter, page, url, (list) => {
        built++;
        return list.rows.map((c) => [c.id, c.user_reaction]);
      });
    const first = await answer(BOB, "/list?a");
    expect(JSON.parse(first.body)).toEqual([
      ["1", 1],
      ["2", null],
    ]);
    expect(await answer(BOB, "/list?a")).toBe(first);
    await answer(ALICE, "/list?a");
    await answer(BOB, "/list?b");
    expect(built).toBe(3);
    await service.react(session(ALICE), "2", "like");
    await answer(BOB, "/list?a");
    expect(built).toBe(4);
  });
});
