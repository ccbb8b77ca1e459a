import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchTreasury } from "./fetchTreasury.ts";

/** The DAO treasury's balances, refreshed after a minute. */
export function treasuryQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: daoKey(queryRoots.treasury, chainId, pool),
    queryFn: ({ signal }) => fetchTreasury(chainId, pool, { signal }),
    staleTime: STALE_TIMES.slowMs,
  });
}
