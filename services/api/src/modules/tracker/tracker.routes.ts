import { expertBadgeListDocument } from "@polity/core/records/profile";
import {
  indexerHealthDocument,
  poolMemberListDocument,
  poolStatsDocument,
  statsSeriesDocument,
  summaryStatsDocument,
  topPoolListDocument,
  userActivityListDocument,
} from "@polity/core/records/tracker";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdParam, poolParams } from "../../http/address.ts";
import {
  commaList,
  errorResponses,
  listDocument,
  offsetOf,
  pagedDocument,
  pagedRead,
  queryString,
  resource,
} from "../../http/jsonapi.ts";
import { cacheControlOf, PublicAnswerCache, sendPublicAnswer } from "../../http/publicAnswer.ts";
import { TtlCache } from "../../http/ttlCache.ts";
import type { ModuleDeps } from "../types.ts";
import { IndexerHealthService } from "./indexerHealth.service.ts";
import { type SortKey, TrackerRepository } from "./tracker.repository.ts";
import { type Period, TrackerService } from "./tracker.service.ts";

/** Off-chain proposal counts in the DAO list may lag by this much. */
export const OFFCHAIN_COUNTS_TTL_MS = 15_000;

/** Spec §9: the pool list pages by 25. */
export const POOL_PAGE_SIZE = 25;
const MAX_POOL_PAGE_SIZE = 100;

const periodParam = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(["D", "W", "M"], { error: "must be one of D, W, M" }));

const SORT_KEYS = ["tvl", "tvg", "members", "proposals", "lau"] as const;
/** JSON:API sort: `tvl` ascending, `-tvl` descending; the default is `-tvl` (spec §9). */
const sortParam = queryString.pipe(
  z
    .string()
    .regex(
      /^-?(tvl|tvg|members|proposals|lau)$/,
      `must be one of ${SORT_KEYS.join(", ")}, optionally prefixed by -`,
    )
    .transform((s) => ({
      key: s.replace(/^-/, "") as SortKey,
      order: (s.startsWith("-") ? "desc" : "asc") as "asc" | "desc",
    })),
);

const poolPage = z
  .strictObject({
    number: queryString.pipe(z.coerce.number().int().min(1).max(1_000_000)).optional(),
    limit: queryString.pipe(z.coerce.number().int().min(1).max(MAX_POOL_PAGE_SIZE)).optional(),
  })
  .optional()
  .transform((p) => ({ number: p?.number ?? 1, limit: p?.limit ?? POOL_PAGE_SIZE, order: "desc" as const }));

/** The chains totals are summed over: `filter[chain_ids]` or `chain_ids` (every supported chain without either). */
const chainIdsQuery = z.strictObject({
  filter: z.strictObject({ chain_ids: commaList(chainIdParam).optional() }).optional(),
  chain_ids: commaList(chainIdParam).optional(),
});
const chainIdsOf = (q: z.infer<typeof chainIdsQuery>) => q.filter?.chain_ids ?? q.chain_ids;

/** `/integrations/tracker`: DAO lists and statistics read from the indexer's tables. */
export const trackerRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Off-chain proposals are the voting module's: the top list asks it for their counts, kept for
  // a short while so that a page of 25 DAOs does not cost 50 queries on every request.
  const offchainCache = new TtlCache<{ total: number; active: number }>(10_000);
  const offchain = {
    async countByPools(chainId: number, pools: string[]) {
      const counts = await Promise.all(
        pools.map(async (pool) => {
          const counts = await offchainCache.wrap(`${chainId}:${pool}`, OFFCHAIN_COUNTS_TTL_MS, async () => {
            const [total, active] = await Promise.all([
              deps.offchainProposals.count(chainId, pool, false),
              deps.offchainProposals.count(chainId, pool, true),
            ]);
            return { total, active };
          });
          return [pool, counts] as const;
        }),
      );
      return new Map(counts);
    },
  };
  const repository = new TrackerRepository(deps.indexer);
  const tracker = new TrackerService(repository, deps.indexer, offchain);
  const health = new IndexerHealthService(deps.indexer, deps.chains, deps.config.supportedChainIds, app.log);
  const tags = ["tracker"];
  const topAnswers = new PublicAnswerCache(deps.config.publicCacheTtlMs);

  r.get(
    "/pools/gov/summary-stats/:period",
    {
      schema: {
        tags,
        summary: "Totals over every DAO of the given chains, with the change over the period",
        params: z.strictObject({ period: periodParam }),
        querystring: chainIdsQuery,
        response: { 200: summaryStatsDocument, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const chainIds = chainIdsOf(req.query) ?? deps.config.supportedChainIds;
      const attributes = await tracker.summary(chainIds, req.params.period as Period);
      return { data: resource("gov-pools-summary-stats", req.params.period, attributes) };
    },
  );

  r.get(
    "/pools/gov/summary-stats/:period/series",
    {
      schema: {
        tags,
        summary:
          "Chart series of the totals over every DAO of the given chains: D (24 hourly points), W (7 daily), M (30 daily)",
        params: z.strictObject({ period: periodParam }),
        querystring: chainIdsQuery,
        response: { 200: statsSeriesDocument, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const chainIds = chainIdsOf(req.query) ?? deps.config.supportedChainIds;
      const points = await tracker.summarySeries(chainIds, req.params.period as Period);
      return {
        data: points.map((p) => resource("gov-pool-stats-snapshot", `summary:${p.timestamp}`, p)),
        meta: { period: req.params.period, count: points.length },
      };
    },
  );

  r.get(
    "/indexer-health",
    {
      schema: {
        tags,
        summary: "Per chain: chain head, last indexed block and the lag between them",
        response: { 200: indexerHealthDocument, ...errorResponses(429) },
      },
    },
    async () => {
      const chains = await health.check();
      return { data: chains.map((c) => resource("indexer-health", c.chain_id, c)) };
    },
  );

  r.get(
    "/:chainId/pools/gov/top",
    {
      schema: {
        tags,
        summary: "DAO list: sorted (default -tvl, then tvg, members, proposals), pinned first, searchable",
        params: z.strictObject({ chainId: chainIdParam }),
        querystring: z.strictObject({
          sort: sortParam.optional(),
          pinned: commaList(addressSchema).optional(),
          pinned_addresses: commaList(addressSchema).optional(),
          search: queryString.pipe(z.string().trim().max(100)).optional(),
          user_address: queryString.pipe(addressSchema).optional(),
          page: poolPage,
        }),
        response: { 200: topPoolListDocument, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const sort = q.sort ?? { key: "tvl" as const, order: "desc" as const };
      // The home page's list: the same answer for everyone asking the same URL (is_member aside).
      const answer = await topAnswers.get(`${req.params.chainId}:${req.url}`, async () => {
        const { rows, total } = await tracker.topPoolsFor(
          {
            chainId: req.params.chainId,
            sort: sort.key,
            order: sort.order,
            pinned: q.pinned ?? q.pinned_addresses ?? [],
            search: q.search ? q.search : null,
            userAddress: q.user_address ?? null,
            page: q.page.number,
            limit: q.page.limit,
          },
          topAnswers.ttlMs,
        );
        return topPoolListDocument.parse(
          listDocument(
            rows.map((row) => resource("top-gov-pools", row.pool_address, row)),
            q.page,
            total,
            req.url,
          ),
        );
      });
      return sendPublicAnswer(
        req,
        reply,
        answer,
        cacheControlOf(topAnswers.ttlMs, q.user_address !== undefined),
      );
    },
  );

  r.get(
    "/:chainId/pools/gov/user-activity/:user",
    {
      schema: {
        tags,
        summary: "DAOs an address deposited in, voted in, proposed in or holds tokens of",
        params: z.strictObject({ chainId: chainIdParam, user: addressSchema }),
        querystring: z.strictObject({ page: poolPage }),
        response: { 200: userActivityListDocument, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      // Public figures of the address in the path: the same answer for everyone asking the same URL.
      const answer = await topAnswers.get(`${req.params.chainId}:${req.url}`, async () => {
        const result = await tracker.userActivity(
          req.params.chainId,
          req.params.user,
          req.query.page.number,
          req.query.page.limit,
        );
        return userActivityListDocument.parse(
          pagedDocument("user-gov-pool-activity", result, req, (row) => [row.pool_address, row]),
        );
      });
      return sendPublicAnswer(req, reply, answer, cacheControlOf(topAnswers.ttlMs, false));
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/members",
    pagedRead(
      tags,
      "A DAO's members as its Members figure counts them (deposits; token holders and voters while nobody has deposited), never its own contracts",
      poolParams(),
      poolMemberListDocument,
    ),
    async (req) => {
      const result = await tracker.members(req.params.chainId, req.params.pool, offsetOf(req.query.page));
      return pagedDocument("gov-pool-members", result, req, (row) => [row.address, row]);
    },
  );

  r.get(
    "/:chainId/pools/gov/user-expert-badges/:user",
    {
      schema: {
        tags,
        summary: "Expert badges an address holds on a chain: DAOs' local ones and the global one",
        params: z.strictObject({ chainId: chainIdParam, user: addressSchema }),
        response: { 200: expertBadgeListDocument, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const { chainId, user } = req.params;
      const rows = await deps.indexer.read(() => repository.expertBadges(chainId, user));
      return {
        data: rows.map((row) =>
          resource("expert-badges", `${row.nft}:${user}`, {
            chain_id: chainId,
            pool_address: row.pool,
            is_global: row.isGlobal,
            nft_address: row.nft,
            token_id: row.tokenId.toString(),
          }),
        ),
      };
    },
  );

  r.get(
    "/:chainId/pools/gov/:pool/stats/latest",
    {
      schema: {
        tags,
        summary: "Latest statistics record of one DAO",
        params: poolParams(),
        response: { 200: poolStatsDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const attributes = await tracker.latestStats(req.params.chainId, req.params.pool);
      return { data: resource("gov-pool-stats", req.params.pool, attributes) };
    },
  );

  r.get(
    "/:chainId/pools/gov/:dao/stats/:period",
    {
      schema: {
        tags,
        summary: "Chart series of one DAO: D (24 hourly points), W (7 daily), M (30 daily)",
        params: z.strictObject({ chainId: chainIdParam, dao: addressSchema, period: periodParam }),
        response: { 200: statsSeriesDocument, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const points = await tracker.series(req.params.chainId, req.params.dao, req.params.period as Period);
      return {
        data: points.map((p) => resource("gov-pool-stats-snapshot", `${req.params.dao}:${p.timestamp}`, p)),
        meta: { period: req.params.period, count: points.length },
      };
    },
  );
};
