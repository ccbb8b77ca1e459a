import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldMessages } from "./issues.ts";
import { createProposalAndVoteArgs, proposalPayloadSchema } from "./proposalPayload.ts";

function errors(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldMessages(r.error).map((m) => [m.path, m.message]);
}

const action = { executor: "0x0000000000000000000000000000000000000001", value: 0n, data: "0xa9059cbb" };
const payload = {
  descriptionURL: "ipfs://bafkreigh2akiscaildc",
  actionsOnFor: [action],
  actionsOnAgainst: [],
  amount: 10n ** 18n,
  nftIds: [1n, 2n],
};

describe("proposal-creation payload", () => {
  it("accepts a payload and orders the contract arguments", () => {
    const parsed = proposalPayloadSchema.parse(payload);
    expect(createProposalAndVoteArgs(parsed)).toEqual([
      payload.descriptionURL,
      [action],
      [],
      10n ** 18n,
      [1n, 2n],
    ]);
  });

  it("needs an ipfs description, at least one for-action and valid actions", () => {
    expect(errors(proposalPayloadSchema, { ...payload, descriptionURL: "https://x.com" })).toEqual([
      ["descriptionURL", "Please provide an ipfs:// link"],
    ]);
    expect(errors(proposalPayloadSchema, { ...payload, actionsOnFor: [] })).toEqual([
      ["actionsOnFor", "Add at least one item"],
    ]);
    expect(
      errors(proposalPayloadSchema, {
        ...payload,
        actionsOnFor: [{ executor: "0x1", value: -1n, data: "0xabc" }],
      }),
    ).toEqual([
      ["actionsOnFor.0.executor", "Please enter a valid address"],
      ["actionsOnFor.0.value", "Please enter a valid non-negative number"],
      ["actionsOnFor.0.data", "Please enter a valid value"],
    ]);
  });

  it("refuses out-of-range amounts and duplicate NFT ids", () => {
    expect(errors(proposalPayloadSchema, { ...payload, amount: 2n ** 256n })).toEqual([
      ["amount", "Please enter a valid non-negative number"],
    ]);
    expect(errors(proposalPayloadSchema, { ...payload, nftIds: [1n, 1n] })).toEqual([
      ["nftIds.1", "This value is already in the list"],
    ]);
  });
});
