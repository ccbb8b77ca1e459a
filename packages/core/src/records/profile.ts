/** Answers of the profile service (`/integrations/profile`): public profiles and followed DAOs. */
import * as z from "zod/mini";
import { SOCIAL_LINK_KINDS } from "../enums.ts";
import { addressRecord, dataDocument, isoTimeRecord, poolKeyShape, resourceRecord } from "./jsonapi.ts";

export const profileRecord = z.object({
  address: addressRecord,
  name: z.string(),
  avatar_url: z.string(),
  bio: z.string(),
  social_links: z.array(z.object({ kind: z.enum(SOCIAL_LINK_KINDS), url: z.string() })),
  /** Null while the address never saved a profile. */
  updated_at: z.nullable(isoTimeRecord),
});
export type ProfileRecord = z.infer<typeof profileRecord>;
export const profileDocument = dataDocument(resourceRecord("profiles", profileRecord));

/** A DAO the address follows: pinned at the top of its DAO list. */
export const followedDaoRecord = z.object({
  ...poolKeyShape,
  created_at: isoTimeRecord,
});
export type FollowedDaoRecord = z.infer<typeof followedDaoRecord>;
export const followedDaoListDocument = dataDocument(
  z.array(resourceRecord("followed-daos", followedDaoRecord)),
);

/** How many comments the address wrote in one DAO (profile's comments modal). */
export const commentActivityRecord = z.object({
  ...poolKeyShape,
  comments_count: z.int(),
  last_comment_at: isoTimeRecord,
});
export type CommentActivityRecord = z.infer<typeof commentActivityRecord>;
export const commentActivityListDocument = dataDocument(
  z.array(resourceRecord("comment-activity", commentActivityRecord)),
);

/** An expert badge the address holds on a chain: a DAO's local one, or the protocol's global one (pool null). */
export const expertBadgeRecord = z.object({
  chain_id: z.int(),
  pool_address: z.nullable(addressRecord),
  is_global: z.boolean(),
  nft_address: addressRecord,
  token_id: z.string(),
});
export type ExpertBadgeRecord = z.infer<typeof expertBadgeRecord>;
export const expertBadgeListDocument = dataDocument(
  z.array(resourceRecord("expert-badges", expertBadgeRecord)),
);
