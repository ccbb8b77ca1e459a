import type { FastifyBaseLogger } from "fastify";
import { CID } from "multiformats/cid";
import * as jsonCodec from "multiformats/codecs/json";
import * as raw from "multiformats/codecs/raw";
import { sha256 } from "multiformats/hashes/sha2";
import type { Address } from "viem";
import type { z } from "zod";
import type { GovPoolReader } from "../../chain/govPool.ts";
import { badRequest, conflict, notFound, tooManyRequests, unavailable } from "../../http/errors.ts";
import type { IpfsCacheRepository, LinkRow, StoredDocument } from "./ipfsCache.repository.ts";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IPFS_ROUTE_PREFIX = "/integrations/ipfs-cache-svc/ipfs/";

/** A stored JSON document, as parsed (null when the link names no JSON document). */
export type JsonDocument = z.core.util.JSONType;

export interface Links {
  json: string;
  /** Image documents referenced from the document (`ipfs://<cid>` values, avatarCID). */
  images: string[];
  /** Other IPFS documents referenced from it (rich-text descriptions, settings documents). */
  documents: string[];
}

export const ipfsUrl = (cid: string) => `${IPFS_ROUTE_PREFIX}${cid}`;

/** Accepts `ipfs://<cid>`, a bare CID, or any gateway/api URL with `/ipfs/<cid>`; null when none. */
export function cidFromLink(link: string): string | null {
  const trimmed = link.trim();
  const candidates = [
    /^ipfs:\/\/(?:ipfs\/)?([^/?#]+)/i.exec(trimmed)?.[1],
    /\/ipfs\/([^/?#]+)/i.exec(trimmed)?.[1],
    /^[a-z0-9]+$/i.test(trimmed) ? trimmed : undefined,
  ];
  for (const c of candidates) {
    if (!c) continue;
    try {
      return CID.parse(c).toV1().toString();
    } catch {}
  }
  return null;
}

/** The `descriptionURL` a proposal was created with (its `ProposalCreated`), null until indexed. */
export type ProposalDescriptions = (
  chainId: number,
  pool: string,
  proposalId: string,
) => Promise<string | null>;

export interface IpfsCacheOptions {
  ipfsApiUrl: string | undefined;
  /** Bytes one account may upload per 24 hours. */
  uploadQuotaBytes: number;
  govPools: GovPoolReader;
  proposalDescriptions: ProposalDescriptions;
  log: FastifyBaseLogger;
}

export class IpfsCacheService {
  constructor(
    private readonly repo: IpfsCacheRepository,
    private readonly options: IpfsCacheOptions,
  ) {}

  private get log() {
    return this.options.log;
  }

  /** Stores a JSON document the api itself writes (off-chain results); no quota applies. */
  async putJson(document: unknown): Promise<string> {
    const doc = await jsonDocument(document);
    await this.store(doc, "json");
    return doc.cid;
  }

  /** A signed-in account's JSON upload, counted against its quota. */
  async uploadJson(account: Address, document: unknown): Promise<string> {
    const doc = await jsonDocument(document);
    await this.chargeQuota(account, doc);
    await this.store(doc, "json");
    return doc.cid;
  }

  /** A signed-in account's image upload, counted against its quota. */
  async uploadImage(account: Address, bytes: Buffer, contentType: string): Promise<string> {
    if (bytes.byteLength === 0) throw badRequest("errors.api.imageEmpty");
    if (!(IMAGE_TYPES as readonly string[]).includes(contentType))
      throw badRequest("errors.api.imageTypeUnsupported");
    const cid = CID.create(1, raw.code, await sha256.digest(bytes)).toString();
    const doc = { cid, content_type: contentType, bytes, size: bytes.byteLength };
    await this.chargeQuota(account, doc);
    await this.store(doc, "raw");
    return cid;
  }

  private async chargeQuota(account: Address, doc: StoredDocument) {
    const quota = this.options.uploadQuotaBytes;
    if (!(await this.repo.recordUpload(account.toLowerCase(), doc.cid, doc.size, quota))) {
      throw tooManyRequests(
        "errors.api.uploadQuotaReached",
        { quota: formatBytes(quota) },
        { quota_bytes: quota },
      );
    }
  }

  /**
   * Records a DAO's metadata link, only when it is the `descriptionURL` the DAO's GovPool holds:
   * nobody else can point a DAO at a document of their choosing.
   */
  async recordPoolLink(chainId: number, pool: Address, link: string) {
    const resolved = await this.links(link);
    await this.options.govPools.assertGovPool(chainId, pool);
    const onChain = await this.options.govPools.descriptionURL(chainId, pool);
    if (cidFromLink(onChain) !== resolved.cid) {
      throw conflict(
        "errors.api.documentNotDaoDescription",
        {},
        {
          field: "cid",
          description_url: onChain,
        },
      );
    }
    const row = await this.repo.upsertPoolLink(chainId, pool, resolved.cid);
    return { row, ...resolved };
  }

  /** Records a proposal's metadata link, only when it is the one its `ProposalCreated` carried. */
  async recordProposalLink(chainId: number, pool: Address, proposalId: string, link: string) {
    const resolved = await this.links(link);
    let onChain: string | null;
    try {
      onChain = await this.options.proposalDescriptions(chainId, pool, proposalId);
    } catch (err) {
      this.log.warn({ err }, "reading an indexed proposal failed");
      throw unavailable("errors.api.indexerUnreadable");
    }
    if (onChain === null) {
      throw notFound("errors.api.proposalNotIndexedYet", { proposalId, pool, chainId });
    }
    if (cidFromLink(onChain) !== resolved.cid) {
      throw conflict(
        "errors.api.documentNotProposalDescription",
        {},
        {
          field: "cid",
          description_url: onChain,
        },
      );
    }
    const row: LinkRow = await this.repo.upsertProposalLink(chainId, pool, proposalId, resolved.cid);
    return { row, ...resolved };
  }

  /** The cached bytes, fetched from the IPFS node on a miss when one is configured. */
  async get(cid: string): Promise<StoredDocument | null> {
    const normalized = cidFromLink(cid);
    if (!normalized) return null;
    const cached = await this.repo.get(normalized);
    if (cached) return cached;
    return this.fetchFromNode(normalized);
  }

  async readJson(cid: string): Promise<unknown> {
    const doc = await this.get(cid);
    if (!doc) throw notFound("errors.noLinks", {}, { cid });
    if (doc.content_type !== "application/json") throw badRequest("errors.api.documentNotJson", {}, { cid });
    return jsonCodec.decode(doc.bytes);
  }

  /** Links to a JSON document and to the IPFS documents it references. */
  async links(link: string): Promise<{ cid: string; links: Links; document: JsonDocument }> {
    const cid = cidFromLink(link);
    if (!cid) throw badRequest("errors.api.linkInvalid", {}, { link });
    const doc = await this.get(cid);
    if (!doc) throw notFound("errors.noLinks", {}, { cid });
    if (doc.content_type !== "application/json") {
      // A bare image link: the image itself is the only link.
      return { cid, links: { json: ipfsUrl(cid), images: [ipfsUrl(cid)], documents: [] }, document: null };
    }
    const document = jsonCodec.decode(doc.bytes) as JsonDocument;
    const referenced = [...new Set(collectCids(document))].filter((c) => c !== cid);
    const types = await this.repo.contentTypes(referenced);
    const images: string[] = [];
    const documents: string[] = [];
    for (const ref of referenced) {
      const type = types.get(ref);
      if (type?.startsWith("image/")) images.push(ipfsUrl(ref));
      else if (type) documents.push(ipfsUrl(ref));
    }
    return { cid, links: { json: ipfsUrl(cid), images, documents }, document };
  }

  private async store(doc: StoredDocument, codec: "json" | "raw") {
    await this.repo.put(doc);
    if (this.options.ipfsApiUrl) await this.pin(doc, codec);
  }

  /** Pins the exact block on a Kubo-compatible node so its CID equals ours; failures are logged only. */
  private async pin(doc: StoredDocument, codec: "json" | "raw") {
    try {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(doc.bytes)]), "block");
      const url = `${this.options.ipfsApiUrl!.replace(/\/+$/, "")}/api/v0/block/put?cid-codec=${codec}&mhtype=sha2-256&pin=true`;
      const res = await fetch(url, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`IPFS node answered ${res.status}`);
      const body = (await res.json()) as { Key?: string };
      if (body.Key && cidFromLink(body.Key) !== doc.cid)
        throw new Error(`IPFS node stored ${body.Key}, not ${doc.cid}`);
      await this.repo.markPinned(doc.cid);
    } catch (err) {
      this.log.warn({ err, cid: doc.cid }, "pinning to IPFS failed; document is kept in the cache");
    }
  }

  private async fetchFromNode(cid: string): Promise<StoredDocument | null> {
    const ipfsApiUrl = this.options.ipfsApiUrl;
    if (!ipfsApiUrl) return null;
    try {
      const url = `${ipfsApiUrl.replace(/\/+$/, "")}/api/v0/block/get?arg=${cid}`;
      const res = await fetch(url, { method: "POST", signal: AbortSignal.timeout(10_000) });
      if (!res.ok) return null;
      const bytes = Buffer.from(await res.arrayBuffer());
      const parsed = CID.parse(cid);
      // Never trust the node: the bytes must hash to the CID asked for.
      const digest = await sha256.digest(bytes);
      if (!CID.create(1, parsed.code, digest).equals(parsed.toV1())) return null;
      const contentType = parsed.code === jsonCodec.code ? "application/json" : sniffImageType(bytes);
      if (!contentType) return null;
      const doc = { cid, content_type: contentType, bytes, size: bytes.byteLength };
      await this.repo.put(doc);
      return doc;
    } catch (err) {
      this.log.warn({ err, cid }, "fetching from IPFS failed");
      return null;
    }
  }
}

async function jsonDocument(document: unknown): Promise<StoredDocument> {
  const bytes = jsonCodec.encode(document);
  const cid = CID.create(1, jsonCodec.code, await sha256.digest(bytes)).toString();
  return { cid, content_type: "application/json", bytes: Buffer.from(bytes), size: bytes.byteLength };
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;

function collectCids(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 32) return out;
  if (typeof value === "string") {
    if (/^ipfs:\/\//i.test(value) || /\/ipfs\//i.test(value)) {
      const cid = cidFromLink(value);
      if (cid) out.push(cid);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) collectCids(v, out, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === "string" && /cid$/i.test(key)) {
        const cid = cidFromLink(v);
        if (cid) out.push(cid);
      } else collectCids(v, out, depth + 1);
    }
  }
  return out;
}

export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  const head = bytes.subarray(0, 512).toString("utf8").trimStart();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "image/svg+xml";
  return null;
}
