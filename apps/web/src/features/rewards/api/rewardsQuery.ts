import { STALE_TIMES } from "@polity/core/constants";
import { keepPreviousData, queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchRewards } from "./fetchRewards.ts";

/** One page of `user`'s rewards in the DAO; the previous page stays shown while the next loads. */
export function rewardsQuery(
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address,
  page: number,
) {
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, dao, "rewards", user.toLowerCase(), page),
    queryFn: client ? ({ signal }) => fetchRewards(client, dao, user, page, { signal }) : skipToken,
    staleTime: STALE_TIMES.liveMs,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}
