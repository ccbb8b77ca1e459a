import {
  onchainStatesForUiFilter,
  UI_PROPOSAL_FILTERS,
  type UiProposalFilter,
} from "@polity/core/proposalStates";
import {
  interactionListDocument,
  poolContractsDocument,
  proposalDocument,
  proposalListDocument,
  userProposalListDocument,
  validatorListDocument,
  validatorVoteListDocument,
} from "@polity/core/records/governance";
import { proposalIdSchema } from "@polity/core/validation/ids";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdParam, poolParams } from "../../http/address.ts";
import {
  commaList,
  errorResponses,
  pagedDocument,
  pagedRead,
  pageQuery,
  queryString,
  resource,
} from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import { GovernanceRepository } from "./governance.repository.ts";
import { GovernanceService, toInteraction, toValidatorVote } from "./governance.service.ts";

/** `filter[status]`: one of the UI filters (All, Active, …); `filter[state]`: spec §4 states 0-9 and Expired 10. */
const statusParam = queryString.pipe(z.enum(UI_PROPOSAL_FILTERS)).optional();
const stateParam = commaList(z.coerce.number().int().min(0).max(10)).optional();

/** The states both filters allow, or null for every state. */
export function statesOf(status: UiProposalFilter | undefined, state: number[] | undefined): number[] | null {
  const byStatus = status ? [...onchainStatesForUiFilter(status)] : null;
  const byState = state ?? null;
  if (byStatus && byState) return byStatus.filter((s) => byState.includes(s));
  return byStatus ?? byState;
}

const proposalParams = z.strictObject({
  chainId: chainIdParam,
  pool: addressSchema,
  proposalId: proposalIdSchema,
});

/**
 * `/integrations/tracker/{chainId}/pools/gov/{pool}/…`: a DAO's proposals (with the state computed
 * from indexed fields), one proposal's timeline, voting history and validator votes, its validators,
 * and a member's proposals for the rewards page. Every answer's `meta` carries `indexed_block`, so
 * a client that just sent a transaction can wait until the indexer has its receipt's block.
 */
export const governanceRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const governance = new GovernanceService(new GovernanceRepository(deps.indexer), deps.indexer);
  const tags = ["tracker"];

  r.get(
    "/:chainId/pools/gov/:pool/proposals",
    {
      schema: {
        tags,
        summary:
          "A DAO's on-chain proposals, newest first, with their state (filter[status] = a UI filter, filter[state] = states 0-10)",
        params: poolParams(),
        querystring: z.strictObject({
          filter: z
            .strictObject({
              status: statusParam,
              state: stateParam,
              creator: queryString.pipe(addressSchema).optional(),
              voter: queryString.pipe(addressSchema).optional(),
            })
            .optional(),
          page: pageQuery("desc"),
        }),
        response: { 200: proposalListDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const filter = req.query.filter;
      const states = statesOf(filter?.status, filter?.state);
      const result = await governance.proposals(
        req.params.chainId,
        req.params.pool,
        {
          states,
          creator: filter?.creator ?? null,
          voter: filter?.voter ?? null,
          participant: null,
          proposalId: null,
        },
        req.query.page,
      );
      return pagedDocument("gov-proposals", result, req, (row) => [
        `${row.pool_address}:${row.proposal_id}`,
        row,
      ]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/proposals/:proposalId",
    {
      schema: {
        tags,
        summary:
          "One proposal: indexed fields (with the times, blocks, transactions and accounts of each stage), computed state, actions, validator votes; with user, that address's reward payments",
        params: proposalParams,
        querystring: z.strictObject({ user: queryString.pipe(addressSchema).optional() }),
        response: { 200: proposalDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { meta, attributes } = await governance.proposal(
        req.params.chainId,
        req.params.pool,
        req.params.proposalId,
        req.query.user ?? null,
      );
      return {
        data: resource("gov-proposal", `${attributes.pool_address}:${attributes.proposal_id}`, attributes),
        meta,
      };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/proposals/:proposalId/interactions",
    {
      schema: {
        tags,
        summary:
          "Voting history of a proposal (interaction 1 vote for, 2 vote against, 3 cancel), newest first",
        params: proposalParams,
        querystring: z.strictObject({
          filter: z.strictObject({ voter: queryString.pipe(addressSchema).optional() }).optional(),
          page: pageQuery("desc"),
        }),
        response: { 200: interactionListDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const result = await governance.interactions(
        req.params.chainId,
        req.params.pool,
        req.params.proposalId,
        req.query.filter?.voter ?? null,
        req.query.page,
      );
      return pagedDocument("gov-proposal-interactions", result, req, (row) => [row.id, toInteraction(row)]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/proposals/:proposalId/validator-votes",
    pagedRead(
      tags,
      "Votes and cancellations of the validators' stage of a proposal, newest first",
      proposalParams,
      validatorVoteListDocument,
    ),
    async (req) => {
      const result = await governance.validatorVotes(
        req.params.chainId,
        req.params.pool,
        req.params.proposalId,
        req.query.page,
      );
      return pagedDocument("gov-proposal-validator-votes", result, req, (row) => [
        row.id,
        toValidatorVote(row),
      ]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/contracts",
    {
      schema: {
        tags,
        summary:
          "A DAO's contracts as indexed: its helpers (settings, user keeper, validators, vote power), governance token and NFT, validator token, expert NFT, NFT multiplier, and metadata document",
        params: poolParams(),
        response: { 200: poolContractsDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req, reply) => {
      const attributes = await governance.contracts(req.params.chainId, req.params.pool);
      // Fixed at deployment but for the token and NFT a DAO without them may set once, and the
      // metadata document a proposal may change: a page reads them beside the chain, which has the last word.
      reply.header("cache-control", "public, max-age=60");
      return { data: resource("gov-pool-contracts", attributes.pool_address, attributes) };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/validators",
    pagedRead(
      tags,
      "A DAO's validators and their validator-token balances, largest first",
      poolParams(),
      validatorListDocument,
    ),
    async (req) => {
      const result = await governance.validators(req.params.chainId, req.params.pool, req.query.page);
      return pagedDocument("gov-validators", result, req, (row) => [row.address, row]);
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/user-proposals/:user",
    {
      schema: {
        tags,
        summary:
          "Proposals an address created, voted on, moved or executed, or was paid rewards of, with its reward payments",
        params: poolParams({ user: addressSchema }),
        querystring: z.strictObject({
          filter: z.strictObject({ status: statusParam, state: stateParam }).optional(),
          page: pageQuery("desc"),
        }),
        response: { 200: userProposalListDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const f = req.query.filter;
      const result = await governance.userProposals(
        req.params.chainId,
        req.params.pool,
        req.params.user,
        { states: statesOf(f?.status, f?.state) },
        req.query.page,
      );
      return pagedDocument("gov-user-proposals", result, req, (row) => [
        `${row.pool_address}:${row.proposal_id}:${row.user_address}`,
        row,
      ]);
    },
  );
};
