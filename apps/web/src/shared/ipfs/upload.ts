import { uploadedDocument } from "@polity/core/records/ipfs";
import type * as z from "zod/mini";
import { env } from "../config/env.ts";
import { api } from "../http/api.ts";

/**
 * Uploads to the api's IPFS cache (`/integrations/ipfs-cache-svc`), answered as JSON:API; signed in,
 * uploads count against the account's quota.
 */

export type IpfsUpload = { cid: string; url: string };

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const IPFS_PATH = "/integrations/ipfs-cache-svc";

/** The http(s) address the api serves a stored IPFS document from. */
export function ipfsGatewayUrl(cidOrUrl: string): string {
  return `${env.apiUrl}${IPFS_PATH}/ipfs/${cidOrUrl.replace(/^ipfs:\/\//, "")}`;
}

function readUpload(answer: z.output<typeof uploadedDocument>): IpfsUpload {
  const { cid, url } = answer.data.attributes;
  return { cid, url };
}

export async function uploadJson(document: unknown): Promise<IpfsUpload> {
  const answer = await api.post(
    `${IPFS_PATH}/upload/json`,
    { data: { type: "json-documents", attributes: { document } } },
    { schema: uploadedDocument },
  );
  return readUpload(answer);
}

export async function uploadImage(file: Blob): Promise<IpfsUpload> {
  const answer = await api.request("POST", `${IPFS_PATH}/upload/image`, {
    schema: uploadedDocument,
    rawBody: file,
    headers: { "content-type": file.type },
  });
  return readUpload(answer);
}
