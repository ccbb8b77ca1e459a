import { env } from "../../../shared/config/env.ts";
import { api } from "../../../shared/http/api.ts";

/** Uploads to the api's IPFS cache (`/integrations/ipfs-cache-svc`), answered as JSON:API. */

export type IpfsUpload = { cid: string; url: string };

type UploadAnswer = { data?: { id?: string; attributes?: { cid?: string; url?: string } } };

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const IPFS_PATH = "/integrations/ipfs-cache-svc";

/** The http(s) address the api serves a stored IPFS document from. */
export function ipfsGatewayUrl(cidOrUrl: string): string {
  return `${env.apiUrl}${IPFS_PATH}/ipfs/${cidOrUrl.replace(/^ipfs:\/\//, "")}`;
}

function readUpload(answer: UploadAnswer | undefined): IpfsUpload {
  const cid = answer?.data?.attributes?.cid ?? answer?.data?.id;
  // The spec's catalogue message for an answer without links.
  if (!cid) throw new Error("There are no links in response");
  return { cid, url: answer?.data?.attributes?.url ?? `ipfs://${cid}` };
}

export async function uploadJson(document: unknown): Promise<IpfsUpload> {
  const answer = await api.post<UploadAnswer>(`${IPFS_PATH}/upload/json`, {
    data: { type: "json-documents", attributes: { document } },
  });
  return readUpload(answer);
}

export async function uploadImage(file: Blob): Promise<IpfsUpload> {
  const answer = await api.request<UploadAnswer>("POST", `${IPFS_PATH}/upload/image`, {
    rawBody: file,
    headers: { "content-type": file.type },
  });
  return readUpload(answer);
}
