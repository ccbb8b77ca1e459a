import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchTokenPurchase } from "./fetchTokenPurchase.ts";

/** A tier of the DAO's token sale with the connected buyer's standing in it. */
export function tokenPurchaseQuery(
  client: ReadClient | undefined,
  chainId: number,
  pool: Address,
  tierId: string,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: daoKey(queryRoots.tokenSales, chainId, pool, "purchase", tierId, user?.toLowerCase()),
    queryFn: client
      ? ({ signal }) => fetchTokenPurchase(client, chainId, pool, tierId, user, { signal })
      : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
}
