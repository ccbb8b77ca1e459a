/** Answers of the comments service (`/integrations/comments-svc`). */
import * as z from "zod/mini";
import { addressRecord, dataDocument, isoTimeRecord, listDocument, resourceRecord } from "./jsonapi.ts";

export const reactionNames = ["like", "dislike"] as const;
export type ReactionName = (typeof reactionNames)[number];

export const commentRecord = z.object({
  chain_id: z.int(),
  page_id: z.string(),
  pool_address: addressRecord,
  /** Null for a deleted comment kept as a placeholder for its replies. */
  author: z.nullable(addressRecord),
  parent_id: z.nullable(z.string()),
  content: z.string(),
  created_at: isoTimeRecord,
  updated_at: isoTimeRecord,
  likes: z.int(),
  dislikes: z.int(),
  replies_count: z.int(),
  /** The signed-in viewer's reaction. */
  user_reaction: z.enum([...reactionNames, "none"]),
  is_author: z.boolean(),
  is_deleted: z.boolean(),
});
export type CommentRecord = z.infer<typeof commentRecord>;

export const commentResource = resourceRecord("comments", commentRecord);
export const commentDocument = dataDocument(commentResource);
export const commentListDocument = listDocument(commentResource);

export const pageStatsRecord = z.object({
  chain_id: z.int(),
  page_id: z.string(),
  pool_address: addressRecord,
  comments_count: z.int(),
  top_level_count: z.int(),
  replies_count: z.int(),
  participants_count: z.int(),
  likes: z.int(),
  dislikes: z.int(),
  last_comment_at: z.nullable(isoTimeRecord),
});
export const pageStatsDocument = dataDocument(resourceRecord("page-stats", pageStatsRecord));

export const reactionRecord = z.object({
  type: z.enum(reactionNames),
  comment_id: z.string(),
  user_address: addressRecord,
  likes: z.int(),
  dislikes: z.int(),
});
export const reactionDocument = dataDocument(resourceRecord("reactions", reactionRecord));
