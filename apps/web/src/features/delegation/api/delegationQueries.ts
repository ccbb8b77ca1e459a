import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoUserRead } from "../../../shared/chain/poolHelpers.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchDelegationPair } from "../../../shared/tracker/delegationApi.ts";
import { fetchDelegationPosition } from "./fetchDelegationPosition.ts";

/** `user`'s unlocked deposit and wallet in the DAO, for the delegation terminals. */
export function delegationPositionQuery(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address,
) {
  return queryOptions({
    ...daoUserRead(queryClient, client, chainId, dao, user, "delegationPosition", (reader, helpers) =>
      fetchDelegationPosition(reader, dao, user, { helpers }),
    ),
    refetchOnWindowFocus: false,
  });
}

/** What `user` delegates to `delegatee` in the DAO (indexed), refreshed by the DAO's transactions. */
export function delegationPairQuery(chainId: number, dao: Address, user: Address, delegatee: Address) {
  return queryOptions({
    queryKey: [
      queryRoots.dao,
      chainId,
      dao.toLowerCase(),
      "delegationPair",
      user.toLowerCase(),
      delegatee.toLowerCase(),
    ],
    queryFn: ({ signal }) => fetchDelegationPair(chainId, dao, user, delegatee, signal),
  });
}
