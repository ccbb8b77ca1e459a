import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { type TopPoolsParams, topPoolsQuery, userActivityQuery } from "../../shared/tracker/trackerApi.ts";

/** A page of the chain's DAOs, read while the "all" tab shows. */
export function useTopPools(params: TopPoolsParams, enabled: boolean) {
  return useQuery({ ...topPoolsQuery(params), enabled });
}

/** A page of the DAOs `user` took part in, read while one of the user's tabs shows. */
export function useUserActivity(chainId: number, user: Address | undefined, page: number, enabled: boolean) {
  return useQuery({ ...userActivityQuery(chainId, user, page), enabled: enabled && Boolean(user) });
}
