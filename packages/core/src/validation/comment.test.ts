import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { en } from "../i18n/en.ts";
import { commentAccess, commentEditSchema, commentSchema, reactionSchema } from "./comment.ts";
import { fieldMessages } from "./issues.ts";

function errors(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldMessages(r.error).map((m) => [m.path, m.message]);
}

const comment = {
  pool_address: "0x0000000000000000000000000000000000000001",
  page_id: "dao/0x0000000000000000000000000000000000000001/proposals/3",
  content: "Looks good",
  chain_id: 56,
};

describe("comments", () => {
  it("accepts a comment and a reply", () => {
    expect(errors(commentSchema, comment)).toEqual([]);
    expect(errors(commentSchema, { ...comment, parent_id: 5 })).toEqual([]);
  });

  it("cannot be empty", () => {
    expect(errors(commentSchema, { ...comment, content: "   " })).toEqual([
      ["content", "Comment cannot be empty"],
    ]);
    expect(errors(commentEditSchema, { content: "" })).toEqual([["content", "Comment cannot be empty"]]);
    expect(errors(commentEditSchema, { content: "x".repeat(5001) })).toEqual([
      ["content", "Must be at most 5000 characters"],
    ]);
  });

  it("needs a derived page id and a supported chain", () => {
    expect(errors(commentSchema, { ...comment, page_id: "/dao/x/details" })).toEqual([
      ["page_id", "Please enter a valid value"],
    ]);
    expect(errors(commentSchema, { ...comment, chain_id: 5 })).toEqual([
      ["chain_id", "This chain is not supported"],
    ]);
  });

  it("reactions are like or dislike", () => {
    expect(errors(reactionSchema, { type: "like", comment_id: 1 })).toEqual([]);
    expect(errors(reactionSchema, { type: "love", comment_id: 1 })).toHaveLength(1);
  });
});

describe("comment access", () => {
  const base = {
    power: 5n,
    isMember: true,
    minVotesForReadProposalDiscussion: 0n,
    minVotesForCreatingComment: 1n,
  };
  it("lets everyone read at a zero threshold", () => {
    expect(commentAccess({ ...base, isMember: false, power: 0n }, "read")).toBeNull();
  });
  it("tells non-members apart from members with too little power", () => {
    expect(commentAccess({ ...base, isMember: false, power: 0n }, "create")).toBe("errors.notMember");
    expect(commentAccess({ ...base, power: 0n }, "create")).toBe("errors.commentCreatePowerTooLow");
    expect(commentAccess({ ...base, minVotesForReadProposalDiscussion: 10n }, "read")).toBe(
      "errors.commentReadPowerTooLow",
    );
    expect(commentAccess(base, "create")).toBeNull();
    expect(en["errors.notMember"]).toBeTruthy();
  });
});
