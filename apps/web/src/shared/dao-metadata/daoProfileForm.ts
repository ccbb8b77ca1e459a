import { SOCIAL_LINK_KINDS, type SocialLinkKind } from "@polity/core/enums";
import { type BasicSettingsOptions, basicSettingsSchema } from "@polity/core/validation/dao";
import type { DaoMetadata } from "../ipfs/daoMetadata.ts";
import { type FormIssue, issuesOf } from "../ui/formResolver.ts";
import type { RichTextDocument } from "../ui/RichTextEditor.tsx";

export type SocialLink = { kind: SocialLinkKind; url: string };
export type DaoDocument = { id: string; name: string; url: string };

/**
 * What the DAO's profile shows, as its form holds it: the DAO creation wizard's basic step and the
 * change-dao-settings proposal edit the same values (the name only at creation; it is immutable).
 */
export interface DaoProfileValues {
  avatarUrl: string;
  avatarCID: string;
  avatarName: string;
  daoName: string;
  websiteUrl: string;
  description: RichTextDocument;
  socialLinks: SocialLink[];
  documents: DaoDocument[];
}

export const isEmptyDocument = (doc: RichTextDocument) => (doc.content?.length ?? 0) === 0;

/** The spec's rules of these fields (core's basic settings schema), at the form's paths. */
export function validateDaoProfile(
  values: DaoProfileValues,
  options: BasicSettingsOptions = {},
): FormIssue[] {
  return issuesOf(basicSettingsSchema(options), {
    // The avatar is an uploaded IPFS document (ipfs://), not a typed URL.
    avatarUrl: "",
    avatarName: values.avatarName,
    daoName: values.daoName,
    websiteUrl: values.websiteUrl,
    description: isEmptyDocument(values.description) ? "" : JSON.stringify(values.description),
    socialLinks: values.socialLinks,
    documents: values.documents,
  });
}

/**
 * The DAO metadata document the pool's descriptionURL references (PROTOCOL.md); the rich-text
 * description is its own IPFS document, referenced here as `ipfs://<cid>`.
 */
export function buildDaoMetadata(values: DaoProfileValues, descriptionUrl: string): DaoMetadata {
  return {
    daoName: values.daoName.trim(),
    websiteUrl: values.websiteUrl.trim(),
    description: descriptionUrl,
    socialLinks: values.socialLinks.map((link) => [link.kind, link.url.trim()]),
    documents: values.documents.map((doc) => ({ name: doc.name.trim(), url: doc.url.trim() })),
    avatarUrl: values.avatarUrl,
    avatarCID: values.avatarCID,
    avatarFileName: values.avatarName,
  };
}

const isSocialKind = (kind: string): kind is SocialLinkKind =>
  (SOCIAL_LINK_KINDS as readonly string[]).includes(kind);

/** A stored metadata document back as the form's values (an unknown social network reads as 'other'). */
export function daoProfileValuesOf(metadata: DaoMetadata, description: RichTextDocument): DaoProfileValues {
  return {
    avatarUrl: metadata.avatarUrl,
    avatarCID: metadata.avatarCID,
    avatarName: metadata.avatarFileName,
    daoName: metadata.daoName,
    websiteUrl: metadata.websiteUrl,
    description,
    socialLinks: metadata.socialLinks.map(([kind, url]) => ({
      kind: isSocialKind(kind) ? kind : "other",
      url,
    })),
    documents: metadata.documents.map((doc, index) => ({ id: `document-${index}`, ...doc })),
  };
}
