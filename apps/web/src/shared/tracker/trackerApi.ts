import { type PageMeta, pageOf } from "@polity/core/records/jsonapi";
import {
  type PoolStats,
  poolStatsDocument,
  type StatsPoint,
  statsSeriesDocument,
  summaryStatsDocument,
  type TopPool,
  topPoolListDocument,
  type UserActivityPool,
  userActivityListDocument,
} from "@polity/core/records/tracker";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../http/api.ts";
import { daoKey, queryRoots } from "../query/queryKeys.ts";
import { availabilityQueryOptions, withAvailability } from "./availability.ts";

/** Spec section 9: the pool list pages by 25. */
export const POOL_PAGE_SIZE = 25;

export type PoolSort = "tvl" | "tvg" | "proposals" | "members";
export const POOL_SORTS: readonly PoolSort[] = ["tvl", "tvg", "proposals", "members"];

export type { PoolStats, StatsPoint, TopPool, UserActivityPool };

export interface PoolPage<A> {
  items: A[];
  total: number;
  page: number;
  pageCount: number;
}

function toPage<A>(document: { data: { attributes: A }[]; meta: PageMeta }): PoolPage<A> {
  const { total, page, pageCount } = pageOf(document.meta);
  return { items: document.data.map((resource) => resource.attributes), total, page, pageCount };
}

export interface TopPoolsParams {
  chainId: number;
  sort: PoolSort;
  search: string;
  page: number;
  userAddress: Address | undefined;
  /** DAOs listed first (those the user follows). */
  pinned?: readonly Address[];
}

export function topPoolsQuery(params: TopPoolsParams) {
  return queryOptions({
    queryKey: [queryRoots.pools, params.chainId, "top", params],
    queryFn: ({ signal }) =>
      withAvailability("TopGovPools", async () =>
        toPage(
          await api.get(`/integrations/tracker/${params.chainId}/pools/gov/top`, {
            schema: topPoolListDocument,
            query: {
              sort: `-${params.sort}`,
              search: params.search.trim() || undefined,
              user_address: params.userAddress,
              pinned: params.pinned?.length ? params.pinned.join(",") : undefined,
              page: { number: params.page, limit: POOL_PAGE_SIZE },
            },
            isAuthenticated: false,
            signal,
          }),
        ),
      ),
    ...availabilityQueryOptions,
    placeholderData: keepPreviousData,
  });
}

export function userActivityQuery(chainId: number, user: Address | undefined, page: number) {
  return queryOptions({
    queryKey: [queryRoots.pools, chainId, "userActivity", user?.toLowerCase(), page],
    queryFn: ({ signal }) =>
      withAvailability("ActivityGovPools", async () =>
        toPage(
          await api.get(`/integrations/tracker/${chainId}/pools/gov/user-activity/${user}`, {
            schema: userActivityListDocument,
            query: { page: { number: page, limit: POOL_PAGE_SIZE } },
            isAuthenticated: false,
            signal,
          }),
        ),
      ),
    ...availabilityQueryOptions,
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
}

export function poolStatsQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: daoKey(queryRoots.poolStats, chainId, pool, "latest"),
    queryFn: ({ signal }) =>
      withAvailability(
        "PoolLatestStats",
        async () =>
          (
            await api.get(`/integrations/tracker/${chainId}/pools/gov/${pool}/stats/latest`, {
              schema: poolStatsDocument,
              isAuthenticated: false,
              signal,
            })
          ).data.attributes,
      ),
    ...availabilityQueryOptions,
  });
}

export type StatsPeriod = "D" | "W" | "M";

/** Chart series of one DAO over a period (D: 24 hourly points, W: 7 daily, M: 30 daily). */
export function poolSeriesQuery(chainId: number, pool: Address, period: StatsPeriod) {
  return queryOptions({
    queryKey: daoKey(queryRoots.poolStats, chainId, pool, "series", period),
    queryFn: ({ signal }) =>
      withAvailability("PoolLatestStats", async () =>
        (
          await api.get(`/integrations/tracker/${chainId}/pools/gov/${pool}/stats/${period}`, {
            schema: statsSeriesDocument,
            isAuthenticated: false,
            signal,
          })
        ).data.map((resource) => resource.attributes),
      ),
    ...availabilityQueryOptions,
  });
}

/** Totals over every DAO of a chain, with their change over the period (the DAO list's summary). */
export function summaryStatsQuery(chainId: number, period: StatsPeriod) {
  return queryOptions({
    queryKey: [queryRoots.poolStats, chainId, "summary", period],
    queryFn: ({ signal }) =>
      withAvailability(
        "PoolsStatsSummary",
        async () =>
          (
            await api.get(`/integrations/tracker/pools/gov/summary-stats/${period}`, {
              schema: summaryStatsDocument,
              query: { chain_ids: chainId },
              isAuthenticated: false,
              signal,
            })
          ).data.attributes,
      ),
    ...availabilityQueryOptions,
  });
}

/** The chart series of the chain's totals over a period. */
export function summarySeriesQuery(chainId: number, period: StatsPeriod) {
  return queryOptions({
    queryKey: [queryRoots.poolStats, chainId, "summarySeries", period],
    queryFn: ({ signal }) =>
      withAvailability("PoolsStatsSummary", async () =>
        (
          await api.get(`/integrations/tracker/pools/gov/summary-stats/${period}/series`, {
            schema: statsSeriesDocument,
            query: { chain_ids: chainId },
            isAuthenticated: false,
            signal,
          })
        ).data.map((resource) => resource.attributes),
      ),
    ...availabilityQueryOptions,
  });
}
