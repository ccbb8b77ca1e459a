import { noContent } from "@polity/core/records/jsonapi";
import {
  castVoteDocument,
  offchainProposalDocument,
  offchainProposalListDocument,
  proposalCountDocument,
  proposalTypeDocument,
  proposalTypesDocument,
  submittedResultsDocument,
  voteListDocument,
} from "@polity/core/records/voting";
import { isRecordId, recordIdSchema } from "@polity/core/validation/ids";
import { offchainProposalSchema, offchainVoteSchema } from "@polity/core/validation/offchain";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Address } from "viem";
import { z } from "zod";
import { addressSchema, chainIdBody, chainIdParam, poolParams } from "../../http/address.ts";
import { badRequest, forbidden } from "../../http/errors.ts";
import {
  commaList,
  errorResponses,
  keysetPageQuery,
  listDocument,
  pageQuery,
  queryString,
  requestBody,
  resource,
} from "../../http/jsonapi.ts";
import {
  cacheControlOf,
  PublicAnswerCache,
  publicAnswerOf,
  sendPublicAnswer,
} from "../../http/publicAnswer.ts";
import type { ModuleDeps } from "../types.ts";
import { VotingRepository } from "./voting.repository.ts";

import { proposalAttributes, VotingService } from "./voting.service.ts";

/** A proposal type is named by its template name (at most 30 characters; core allows 100 in payloads). */
const typeNameSchema = z.string().trim().min(1).max(100);
const proposalId = recordIdSchema;

// Payload rules are core's (shared with the web forms); unknown fields are refused here.
const createProposalBody = requestBody("proposals", offchainProposalSchema.strict());
const voteBody = requestBody("votes", offchainVoteSchema.strict());

const submitBody = requestBody(
  "submit",
  z.strictObject({ chain_id: chainIdBody, proposal_type: typeNameSchema, pool_address: addressSchema }),
);

const proposalFilter = z.strictObject({
  chain_id: queryString.pipe(chainIdParam).optional(),
  pool_address: queryString.pipe(addressSchema).optional(),
  voter_address: queryString.pipe(addressSchema).optional(),
  author_address: queryString.pipe(addressSchema).optional(),
  status: commaList(z.enum(["0", "1", "2", "3", "4"]).transform(Number)).optional(),
  type: commaList(typeNameSchema).optional(),
});

const typesFilterShape = {
  chain_id: queryString.pipe(chainIdParam).optional(),
  pool_address: queryString.pipe(addressSchema).optional(),
};
// The DAO is named either as filter[chain_id]/filter[pool_address] or as plain parameters.
const typesQuery = z
  .strictObject({ filter: z.strictObject(typesFilterShape).optional(), ...typesFilterShape })
  .transform((q) => ({
    chain_id: (q.filter?.chain_id ?? q.chain_id) as number | undefined,
    pool_address: (q.filter?.pool_address ?? q.pool_address) as `0x${string}` | undefined,
  }))
  .refine((q) => q.chain_id !== undefined && q.pool_address !== undefined, {
    message: "chain_id and pool_address are required",
  });

/** Reads the optional session: listing is public, but a signed-in viewer also sees their vote. */
async function optionalViewer(deps: ModuleDeps, authorization: string | undefined) {
  if (!authorization) return null;
  return (await deps.requireSession(authorization)).address;
}

export const votingRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pools = deps.indexer.tables.pool;
  const service = new VotingService(new VotingRepository(deps.db), deps.govPools, deps.ipfs, deps.config, {
    publish: (event, q) => deps.notificationEvents.publish(event, q),
    poolName: async (chainId, pool) => {
      const [row] = await deps.indexer.orm
        .select({ name: pools.name })
        .from(pools)
        .where(and(eq(pools.chainId, chainId), eq(pools.address, pool as Address)))
        .limit(1);
      return row?.name ?? null;
    },
  });
  const tags = ["voting"];
  const publicLists = new PublicAnswerCache(deps.config.publicCacheTtlMs);
  const security = [{ bearer: [] }];
  /** A route only signed-in callers use: the session is checked before the body. */
  const signedIn = <B, R>(body: B, response: R) => ({
    preValidation: deps.authenticate,
    schema: { body, response, tags, security },
  });

  r.get(
    "/proposal-types",
    {
      schema: {
        querystring: typesQuery,
        response: { 200: proposalTypesDocument, ...errorResponses(400, 429) },
        tags,
        summary: "A DAO's proposal types",
      },
    },
    async (req) => {
      const types = await service.listTypes(req.query.chain_id!, req.query.pool_address!);
      return {
        data: types.map((t) => resource("proposal-types", `${t.chain_id}:${t.pool_address}:${t.name}`, t)),
        meta: { total_count: types.length },
      };
    },
  );

  r.get(
    "/proposal-types/:chainId/:daoAddress/:type",
    {
      schema: {
        params: z.strictObject({ chainId: chainIdParam, daoAddress: addressSchema, type: typeNameSchema }),
        response: { 200: proposalTypeDocument, ...errorResponses(400, 404, 429) },
        tags,
      },
    },
    async (req) => {
      const t = await service.getType(req.params.chainId, req.params.daoAddress, req.params.type);
      return { data: resource("proposal-types", `${t.chain_id}:${t.pool_address}:${t.name}`, t) };
    },
  );

  r.post(
    "/proposals",
    signedIn(createProposalBody, {
      201: offchainProposalDocument,
      ...errorResponses(400, 401, 403, 404, 409, 429),
    }),
    async (req, reply) => {
      const session = req.session!;
      const a = req.body.data.attributes;
      const p = await service.createProposal(session, {
        chainId: a.chain_id,
        pool: a.pool_address.toLowerCase() as `0x${string}`,
        type: a.type,
        title: a.title,
        description: a.description,
        voteOptions: a.vote_options,
        customParameters: (a.custom_parameters ?? {}) as Record<string, unknown>,
      });
      return reply.code(201).send({ data: resource("proposals", p.id, proposalAttributes(p)) });
    },
  );

  r.get(
    "/proposals",
    {
      schema: {
        querystring: z.strictObject({ page: keysetPageQuery("desc"), filter: proposalFilter.optional() }),
        response: { 200: offchainProposalListDocument, ...errorResponses(400, 429) },
        tags,
      },
    },
    async (req, reply) => {
      const viewer = await optionalViewer(deps, req.headers.authorization);
      const f = req.query.filter ?? {};
      const build = async () => {
        const { rows, total } = await service.listProposals(
          {
            chainId: f.chain_id,
            poolAddress: f.pool_address,
            voterAddress: f.voter_address,
            authorAddress: f.author_address,
            statuses: f.status,
            types: f.type,
          },
          viewer,
          req.query.page,
        );
        const page = req.query.page;
        return offchainProposalListDocument.parse(
          listDocument(
            rows.map((p) => resource("proposals", p.id, proposalAttributes(p))),
            page,
            total,
            req.url,
            {},
            rows.length === page.limit ? (rows.at(-1)?.id ?? null) : null,
          ),
        );
      };
      // Without a session the list is the same for everyone: reused briefly and cacheable.
      const answer = viewer === null ? await publicLists.get(req.url, build) : publicAnswerOf(await build());
      return sendPublicAnswer(req, reply, answer, cacheControlOf(publicLists.ttlMs, viewer !== null));
    },
  );

  r.post(
    "/proposals/submit",
    signedIn(submitBody, { 200: submittedResultsDocument, ...errorResponses(400, 401, 409, 429) }),
    async (req) => {
      const { chain_id, proposal_type, pool_address } = req.body.data.attributes;
      const result = await service.submit(
        chain_id,
        pool_address,
        proposal_type,
        req.session!.address as `0x${string}`,
      );
      return { data: resource("offchain-results", result.results_hash, result) };
    },
  );

  for (const suffix of ["", "/active"] as const) {
    r.get(
      `/proposals/count/:chainId/:pool${suffix}`,
      {
        schema: {
          params: poolParams(),
          response: { 200: proposalCountDocument, ...errorResponses(400, 429) },
          tags,
        },
      },
      async (req) => {
        const count = await service.count(req.params.chainId, req.params.pool, suffix === "/active");
        return {
          data: resource("proposal-count", `${req.params.chainId}:${req.params.pool}${suffix}`, { count }),
        };
      },
    );
  }

  r.get(
    "/proposals/:id/votes",
    {
      schema: {
        params: z.strictObject({ id: proposalId }),
        querystring: z.strictObject({ page: pageQuery("desc") }),
        response: { 200: voteListDocument, ...errorResponses(400, 404, 429) },
        tags,
        summary: "Votes of an off-chain proposal (largest power first by default)",
      },
    },
    async (req) => {
      const { votes, total } = await service.listVotes(req.params.id, req.query.page);
      return listDocument(
        votes.map((v) => resource("votes", `${v.proposal_id}:${v.voter_address}`, v)),
        req.query.page,
        total,
        req.url,
      );
    },
  );

  r.get(
    "/proposals/:id",
    {
      schema: {
        params: z.strictObject({ id: proposalId }),
        response: { 200: offchainProposalDocument, ...errorResponses(400, 404, 429) },
        tags,
      },
    },
    async (req) => {
      const viewer = await optionalViewer(deps, req.headers.authorization);
      const p = await service.getProposal(req.params.id, viewer);
      return { data: resource("proposals", p.id, proposalAttributes(p)) };
    },
  );

  r.post(
    "/vote",
    signedIn(voteBody, { 201: castVoteDocument, ...errorResponses(400, 401, 403, 404, 409, 429) }),
    async (req, reply) => {
      const session = req.session!;
      const { proposal_id, voter_address, options } = req.body.data.attributes;
      if (voter_address.toLowerCase() !== session.address) throw forbidden("errors.api.voteForOther");
      const id = String(proposal_id).trim();
      if (!isRecordId(id)) throw badRequest("errors.api.proposalIdInvalid", {}, { field: "proposal_id" });
      const p = await service.vote(session, id, options);
      return reply.code(201).send({
        data: resource("votes", `${p.id}:${session.address}`, {
          proposal_id: p.id,
          voter_address: session.address,
          options,
          is_against: p.user_vote?.is_against ?? false,
          power: p.user_vote?.power ?? "0",
          proposal: proposalAttributes(p),
        }),
      });
    },
  );

  r.delete(
    "/vote/:proposalId/:userAddress",
    {
      preValidation: deps.authenticate,
      schema: {
        params: z.strictObject({ proposalId, userAddress: addressSchema }),
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409, 429) },
        tags,
        security,
      },
    },
    async (req, reply) => {
      const session = req.session!;
      await service.cancelVote(session, req.params.proposalId, req.params.userAddress);
      return reply.code(204).send(null);
    },
  );
};
