import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema } from "../../http/address.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { requestBody, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import { IpfsCacheRepository } from "./ipfsCache.repository.ts";
import {
  cidFromLink,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  NO_LINKS_MESSAGE,
  sniffImageType,
} from "./ipfsCache.service.ts";

const chainId = z
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
const cidField = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => cidFromLink(v) !== null, "must be a CID or IPFS link");
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Any JSON value. Recursive: the recursion refers to this registered schema itself, so the OpenAPI
 * document names it once (components.schemas.JsonValue) and every reference to it resolves.
 */
const jsonValue: z.ZodType<z.core.util.JSONType> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(jsonValue),
      z.record(z.string(), jsonValue),
    ]),
  )
  .meta({ id: "JsonValue", description: "Any JSON value" });
const uploadJsonBody = requestBody("json-documents", z.strictObject({ document: jsonValue }));
const poolInfoBody = requestBody("pool-info", z.strictObject({ link: z.string().min(1).max(500) }));
const poolsBody = requestBody(
  "pools",
  z.strictObject({ chain_id: chainId, pool_address: addressSchema, cid: cidField }),
);
const proposalsBody = requestBody(
  "proposals",
  z.strictObject({
    chain_id: chainId,
    pool_address: addressSchema,
    cid: cidField,
    proposal_id: z.union([
      z.string().regex(/^\d{1,78}$/, "must be a decimal id"),
      z.number().int().nonnegative(),
    ]),
  }),
);

const uploaded = (cid: string) => ({ data: resource("ipfs-documents", cid, { cid, url: `ipfs://${cid}` }) });

export const ipfsCacheRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = new IpfsCacheRepository(deps.db);

  // Images arrive as raw bytes; only this plugin accepts image bodies and up to 5 MB.
  app.addContentTypeParser(
    [...IMAGE_TYPES],
    { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES },
    (_req, body, done) => done(null, body),
  );

  // Uploads cost storage: only signed-in accounts upload, each within its quota.
  const uploadSchema = { tags: ["ipfs-cache-svc"], security: [{ bearer: [] }] };
  r.post(
    "/upload/json",
    {
      bodyLimit: MAX_JSON_BYTES,
      preValidation: deps.authenticate,
      schema: {
        ...uploadSchema,
        body: uploadJsonBody,
        summary: "Store a JSON document (CIDv1, json codec); counted against the account's quota",
      },
    },
    async (req, reply) => {
      const cid = await deps.ipfs.uploadJson(req.session!.address, req.body.data.attributes.document);
      return reply.code(201).send(uploaded(cid));
    },
  );

  r.post(
    "/upload/image",
    {
      bodyLimit: MAX_IMAGE_BYTES,
      preValidation: deps.authenticate,
      schema: {
        ...uploadSchema,
        summary:
          "Store an image (raw body; png, jpeg, gif, webp or svg; <= 5 MB; CIDv1 raw codec); counted against the account's quota",
      },
    },
    async (req, reply) => {
      const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (!(IMAGE_TYPES as readonly string[]).includes(contentType) || !Buffer.isBuffer(req.body)) {
        throw badRequest(`Content-Type must be one of ${IMAGE_TYPES.join(", ")}`);
      }
      if (req.body.byteLength === 0) throw badRequest("Image is empty");
      if (sniffImageType(req.body) !== contentType)
        throw badRequest("Image bytes do not match the Content-Type");
      const cid = await deps.ipfs.uploadImage(req.session!.address, req.body, contentType);
      return reply.code(201).send(uploaded(cid));
    },
  );

  r.get(
    "/ipfs/:cid",
    {
      schema: {
        params: z.strictObject({ cid: z.string().min(1).max(200) }),
        tags: ["ipfs-cache-svc"],
        summary: "Serve a cached document by CID",
      },
    },
    async (req, reply) => {
      const cid = cidFromLink(req.params.cid);
      if (!cid) throw badRequest("Invalid CID");
      // Content never changes under a CID: a client holding it needs no body.
      if (req.headers["if-none-match"] === `"${cid}"`) {
        return reply
          .code(304)
          .header("etag", `"${cid}"`)
          .header("cache-control", "public, max-age=31536000, immutable")
          .send();
      }
      const doc = await deps.ipfs.get(cid);
      if (!doc) throw notFound(`Document ${cid} is not cached`);
      return (
        reply
          .header("content-type", doc.content_type)
          .header("cache-control", "public, max-age=31536000, immutable")
          .header("etag", `"${cid}"`)
          .header("x-content-type-options", "nosniff")
          // SVG can carry scripts: never let a served document run code on the api origin.
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(doc.bytes)
      );
    },
  );

  r.post(
    "/public/pool-info",
    { schema: { body: poolInfoBody, tags: ["ipfs-cache-svc"], summary: "Links of a metadata document" } },
    async (req) => {
      const { cid, links, document } = await deps.ipfs.links(req.body.data.attributes.link);
      return { data: resource("pool-info", cid, { cid, links, document }) };
    },
  );

  r.post(
    "/public/pools",
    {
      schema: {
        body: poolsBody,
        tags: ["ipfs-cache-svc"],
        summary: "Record and resolve a DAO's metadata CID (only its descriptionURL on chain)",
      },
    },
    async (req) => {
      const { chain_id, pool_address, cid } = req.body.data.attributes;
      const { row, ...resolved } = await deps.ipfs.recordPoolLink(chain_id, pool_address, cid);
      return {
        data: resource("pools", `${chain_id}:${pool_address}`, {
          chain_id,
          pool_address,
          cid: row.cid,
          links: resolved.links,
          document: resolved.document,
        }),
      };
    },
  );

  r.get(
    "/public/pools/:chainId/:poolAddress",
    {
      schema: {
        params: z.strictObject({ chainId: z.coerce.number().int().positive(), poolAddress: addressSchema }),
        tags: ["ipfs-cache-svc"],
      },
    },
    async (req) => {
      const row = await repo.findPoolLink(req.params.chainId, req.params.poolAddress);
      if (!row) throw notFound(NO_LINKS_MESSAGE);
      const resolved = await deps.ipfs.links(row.cid);
      return {
        data: resource("pools", `${row.chain_id}:${row.pool_address}`, {
          chain_id: row.chain_id,
          pool_address: row.pool_address,
          cid: row.cid,
          links: resolved.links,
          document: resolved.document,
        }),
      };
    },
  );

  r.post(
    "/public/proposals",
    {
      schema: {
        body: proposalsBody,
        tags: ["ipfs-cache-svc"],
        summary: "Record and resolve a proposal's metadata CID (only the one it was created with)",
      },
    },
    async (req) => {
      const { chain_id, pool_address, cid, proposal_id } = req.body.data.attributes;
      const id = String(proposal_id);
      const { row, ...resolved } = await deps.ipfs.recordProposalLink(chain_id, pool_address, id, cid);
      return {
        data: resource("proposals", `${chain_id}:${pool_address}:${id}`, {
          chain_id,
          pool_address,
          proposal_id: id,
          cid: row.cid,
          links: resolved.links,
          document: resolved.document,
        }),
      };
    },
  );

  r.get(
    "/public/proposals/:chainId/:poolAddress/:proposalId",
    {
      schema: {
        params: z.strictObject({
          chainId: z.coerce.number().int().positive(),
          poolAddress: addressSchema,
          proposalId: z.string().regex(/^\d{1,78}$/),
        }),
        tags: ["ipfs-cache-svc"],
      },
    },
    async (req) => {
      const { chainId, poolAddress, proposalId } = req.params;
      const row = await repo.findProposalLink(chainId, poolAddress, proposalId);
      if (!row) throw notFound(NO_LINKS_MESSAGE);
      const resolved = await deps.ipfs.links(row.cid);
      return {
        data: resource("proposals", `${chainId}:${poolAddress}:${proposalId}`, {
          chain_id: chainId,
          pool_address: poolAddress,
          proposal_id: proposalId,
          cid: row.cid,
          links: resolved.links,
          document: resolved.document,
        }),
      };
    },
  );
};
