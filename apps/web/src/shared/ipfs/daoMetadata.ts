import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { queryRoots } from "../query/queryKeys.ts";
import { ipfsToHttp } from "./ipfsUrl.ts";

/** The DAO metadata document of PROTOCOL.md, read leniently: old or partial documents still show. */
const daoMetadataSchema = z.object({
  daoName: z.string().catch(""),
  websiteUrl: z.string().catch(""),
  description: z.string().catch(""),
  socialLinks: z
    .array(z.tuple([z.string(), z.string()]))
    .catch([])
    .default([]),
  documents: z
    .array(z.object({ name: z.string().catch(""), url: z.string().catch("") }))
    .catch([])
    .default([]),
  avatarUrl: z.string().catch(""),
  avatarCID: z.string().catch(""),
  avatarFileName: z.string().catch(""),
});

export type DaoMetadata = z.infer<typeof daoMetadataSchema>;

export interface RichTextNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
}

async function fetchJson(link: string, signal: AbortSignal): Promise<unknown> {
  const url = ipfsToHttp(link);
  if (!url) throw new Error(`Not an IPFS or http link: ${link}`);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`IPFS document ${link} answered ${response.status}`);
  return response.json();
}

export function parseDaoMetadata(document: unknown): DaoMetadata {
  return daoMetadataSchema.parse(document ?? {});
}

/** IPFS documents never change: cached for the whole session. */
export function daoMetadataQuery(descriptionUrl: string | undefined) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "daoMetadata", descriptionUrl],
    queryFn: async ({ signal }) => parseDaoMetadata(await fetchJson(descriptionUrl as string, signal)),
    enabled: Boolean(descriptionUrl),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
}

/** The rich-text description: a Tiptap JSON document, or plain text in older documents. */
export function richTextQuery(link: string | undefined) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "richText", link],
    queryFn: async ({ signal }): Promise<RichTextNode | string> => {
      const value = await fetchJson(link as string, signal);
      if (typeof value === "string") return value;
      const doc = value as { document?: unknown; type?: unknown };
      if (doc && typeof doc === "object" && doc.type === "doc") return doc as RichTextNode;
      if (doc && typeof doc.document === "object") return doc.document as RichTextNode;
      return JSON.stringify(value);
    },
    enabled: Boolean(link) && /^ipfs:\/\//i.test(link ?? ""),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
}

const proposalMetadataSchema = z.object({
  proposalName: z.string().catch(""),
  proposalDescription: z.unknown().optional(),
  category: z.string().catch(""),
});

export type ProposalMetadata = z.infer<typeof proposalMetadataSchema>;

/** The proposal metadata document of PROTOCOL.md (name, rich-text description, category). */
export function proposalMetadataQuery(descriptionUrl: string | undefined) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "proposalMetadata", descriptionUrl],
    queryFn: async ({ signal }) =>
      proposalMetadataSchema.parse((await fetchJson(descriptionUrl as string, signal)) ?? {}),
    enabled: Boolean(descriptionUrl),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
}
