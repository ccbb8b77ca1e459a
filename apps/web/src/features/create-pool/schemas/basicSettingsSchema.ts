import { z } from "zod";
import { SOCIAL_LINK_KINDS } from "../draft/createPoolDraft.ts";
import { isHttpUrl, msg, requiredText, urlText } from "./rules.ts";

export const DAO_NAME_MAX_LENGTH = 50;
export const DOCUMENT_NAME_MAX_LENGTH = 50;

export const basicSettingsSchema = z.object({
  avatarUrl: z.string(),
  avatarCID: z.string(),
  avatarName: z.string(),
  daoName: requiredText.max(DAO_NAME_MAX_LENGTH, msg.maxLength(DAO_NAME_MAX_LENGTH)),
  websiteUrl: z
    .string()
    .trim()
    .refine((value) => value === "" || isHttpUrl(value), msg.url),
  description: z.object({ type: z.literal("doc"), content: z.array(z.unknown()).optional() }),
  socialLinks: z.array(z.object({ kind: z.enum(SOCIAL_LINK_KINDS), url: urlText })),
  documents: z.array(
    z.object({
      id: z.string(),
      name: requiredText.max(DOCUMENT_NAME_MAX_LENGTH, msg.maxLength(DOCUMENT_NAME_MAX_LENGTH)),
      url: urlText,
    }),
  ),
});

export type BasicSettingsValues = z.infer<typeof basicSettingsSchema>;
