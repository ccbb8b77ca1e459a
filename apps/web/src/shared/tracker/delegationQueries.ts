import { STALE_TIMES } from "@polity/core/constants";
import { keepPreviousData, queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoKey, queryRoots } from "../query/queryKeys.ts";
import { fetchExperts, fetchIncomingDelegations, fetchOutgoingDelegations } from "./delegationApi.ts";

/** A page of what `member` delegates in the DAO (out) or what is delegated to it (in). */
export function memberDelegationsQuery(
  chainId: number,
  dao: Address,
  member: Address | undefined,
  direction: "out" | "in",
  page: number,
) {
  const read = direction === "out" ? fetchOutgoingDelegations : fetchIncomingDelegations;
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, dao, "delegations", direction, member?.toLowerCase(), page),
    queryFn: member ? ({ signal }) => read(chainId, dao, member, { page, signal }) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}

/** A page of the DAO's experts with their micropools. */
export function expertsQuery(chainId: number, dao: Address, page: number) {
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, dao, "experts", page),
    queryFn: ({ signal }) => fetchExperts(chainId, dao, { page, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}
