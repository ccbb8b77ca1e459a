import { queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchDelegationPair } from "../../../shared/tracker/delegationApi.ts";

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
