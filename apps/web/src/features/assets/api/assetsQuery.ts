import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { cachedPoolHelpers } from "../../../shared/chain/poolHelpers.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchAssets } from "./fetchAssets.ts";

/** The DAO's assets and `user`'s position for the deposit and withdraw terminals. */
export function assetsQuery(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, dao.toLowerCase(), "assets", user?.toLowerCase() ?? null],
    queryFn: () =>
      fetchAssets(client as ReadClient, dao, user, {
        helpers: cachedPoolHelpers(queryClient, client as ReadClient, chainId, dao),
      }),
    enabled: Boolean(client),
    staleTime: 15_000,
    refetchOnWindowFocus: false,
  });
}
