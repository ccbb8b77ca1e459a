import {
  poolInfoDocument,
  poolLinkDocument,
  proposalLinkDocument,
  uploadedDocument,
} from "@polity/core/records/ipfs";
import { jsonValue } from "@polity/core/records/jsonapi";
import { proposalIdSchema } from "@polity/core/validation/ids";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdBody, chainIdParam } from "../../http/address.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { errorResponses, requestBody, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import { IpfsCacheRepository } from "./ipfsCache.repository.ts";
import { cidFromLink, IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImageType } from "./ipfsCache.service.ts";

const cidField = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => cidFromLink(v) !== null, "must be a CID or IPFS link");
const MAX_JSON_BYTES = 1024 * 1024;
const binary = z.string().meta({ format: "binary" });

const uploadJsonBody = requestBody("json-documents", z.strictObject({ document: jsonValue }));
const poolInfoBody = requestBody("pool-info", z.strictObject({ link: z.string().min(1).max(500) }));
const poolsBody = requestBody(
  "pools",
  z.strictObject({ chain_id: chainIdBody, pool_address: addressSchema, cid: cidField }),
);
const proposalsBody = requestBody(
  "proposals",
  z.strictObject({
    chain_id: chainIdBody,
    pool_address: addressSchema,
    cid: cidField,
    // A number is taken as the same decimal text (small ids; larger ones lose precision in JSON).
    proposal_id: z.union([
      proposalIdSchema,
      z.number().int().positive().transform(String).pipe(proposalIdSchema),
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
        response: { 201: uploadedDocument, ...errorResponses(400, 401, 429) },
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
        response: { 201: uploadedDocument, ...errorResponses(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (!(IMAGE_TYPES as readonly string[]).includes(contentType) || !Buffer.isBuffer(req.body)) {
        throw badRequest("errors.api.imageTypeRequired", { types: IMAGE_TYPES.join(", ") });
      }
      if (req.body.byteLength === 0) throw badRequest("errors.api.imageEmpty");
      if (sniffImageType(req.body) !== contentType) throw badRequest("errors.api.imageBytesMismatch");
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
        response: {
          200: {
            description: "The document's bytes, under the content type it was stored with",
            content: {
              "application/json": { schema: jsonValue },
              ...Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: binary }])),
            },
          },
          304: z.null().describe("Not Modified (the client holds this CID)"),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (req, reply) => {
      const cid = cidFromLink(req.params.cid);
      if (!cid) throw badRequest("errors.api.cidInvalid");
      // Content never changes under a CID: a client holding it needs no body.
      if (req.headers["if-none-match"] === `"${cid}"`) {
        return reply
          .code(304)
          .header("etag", `"${cid}"`)
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(null);
      }
      const doc = await deps.ipfs.get(cid);
      if (!doc) throw notFound("errors.api.documentNotCached", { cid });
      return (
        reply
          .header("content-type", doc.content_type)
          .header("cache-control", "public, max-age=31536000, immutable")
          .header("etag", `"${cid}"`)
          .header("x-content-type-options", "nosniff")
          // SVG can carry scripts: never let a served document run code on the api origin.
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          // Bytes are sent as they are (no serializer runs); the schemas above only describe them.
          .send(doc.bytes as unknown as string)
      );
    },
  );

  r.post(
    "/public/pool-info",
    {
      schema: {
        body: poolInfoBody,
        response: { 200: poolInfoDocument, ...errorResponses(400, 404, 429) },
        tags: ["ipfs-cache-svc"],
        summary: "Links of a metadata document",
      },
    },
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
        response: { 200: poolLinkDocument, ...errorResponses(400, 404, 409, 429) },
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
        params: z.strictObject({ chainId: chainIdParam, poolAddress: addressSchema }),
        response: { 200: poolLinkDocument, ...errorResponses(400, 404, 429) },
        tags: ["ipfs-cache-svc"],
      },
    },
    async (req) => {
      const row = await repo.findPoolLink(req.params.chainId, req.params.poolAddress);
      if (!row) throw notFound("errors.noLinks");
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
        response: { 200: proposalLinkDocument, ...errorResponses(400, 404, 409, 429) },
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
          chainId: chainIdParam,
          poolAddress: addressSchema,
          proposalId: proposalIdSchema,
        }),
        response: { 200: proposalLinkDocument, ...errorResponses(400, 404, 429) },
        tags: ["ipfs-cache-svc"],
      },
    },
    async (req) => {
      const { chainId, poolAddress, proposalId } = req.params;
      const row = await repo.findProposalLink(chainId, poolAddress, proposalId);
      if (!row) throw notFound("errors.noLinks");
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
