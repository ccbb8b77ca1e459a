import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { type DelegatedRewardsRead, fetchDelegatedRewards } from "./fetchDelegatedRewards.ts";
import { fetchRewardTokens, type TokenInfo } from "./fetchRewards.ts";

export interface DelegatedRewards extends DelegatedRewardsRead {
  dao: Address;
  tokens: Record<string, TokenInfo>;
}

/** `user`'s delegator rewards in the DAO with their tokens' symbols and decimals; refreshed by the DAO's transactions. */
export function delegatedRewardsQuery(
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address,
) {
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, dao, "delegatedRewards", user.toLowerCase()),
    queryFn: client
      ? async ({ signal }): Promise<DelegatedRewards> => {
          const { rows, isTruncated } = await fetchDelegatedRewards(client, dao, user, { signal });
          return {
            dao,
            rows,
            isTruncated,
            tokens: await fetchRewardTokens(
              client,
              rows.map((r) => r.token),
            ),
          };
        }
      : skipToken,
    staleTime: STALE_TIMES.liveMs,
    refetchOnWindowFocus: false,
  });
}
