/**
 * A member's public profile (`/profile/edit`): display name, avatar (an IPFS cache URL), bio and
 * social links. Field names are the api's (snake_case); the api and the edit form check with this.
 */
import { z } from "zod";
import { socialLinkSchema } from "./dao.ts";
import { optionalTextSchema, optionalUrlSchema, reportDuplicates, requiredError } from "./rules.ts";

export const PROFILE_NAME_MAX_LENGTH = 50;
export const PROFILE_BIO_MAX_LENGTH = 1000;
export const PROFILE_SOCIAL_LINKS_MAX = 10;

export const profileSchema = /* @__PURE__ */ z
  .object({
    name: optionalTextSchema(PROFILE_NAME_MAX_LENGTH),
    avatar_url: optionalUrlSchema,
    bio: optionalTextSchema(PROFILE_BIO_MAX_LENGTH),
    social_links: z
      .array(socialLinkSchema, requiredError)
      .max(PROFILE_SOCIAL_LINKS_MAX, "validation.maxLength"),
  })
  .superRefine((value, ctx) => {
    reportDuplicates(value.social_links, (l) => l.url, ctx, { path: (i) => ["social_links", i, "url"] });
  });
export type ProfileInput = z.infer<typeof profileSchema>;
