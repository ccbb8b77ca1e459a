import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchTokenSales } from "./fetchTokenSales.ts";

/** The DAO's token sale tiers, refreshed like other live reads (purchases move their progress). */
export function tokenSalesQuery(client: ReadClient | undefined, chainId: number, pool: Address) {
  return queryOptions({
    queryKey: daoKey(queryRoots.tokenSales, chainId, pool, "tiers"),
    queryFn: client ? ({ signal }) => fetchTokenSales(client, chainId, pool, { signal }) : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
}
