import { getChain } from "@polity/core/chains";
import { jsonApiError } from "@polity/core/errors/jsonApi";
import {
  nftListDocument,
  tokenHoldersDocument,
  walletBalancesDocument,
} from "@polity/core/records/proxyCache";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Address } from "viem";
import { z } from "zod";
import { addressSchema, chainIdParam, poolParams } from "../../http/address.ts";
import { ApiError } from "../../http/errors.ts";
import { errorResponses, listDocument, queryString, resource } from "../../http/jsonapi.ts";
import { TtlCache } from "../../http/ttlCache.ts";
import type { ModuleDeps } from "../types.ts";
import { chainPriceSource } from "./priceSource.ts";
import { ProxyCacheRepository } from "./proxyCache.repository.ts";
import { type BalanceRow, ProxyCacheService } from "./proxyCache.service.ts";

/** Spec §9: wallet balances cached 1 minute, page size 100; holders cached 5 minutes; NFTs 100 per page. */
export const WALLET_BALANCES_TTL_MS = 60_000;
export const HOLDERS_TTL_MS = 5 * 60_000;
export const PAGE_SIZE = 100;

const page = z
  .strictObject({
    number: queryString.pipe(z.coerce.number().int().min(1).max(1_000_000)).optional(),
    limit: queryString.pipe(z.coerce.number().int().min(1).max(PAGE_SIZE)).optional(),
  })
  .optional()
  .transform((p) => ({ number: p?.number ?? 1, limit: p?.limit ?? PAGE_SIZE, order: "desc" as const }));

/** Spec §7: a failed proxy call answers empty data with the error attached (never a bare 500). */
function failure(err: unknown, reply: FastifyReply, log: { warn(obj: unknown, msg: string): void }) {
  if (err instanceof ApiError && err.status < 500) throw err;
  log.warn({ err }, "proxy-cache upstream failed");
  reply.header("cache-control", "no-store");
  const {
    title = "",
    detail = "",
    code,
  } = jsonApiError(
    err instanceof ApiError
      ? { status: 503, key: err.key, params: err.params }
      : { status: 503, key: "errors.api.upstreamUnavailable" },
  );
  return { title, detail, status: "503", ...(code && { code }) };
}

const nativeName = (chainId: number) => {
  try {
    const c = getChain(chainId).nativeCurrency;
    return { name: c.name, symbol: c.symbol };
  } catch {
    return { name: "Native coin", symbol: "NATIVE" };
  }
};

/** `/integrations/api-proxy-cache`: treasury balances, token holders and NFTs, cached. */
export const proxyCacheRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = new ProxyCacheRepository(deps.indexer);
  const service = new ProxyCacheService(repo, deps.chains, chainPriceSource(deps.chains), nativeName);
  const balancesCache = new TtlCache<BalanceRow[]>();
  const holdersCache = new TtlCache<{ rows: Array<{ address: string; balance: string }>; total: number }>();
  const tags = ["api-proxy-cache"];

  r.get(
    "/:chainId/wallet-balances/:pool",
    {
      schema: {
        tags,
        summary: "Treasury token balances of a DAO with USD prices (cached 1 minute, 100 per page)",
        params: poolParams(),
        querystring: z.strictObject({
          page_token: queryString
            .pipe(z.string().regex(/^\d{1,7}$/, "must be a token from next_page_token"))
            .optional(),
          page_size: queryString.pipe(z.coerce.number().int().min(1).max(PAGE_SIZE)).optional(),
        }),
        response: { 200: walletBalancesDocument, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const { chainId, pool } = req.params;
      const offset = Number(req.query.page_token ?? 0);
      const size = req.query.page_size ?? PAGE_SIZE;
      try {
        const all = await balancesCache.wrap(`${chainId}:${pool}`, WALLET_BALANCES_TTL_MS, () =>
          service.walletBalances(chainId, pool as Address),
        );
        const balances = all.slice(offset, offset + size);
        reply.header("cache-control", `public, max-age=${WALLET_BALANCES_TTL_MS / 1000}`);
        return {
          data: resource("wallet-balances", pool, {
            next_page_token: offset + size < all.length ? String(offset + size) : null,
            balances,
          }),
        };
      } catch (err) {
        const error = failure(err, reply, req.log);
        return {
          data: resource("wallet-balances", pool, { next_page_token: null, balances: [] }),
          meta: { error },
        };
      }
    },
  );

  r.get(
    "/:chainId/token-holders-balances/:token",
    {
      schema: {
        tags,
        summary: "Holders of a governance token and their balances (cached 5 minutes, 100 per page)",
        params: z.strictObject({ chainId: chainIdParam, token: addressSchema }),
        querystring: z.strictObject({ page }),
        response: { 200: tokenHoldersDocument, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const { chainId, token } = req.params;
      const p = req.query.page;
      try {
        const { rows, total } = await holdersCache.wrap(
          `${chainId}:${token}:${p.number}:${p.limit}`,
          HOLDERS_TTL_MS,
          () => repo.holders(chainId, token, p.limit, (p.number - 1) * p.limit),
        );
        reply.header("cache-control", `public, max-age=${HOLDERS_TTL_MS / 1000}`);
        const doc = listDocument([], p, total, req.url);
        return {
          data: resource("token-holders-balances", token, {
            holders_balances: Object.fromEntries(rows.map((row) => [row.address, row.balance])),
            total_holders: total,
          }),
          meta: doc.meta,
          links: doc.links,
        };
      } catch (err) {
        const error = failure(err, reply, req.log);
        return {
          data: resource("token-holders-balances", token, { holders_balances: {}, total_holders: 0 }),
          meta: { error },
        };
      }
    },
  );

  r.get(
    "/:chainId/nfts-by-wallet/:wallet",
    {
      schema: {
        tags,
        summary: "NFTs of indexed collections owned by a wallet (100 per page, ids in decimal)",
        params: z.strictObject({ chainId: chainIdParam, wallet: addressSchema }),
        querystring: z.strictObject({ page }),
        response: { 200: nftListDocument, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const { chainId, wallet } = req.params;
      const p = req.query.page;
      try {
        const { rows, total } = await repo.nftsOf(chainId, wallet, p.limit, (p.number - 1) * p.limit);
        return listDocument(
          rows.map((n) =>
            resource("nfts", `${n.token}:${n.token_id}`, {
              token_address: n.token,
              token_id: n.token_id,
              name: n.name,
              symbol: n.symbol,
              owner: wallet,
            }),
          ),
          p,
          total,
          req.url,
        );
      } catch (err) {
        const error = failure(err, reply, req.log);
        return { data: [], meta: { error } };
      }
    },
  );
};
