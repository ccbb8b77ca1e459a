import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos } from "../../../shared/chain/tokenInfo.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";

/** Symbol and decimals of the reward tokens the DAO's settings pay in (one multicall). */
export function rewardTokensQuery(
  client: ReadClient | undefined,
  chainId: number,
  pool: Address,
  tokens: readonly Address[],
) {
  const sorted = [...new Set(tokens.map((token) => token.toLowerCase() as Address))].sort();
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, pool, "rewardTokens", sorted),
    queryFn: client && sorted.length > 0 ? () => fetchTokenInfos(client, chainId, sorted) : skipToken,
    staleTime: STALE_TIMES.slowMs,
  });
}
