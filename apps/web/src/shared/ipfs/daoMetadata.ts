import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { queryRoots } from "../query/queryKeys.ts";
import { ipfsToHttp } from "./ipfsUrl.ts";

/**
 * The DAO metadata document of PROTOCOL.md ("Off-chain voting and metadata formats"), stored on IPFS
 * and referenced by the pool's descriptionURL.
 */
export interface DaoMetadata {
  daoName: string;
  websiteUrl: string;
  description: string;
  socialLinks: [string, string][];
  documents: { name: string; url: string }[];
  avatarUrl: string;
  avatarCID: string;
  avatarFileName: string;
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Reads the document leniently (hand-written rather than a schema library, to keep the list's
 * first download small): wrong or missing fields become empty, so old or partial documents still show.
 */
export function parseDaoMetadata(document: unknown): DaoMetadata {
  const doc = record(document);
  const socialLinks = Array.isArray(doc.socialLinks)
    ? doc.socialLinks
        .filter(
          (pair): pair is [string, string] =>
            Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string",
        )
        .map(([kind, url]) => [kind, url] as [string, string])
    : [];
  const documents = Array.isArray(doc.documents)
    ? doc.documents
        .map((item) => ({ name: text(record(item).name), url: text(record(item).url) }))
        .filter((d) => d.url)
    : [];
  return {
    daoName: text(doc.daoName),
    websiteUrl: text(doc.websiteUrl),
    description: text(doc.description),
    socialLinks,
    documents,
    avatarUrl: text(doc.avatarUrl),
    avatarCID: text(doc.avatarCID),
    avatarFileName: text(doc.avatarFileName),
  };
}

export interface RichTextNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
}

/** An IPFS (or http) JSON document through the api's gateway. */
export async function fetchJson(link: string, signal: AbortSignal): Promise<unknown> {
  const url = ipfsToHttp(link);
  if (!url) throw new Error(`Not an IPFS or http link: ${link}`);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`IPFS document ${link} answered ${response.status}`);
  return response.json();
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

/**
 * The DAO metadata document as stored, every key kept (an edit writes back the ones it does not
 * show); an empty object when the DAO has none.
 */
export function daoMetadataDocumentQuery(descriptionUrl: string) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "daoMetadataDocument", descriptionUrl],
    queryFn: async ({ signal }) =>
      ipfsToHttp(descriptionUrl) ? record(await fetchJson(descriptionUrl, signal)) : {},
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

/**
 * Reads a DAO's metadata document, then its rich-text description, into `queryClient`'s cache as soon
 * as the chain has named the document: the profile's header finds them there (or in flight) rather
 * than asking once the rest of the profile has been read.
 */
export async function prefetchDaoDescription(
  queryClient: QueryClient,
  descriptionUrl: string,
): Promise<void> {
  const metadata = await queryClient.fetchQuery(daoMetadataQuery(descriptionUrl)).catch(() => undefined);
  const description = richTextQuery(metadata?.description);
  if (description.enabled) await queryClient.prefetchQuery(description);
}

/** The proposal metadata document of PROTOCOL.md. */
export interface ProposalMetadata {
  proposalName: string;
  proposalDescription: unknown;
  category: string;
}

export function parseProposalMetadata(document: unknown): ProposalMetadata {
  const doc = record(document);
  return {
    proposalName: text(doc.proposalName),
    proposalDescription: doc.proposalDescription,
    category: text(doc.category),
  };
}

/** The proposal metadata document of PROTOCOL.md (name, rich-text description, category). */
export function proposalMetadataQuery(descriptionUrl: string | undefined) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "proposalMetadata", descriptionUrl],
    queryFn: async ({ signal }) => parseProposalMetadata(await fetchJson(descriptionUrl as string, signal)),
    enabled: Boolean(descriptionUrl),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
}
