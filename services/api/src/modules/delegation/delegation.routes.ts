import {
  delegateeDocument,
  delegateeListDocument,
  delegationHistoryDocument,
  delegationListDocument,
} from "@polity/core/records/delegation";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdParam, poolParams } from "../../http/address.ts";
import { errorResponses, pagedDocument, pagedRead, pageQuery, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import { DelegationRepository } from "./delegation.repository.ts";
import { DelegationService } from "./delegation.service.ts";

const pairId = (d: { pool_address: string; delegator: string; delegatee: string }) =>
  `${d.pool_address}:${d.delegator}:${d.delegatee}`;

/**
 * `/integrations/tracker/{chainId}/…` delegation reads (the spec's indexer queries "delegations: incoming,
 * outgoing, history"): a delegatee's incoming delegations, a delegator's outgoing ones (in one DAO or every
 * DAO of the chain), a DAO's delegation history (filter by `delegator` and/or `delegatee`), delegatees with
 * their micropool and treasury balances, one account's balances, and the DAO's experts. Every list pages
 * with `page[number]`, `page[limit]` (≤ 1000) and `page[order]`; every `meta` carries the indexer's progress.
 */
export const delegationRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const delegations = new DelegationService(new DelegationRepository(deps.indexer), deps.indexer);
  const tags = ["tracker"];

  r.get(
    "/:chainId/pools/gov/:pool/delegations/incoming/:delegatee",
    pagedRead(
      tags,
      "Delegations to a delegatee in a DAO (its micropool), largest first",
      poolParams({ delegatee: addressSchema }),
      delegationListDocument,
    ),
    async (req) => {
      const { chainId, pool, delegatee } = req.params;
      const result = await delegations.delegations(chainId, pool, { delegatee }, req.query.page);
      return pagedDocument("delegations", result, req, (d) => [pairId(d), d]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/delegations/outgoing/:delegator",
    pagedRead(
      tags,
      "Delegations of a delegator in a DAO, largest first",
      poolParams({ delegator: addressSchema }),
      delegationListDocument,
    ),
    async (req) => {
      const { chainId, pool, delegator } = req.params;
      const result = await delegations.delegations(chainId, pool, { delegator }, req.query.page);
      return pagedDocument("delegations", result, req, (d) => [pairId(d), d]);
    },
  );

  r.get(
    "/:chainId/delegations/outgoing/:delegator",
    pagedRead(
      tags,
      "Delegations of a delegator in every DAO of the chain, largest first",
      z.strictObject({ chainId: chainIdParam, delegator: addressSchema }),
      delegationListDocument,
    ),
    async (req) => {
      const { chainId, delegator } = req.params;
      const result = await delegations.delegations(chainId, null, { delegator }, req.query.page);
      return pagedDocument("delegations", result, req, (d) => [pairId(d), d]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/delegations/history",
    {
      schema: {
        tags,
        summary: "A DAO's delegation changes (time, amount, power), newest first; filter by either side",
        params: poolParams(),
        querystring: z.strictObject({
          page: pageQuery("desc"),
          delegator: addressSchema.optional(),
          delegatee: addressSchema.optional(),
        }),
        response: { 200: delegationHistoryDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { chainId, pool } = req.params;
      const { delegator, delegatee, page } = req.query;
      const result = await delegations.history(chainId, pool, { delegator, delegatee }, page);
      return pagedDocument("delegation-events", result, req, (e) => [
        `${e.tx_hash}:${e.block_number}:${e.delegator}:${e.delegatee}`,
        e,
      ]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/delegatees",
    pagedRead(
      tags,
      "A DAO's delegatees with their micropool and treasury balances, largest micropool first",
      poolParams(),
      delegateeListDocument,
    ),
    async (req) => {
      const result = await delegations.delegatees(req.params.chainId, req.params.pool, req.query.page);
      return pagedDocument("delegatees", result, req, (d) => [d.account, d]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/delegatees/:account",
    {
      schema: {
        tags,
        summary: "One account's micropool and treasury balances in a DAO, and its user type",
        params: poolParams({ account: addressSchema }),
        response: { 200: delegateeDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { chainId, pool, account } = req.params;
      const { meta, delegatee } = await delegations.delegatee(chainId, pool, account);
      return { data: resource("delegatees", delegatee.account, delegatee), meta };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/experts",
    pagedRead(
      tags,
      "A DAO's experts (local badges, then global ones) with their balances there",
      poolParams(),
      delegateeListDocument,
      "asc",
    ),
    async (req) => {
      const result = await delegations.experts(req.params.chainId, req.params.pool, req.query.page);
      return pagedDocument("delegatees", result, req, (d) => [d.account, d]);
    },
  );
};
