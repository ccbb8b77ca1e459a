/**
 * Proposal-creation payload (spec section 3): a description string, two lists of actions (target
 * address, value, data) — for and against — a vote amount and a list of NFT ids, matching
 * GovPool.createProposalAndVote(descriptionURL, actionsOnFor, actionsOnAgainst, amount, nftIds).
 */
import { isAddress, isHex } from "viem";
import { z } from "zod";
import { addIssue, reportDuplicates, requiredError } from "./rules.ts";

const uint256Max = 2n ** 256n - 1n;
const uint256Schema = /* @__PURE__ */ z
  .bigint(requiredError)
  .min(0n, "validation.invalidNumber")
  .max(uint256Max, "validation.invalidNumber");

export const proposalActionSchema = /* @__PURE__ */ z.object({
  executor: z
    .string(requiredError)
    .refine((v) => isAddress(v, { strict: false }), "validation.invalidAddress")
    .transform((v) => v as `0x${string}`),
  value: uint256Schema,
  data: z
    .string(requiredError)
    .refine((v) => isHex(v, { strict: true }) && v.length % 2 === 0, "validation.invalid")
    .transform((v) => v as `0x${string}`),
});
export type ProposalAction = z.infer<typeof proposalActionSchema>;

/** Proposal metadata lives on IPFS: the description is its `ipfs://<cid>` link. */
const descriptionUrlSchema = /* @__PURE__ */ z
  .string(requiredError)
  .trim()
  .min(1, "validation.required")
  .refine((v) => /^ipfs:\/\/[A-Za-z0-9]+$/.test(v), "validation.invalidIpfsLink");

export const proposalPayloadSchema = /* @__PURE__ */ z
  .object({
    descriptionURL: descriptionUrlSchema,
    actionsOnFor: z.array(proposalActionSchema, requiredError),
    actionsOnAgainst: z.array(proposalActionSchema, requiredError),
    /** Tokens (base units) voted for with the creation; 0 to only create. */
    amount: uint256Schema,
    nftIds: z.array(uint256Schema, requiredError),
  })
  .superRefine((payload, ctx) => {
    if (payload.actionsOnFor.length === 0) addIssue(ctx, "validation.atLeastOneItem", ["actionsOnFor"]);
    reportDuplicates(payload.nftIds, (id) => id.toString(), ctx, { path: (i) => ["nftIds", i] });
  });
export type ProposalPayload = z.infer<typeof proposalPayloadSchema>;

/** Arguments of GovPool.createProposalAndVote in ABI order. */
export function createProposalAndVoteArgs(payload: ProposalPayload) {
  return [
    payload.descriptionURL,
    payload.actionsOnFor,
    payload.actionsOnAgainst,
    payload.amount,
    payload.nftIds,
  ] as const;
}
