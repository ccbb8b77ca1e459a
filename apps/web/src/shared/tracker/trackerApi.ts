import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../http/api.ts";
import { queryRoots } from "../query/queryKeys.ts";

/** Spec section 9: the pool list pages by 25. */
export const POOL_PAGE_SIZE = 25;

export type PoolSort = "tvl" | "tvg" | "proposals" | "members";
export const POOL_SORTS: readonly PoolSort[] = ["tvl", "tvg", "proposals", "members"];

/** Top pool record (spec section 3) as the tracker answers it. */
export interface TopPool {
  chain_id: number;
  pool_address: Address;
  name: string;
  description_url: string;
  gov_token_address: Address;
  gov_token_symbol: string | null;
  gov_token_decimals: number | null;
  gov_nft_address: Address;
  created_at: number;
  tvl_usd: string;
  tvg_usd: string;
  lau: number;
  total_members_count: number;
  active_members_count: number;
  total_proposals_count: number;
  active_proposals_count: number;
  tvl_usd_change_percent: number;
  tvg_usd_change_percent: number;
  members_change_percent: number;
  lau_change_percent: number;
  is_member: boolean;
}

export interface UserActivityPool extends TopPool {
  user_votes_count: number;
  user_proposals_count: number;
  user_deposits_count: number;
  user_last_activity_at: number | null;
  user_deposited_tokens: string;
  user_deposited_nfts: number;
  user_delegated_in_tokens: string;
  user_delegated_out_tokens: string;
}

/** Statistics record (spec section 3). */
export interface PoolStats {
  gov_pool_address: Address;
  gov_pool_name: string;
  gov_token_address: Address;
  gov_nft_address: Address;
  gov_pool_created_at: number;
  tvl_usd: string;
  tvg_usd: string;
  total_members_count: number;
  lau: number;
  total_active_proposals_count: number;
  total_proposals_count: number;
}

interface ListDocument<A> {
  data: { id: string; type: string; attributes: A }[];
  meta: { total_count: number; page_number: number; page_limit: number };
}

export interface PoolPage<A> {
  items: A[];
  total: number;
  page: number;
  pageCount: number;
}

function toPage<A>(document: ListDocument<A>): PoolPage<A> {
  const { total_count, page_number, page_limit } = document.meta;
  return {
    items: document.data.map((resource) => resource.attributes),
    total: total_count,
    page: page_number,
    pageCount: Math.max(1, Math.ceil(total_count / page_limit)),
  };
}

export interface TopPoolsParams {
  chainId: number;
  sort: PoolSort;
  search: string;
  page: number;
  userAddress: Address | undefined;
}

export function topPoolsQuery(params: TopPoolsParams) {
  return queryOptions({
    queryKey: [queryRoots.pools, params.chainId, "top", params],
    queryFn: async ({ signal }) =>
      toPage(
        await api.get<ListDocument<TopPool>>(`/integrations/tracker/${params.chainId}/pools/gov/top`, {
          query: {
            sort: `-${params.sort}`,
            search: params.search.trim() || undefined,
            user_address: params.userAddress,
            page: { number: params.page, limit: POOL_PAGE_SIZE },
          },
          isAuthenticated: false,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function userActivityQuery(chainId: number, user: Address | undefined, page: number) {
  return queryOptions({
    queryKey: [queryRoots.pools, chainId, "userActivity", user?.toLowerCase(), page],
    queryFn: async ({ signal }) =>
      toPage(
        await api.get<ListDocument<UserActivityPool>>(
          `/integrations/tracker/${chainId}/pools/gov/user-activity/${user}`,
          { query: { page: { number: page, limit: POOL_PAGE_SIZE } }, isAuthenticated: false, signal },
        ),
      ),
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
}

export function poolStatsQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: [queryRoots.poolStats, chainId, pool.toLowerCase(), "latest"],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { attributes: PoolStats } }>(
          `/integrations/tracker/${chainId}/pools/gov/${pool}/stats/latest`,
          { isAuthenticated: false, signal },
        )
      ).data.attributes,
  });
}
