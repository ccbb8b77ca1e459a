import {
  stakingDocument,
  stakingPositionListDocument,
  stakingTierListDocument,
} from "@polity/core/records/staking";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addressSchema, poolParams } from "../../http/address.ts";
import { errorResponses, pagedDocument, pagedRead, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import { StakingRepository } from "./staking.repository.ts";
import { StakingService } from "./staking.service.ts";

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
        params: poolParams(),
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
    pagedRead(
      tags,
      "A DAO's staking tiers with status and totals, by tier id",
      poolParams(),
      stakingTierListDocument,
      "asc",
    ),
    async (req) => {
      const result = await service.tiers(req.params.chainId, req.params.pool, req.query.page);
      return pagedDocument("staking-tiers", result, req, (t) => [t.tier_id, t]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/staking/stakers/:user",
    pagedRead(
      tags,
      "A member's staking positions in a DAO: staked and claimed per tier",
      poolParams({ user: addressSchema }),
      stakingPositionListDocument,
      "asc",
    ),
    async (req) => {
      const { chainId, pool, user } = req.params;
      const result = await service.positions(chainId, pool, user, req.query.page);
      return pagedDocument("staking-positions", result, req, (p) => [`${p.tier_id}:${p.user}`, p]);
    },
  );
};
