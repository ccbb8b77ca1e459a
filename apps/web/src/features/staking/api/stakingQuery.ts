import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchStaking } from "./fetchStaking.ts";

/** The DAO's staking, under the DAO's root so that every DAO transaction refreshes it. */
export function stakingQuery(
  client: ReadClient | undefined,
  chainId: number,
  pool: Address,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, pool, "staking", user?.toLowerCase() ?? null),
    queryFn: client ? ({ signal }) => fetchStaking(client, chainId, pool, user, { signal }) : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
}
