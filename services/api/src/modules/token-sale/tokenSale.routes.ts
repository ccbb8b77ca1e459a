import {
  distributionDocument,
  merkleProofDocument,
  merkleWhitelistDocument,
  participantListDocument,
  saleExecutorsDocument,
  tierDocument,
  tierListDocument,
} from "@polity/core/records/tokenSale";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdBody, poolParams } from "../../http/address.ts";
import { errorResponses, pagedDocument, pagedRead, requestBody, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import {
  DistributionRepository,
  MerkleWhitelistRepository,
  TokenSaleRepository,
} from "./tokenSale.repository.ts";
import {
  DistributionService,
  MAX_WHITELIST,
  MerkleWhitelistService,
  TokenSaleService,
} from "./tokenSale.service.ts";

const tierIdParam = z.string().regex(/^[1-9][0-9]{0,77}$/, "must be a tier id (a positive integer)");
const rootParam = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte hex root");

/**
 * `/integrations/tracker/{chainId}/pools/gov/{pool}/token-sale/…`: a DAO's token sale tiers with their
 * status (pending, active, completed, not-actual, judged at `meta.state_time`) and progress, one tier, and
 * a buyer's positions (bought, claimed, claimable, vesting schedule, purchases). Every `meta` carries the
 * indexer's progress (`indexed_block`).
 */
export const tokenSaleTrackerRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = new TokenSaleService(new TokenSaleRepository(deps.indexer), deps.indexer);
  const tags = ["tracker"];
  await distributionTrackerRoutes(app, deps);

  r.get(
    "/:chainId/pools/gov/:pool/token-sale/tiers",
    pagedRead(
      tags,
      "A DAO's token sale tiers with status and progress, by tier id",
      poolParams(),
      tierListDocument,
      "asc",
    ),
    async (req) => {
      const result = await sales.tiers(req.params.chainId, req.params.pool, req.query.page);
      return pagedDocument("token-sale-tiers", result, req, (t) => [t.tier_id, t]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/token-sale/tiers/:tierId",
    {
      schema: {
        tags,
        summary: "One token sale tier of a DAO",
        params: poolParams({ tierId: tierIdParam }),
        response: { 200: tierDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { meta, tier } = await sales.tier(req.params.chainId, req.params.pool, req.params.tierId);
      return { data: resource("token-sale-tiers", tier.tier_id, tier), meta };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/token-sale/participants/:user",
    pagedRead(
      tags,
      "A buyer's positions in a DAO's tiers: purchases, claims, vesting schedule, locks",
      poolParams({ user: addressSchema }),
      participantListDocument,
      "asc",
    ),
    async (req) => {
      const result = await sales.participants(
        req.params.chainId,
        req.params.pool,
        req.params.user,
        req.query.page,
      );
      return pagedDocument("token-sale-participants", result, req, (p) => [`${p.tier_id}:${p.user}`, p]);
    },
  );
};

const proposalIdParam = z.string().regex(/^[1-9][0-9]{0,77}$/, "must be a proposal id (a positive integer)");

/**
 * `/integrations/tracker/{chainId}/pools/gov/{pool}/…`: the DAO's token sale and distribution executors
 * (what a proposal creating a tier or funding a distribution calls), and one proposal's distribution with,
 * for `?voter=`, that voter's claimable share.
 */
export const distributionTrackerRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const distributions = new DistributionService(new DistributionRepository(deps.indexer), deps.indexer);
  const tags = ["tracker"];

  r.get(
    "/:chainId/pools/gov/:pool/sale-executors",
    {
      schema: {
        tags,
        summary: "A DAO's token sale and distribution executors",
        params: poolParams(),
        response: { 200: saleExecutorsDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { meta, executors } = await distributions.executors(req.params.chainId, req.params.pool);
      return { data: resource("sale-executors", executors.pool_address, executors), meta };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/distributions/:proposalId",
    {
      schema: {
        tags,
        summary: "A proposal's distribution: funded amount, claims, and a voter's claimable share",
        params: poolParams({ proposalId: proposalIdParam }),
        querystring: z.strictObject({ voter: addressSchema.optional() }),
        response: { 200: distributionDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { meta, distribution } = await distributions.distribution(
        req.params.chainId,
        req.params.pool,
        req.params.proposalId,
        req.query.voter,
      );
      return { data: resource("distributions", distribution.proposal_id, distribution), meta };
    },
  );
};

const whitelistBody = requestBody(
  "merkle-whitelists",
  z.strictObject({
    chain_id: chainIdBody,
    pool_address: addressSchema,
    addresses: z.array(addressSchema).min(1).max(MAX_WHITELIST),
  }),
);

/**
 * `/integrations/token-sale-svc/merkle-whitelists…`: the Merkle whitelists of token sale tiers. A signed-in
 * account stores a list (answered with its root, which the DAO's proposal puts on chain:
 * `abi.encode(root, uri)` of the MerkleWhitelist requirement, or `setMerkleRoot`); anyone reads a list and
 * an address's proof for `buy`.
 */
export const merkleWhitelistRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const whitelists = new MerkleWhitelistService(new MerkleWhitelistRepository(deps.db));
  const tags = ["token-sale-svc"];

  r.post(
    "/merkle-whitelists",
    {
      bodyLimit: 5 * 1024 * 1024,
      preValidation: deps.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Store a whitelist (OpenZeppelin StandardMerkleTree of [address]); answers its root",
        body: whitelistBody,
        response: { 201: merkleWhitelistDocument, ...errorResponses(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const a = req.body.data.attributes;
      const list = await whitelists.create(req.session!.address, a.chain_id, a.pool_address, a.addresses);
      return reply.code(201).send({ data: resource("merkle-whitelists", list.root, list) });
    },
  );

  r.get(
    "/merkle-whitelists/:root",
    {
      schema: {
        tags,
        summary: "A stored whitelist by its root",
        params: z.strictObject({ root: rootParam }),
        response: { 200: merkleWhitelistDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const list = await whitelists.get(req.params.root);
      return { data: resource("merkle-whitelists", list.root, list) };
    },
  );

  r.get(
    "/merkle-whitelists/:root/proofs/:address",
    {
      schema: {
        tags,
        summary: "The Merkle proof of an address in a stored whitelist (404 when it is not in the list)",
        params: z.strictObject({ root: rootParam, address: addressSchema }),
        response: { 200: merkleProofDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const proof = await whitelists.proof(req.params.root, req.params.address);
      return { data: resource("merkle-proofs", `${proof.root}:${proof.address}`, proof) };
    },
  );
};
