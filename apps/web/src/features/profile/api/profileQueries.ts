import { delegationListDocument } from "@polity/core/records/delegation";
import { userProposalListDocument } from "@polity/core/records/governance";
import { expertBadgeListDocument } from "@polity/core/records/profile";
import { walletBalancesDocument } from "@polity/core/records/proxyCache";
import { topPoolListDocument } from "@polity/core/records/tracker";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../../../shared/http/api.ts";
import { profileKey } from "../../../shared/profile/memberDaos.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { governancePath, readIndexedPage } from "../../../shared/tracker/governanceApi.ts";

const key = profileKey;

/** The expert badges the address holds on the chain (local ones by DAO, and the global one). */
export function expertBadgesQuery(chainId: number, address: Address) {
  return queryOptions({
    queryKey: key(address, "expertBadges", chainId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/integrations/tracker/${chainId}/pools/gov/user-expert-badges/${address}`, {
          schema: expertBadgeListDocument,
          isAuthenticated: false,
          signal,
        })
      ).data.map((resource) => resource.attributes),
  });
}

/** What the address delegates, in every DAO of the chain. */
export function outgoingDelegationsQuery(chainId: number, address: Address) {
  return queryOptions({
    queryKey: key(address, "delegationsOut", chainId),
    queryFn: ({ signal }) =>
      readIndexedPage(
        chainId,
        `/integrations/tracker/${chainId}/delegations/outgoing/${address.toLowerCase()}`,
        delegationListDocument,
        { query: { page: { number: 1, limit: 100 } }, signal },
      ),
  });
}

/** The proposals the address created or voted on in one DAO. */
export function userProposalsQuery(chainId: number, pool: Address, address: Address) {
  return queryOptions({
    queryKey: key(address, "proposals", chainId, pool.toLowerCase()),
    queryFn: ({ signal }) =>
      readIndexedPage(
        chainId,
        `${governancePath(chainId, pool)}/user-proposals/${address.toLowerCase()}`,
        userProposalListDocument,
        { query: { page: { number: 1, limit: 100 } }, signal },
      ),
  });
}

/**
 * The wallet's token balances with USD values (the proxy cache prices them with the chain's
 * PriceFeed); a token shows only above zero (spec section 9).
 */
export function portfolioQuery(chainId: number, address: Address) {
  return queryOptions({
    queryKey: key(address, "portfolio", chainId),
    queryFn: async ({ signal }) => {
      const document = await api.get(`/integrations/api-proxy-cache/${chainId}/wallet-balances/${address}`, {
        schema: walletBalancesDocument,
        query: { page_size: 100 },
        isAuthenticated: false,
        signal,
      });
      return {
        balances: document.data.attributes.balances.filter((row) => BigInt(row.balance || "0") > 0n),
        error: document.meta?.error?.detail,
      };
    },
  });
}

/** The DAOs of `pools` with their names: the tracker's list pins them first. */
export function pinnedPoolsQuery(chainId: number, pools: readonly Address[]) {
  return queryOptions({
    queryKey: [queryRoots.pools, chainId, "pinned", pools],
    queryFn:
      pools.length === 0
        ? skipToken
        : async ({ signal }) => {
            const document = await api.get(`/integrations/tracker/${chainId}/pools/gov/top`, {
              schema: topPoolListDocument,
              query: { pinned: pools.join(","), page: { number: 1, limit: Math.min(100, pools.length) } },
              isAuthenticated: false,
              signal,
            });
            const wanted = new Set(pools.map((pool) => pool.toLowerCase()));
            return document.data.map((r) => r.attributes).filter((pool) => wanted.has(pool.pool_address));
          },
  });
}
