import { env } from "../config/env.ts";

const IPFS_PATH = "/integrations/ipfs-cache-svc/ipfs";

/** `ipfs://<cid>` (or a bare CID) → the api's cached copy; http(s) links pass through. */
export function ipfsToHttp(link: string | undefined | null): string | undefined {
  if (!link) return undefined;
  const trimmed = link.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const cid = trimmed.replace(/^ipfs:\/\//i, "").replace(/^\/?ipfs\//i, "");
  if (!/^[A-Za-z0-9]+(\/[\w.\-/]*)?$/.test(cid)) return undefined;
  return `${env.apiUrl}${IPFS_PATH}/${cid}`;
}
