import {
  stakingDocument,
  stakingPositionListDocument,
  stakingTierListDocument,
} from "@polity/core/records/staking";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdParam } from "../../http/address.ts";
import { errorResponses, listDocument, pageQuery, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import { StakingRepository } from "./staking.repository.ts";
import { StakingService } from "./staking.service.ts";

const poolParams = z.strictObject({ chainId: chainIdParam, pool: addressSchema });

/**
 * `/integrations/tracker/{chainId}/pools/gov/{pool}/staking…`: a DAO's StakingProposal (address, enabled,
 * tiers counted), its tiers with their status (pending, active, ended at `meta.state_time`) and totals, and a
 * member's positions. Every `meta` carries the indexer's progress (`indexed_block`).
 */
export const stakingRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new StakingService(new StakingRepository(deps.indexer), deps.indexer);
  const tags = ["tracker"];

  r.get(
    "/:chainId/pools/gov/:pool/staking",
    {
      schema: {
        tags,
        summary: "A DAO's staking executor: its address, whether it is enabled, its tiers counted",
        params: poolParams,
        response: { 200: stakingDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { meta, staking } = await service.staking(req.params.chainId, req.params.pool);
      return { data: resource("staking", staking.staking_address, staking), meta };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/staking/tiers",
    {
      schema: {
        tags,
        summary: "A DAO's staking tiers with status and totals, by tier id",
        params: poolParams,
        querystring: z.strictObject({ page: pageQuery("asc") }),
        response: { 200: stakingTierListDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const result = await service.tiers(req.params.chainId, req.params.pool, req.query.page);
      const data = result.rows.map((t) => resource("staking-tiers", t.tier_id, t));
      return listDocument(data, req.query.page, result.total, req.url, { ...result.meta });
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/staking/stakers/:user",
    {
      schema: {
        tags,
        summary: "A member's staking positions in a DAO: staked and claimed per tier",
        params: z.strictObject({ chainId: chainIdParam, pool: addressSchema, user: addressSchema }),
        querystring: z.strictObject({ page: pageQuery("asc") }),
        response: { 200: stakingPositionListDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { chainId, pool, user } = req.params;
      const result = await service.positions(chainId, pool, user, req.query.page);
      const data = result.rows.map((p) => resource("staking-positions", `${p.tier_id}:${p.user}`, p));
      return listDocument(data, req.query.page, result.total, req.url, { ...result.meta });
    },
  );
};
