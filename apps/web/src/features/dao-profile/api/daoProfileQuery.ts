import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { cachedPoolHelpers } from "../../../shared/chain/poolHelpers.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchDaoProfile } from "./fetchDaoProfile.ts";

/** The DAO's on-chain profile with `user`'s position, refreshed after 15 s. */
export function daoProfileQuery(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, dao.toLowerCase(), "profile", user?.toLowerCase() ?? null],
    queryFn: () =>
      fetchDaoProfile(client as ReadClient, dao, user, {
        helpers: cachedPoolHelpers(queryClient, client as ReadClient, chainId, dao),
      }),
    enabled: Boolean(client),
    staleTime: 15_000,
  });
}
