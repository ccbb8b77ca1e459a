/** Comments and reactions (spec sections 3 and 5). Field names are the api's (snake_case). */
import { z } from "zod";
import { isSupportedChain } from "../chains.ts";
import { CommentReaction } from "../enums.ts";
import { addressSchema, requiredError } from "./rules.ts";

export const COMMENT_MAX_LENGTH = 5000;
export const PAGE_ID_MAX_LENGTH = 512;

const contentSchema = /* @__PURE__ */ z
  .string(requiredError)
  .trim()
  .min(1, "validation.commentEmpty")
  .max(COMMENT_MAX_LENGTH, "validation.maxLength");

const pageIdSchema = /* @__PURE__ */ z
  .string(requiredError)
  .trim()
  .min(1, "validation.required")
  .max(PAGE_ID_MAX_LENGTH, "validation.maxLength")
  .refine((id) => !id.startsWith("/") && !/(^|\/)details$/.test(id), "validation.invalid");

export const commentSchema = /* @__PURE__ */ z.object({
  pool_address: addressSchema,
  page_id: pageIdSchema,
  content: contentSchema,
  chain_id: z
    .number(requiredError)
    .int("validation.notSupportedChain")
    .refine((id) => isSupportedChain(id, { isLocalChainEnabled: true }), "validation.notSupportedChain"),
  parent_id: z.union([z.number().int().positive(), z.string().trim().min(1)], requiredError).optional(),
});
export type CommentInput = z.infer<typeof commentSchema>;

export const commentEditSchema = /* @__PURE__ */ z.object({ content: contentSchema });

export const reactionSchema = /* @__PURE__ */ z.object({
  type: z.enum([CommentReaction.Like, CommentReaction.Dislike], requiredError),
  comment_id: z.union([z.number().int().positive(), z.string().trim().min(1)], requiredError),
});
export type ReactionInput = z.infer<typeof reactionSchema>;

export type CommentAccess = {
  /** The user's voting power in the DAO (deposited + delegated to them), whole tokens as bigint units. */
  power: bigint;
  /** Power > 0 or a non-zero governance token/NFT balance. */
  isMember: boolean;
  minVotesForReadProposalDiscussion: bigint;
  minVotesForCreatingComment: bigint;
};

export type CommentDenial =
  | "errors.notMember"
  | "errors.commentReadPowerTooLow"
  | "errors.commentCreatePowerTooLow";

/**
 * Whether a user may read or write a proposal discussion; the denial tells "not a member" apart
 * from "too little voting power". A zero threshold lets everyone read.
 */
export function commentAccess(access: CommentAccess, action: "read" | "create"): CommentDenial | null {
  const threshold =
    action === "read" ? access.minVotesForReadProposalDiscussion : access.minVotesForCreatingComment;
  if (threshold === 0n) return null;
  if (!access.isMember) return "errors.notMember";
  if (access.power < threshold) {
    return action === "read" ? "errors.commentReadPowerTooLow" : "errors.commentCreatePowerTooLow";
  }
  return null;
}
