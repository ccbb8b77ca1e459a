import { STALE_TIMES } from "@polity/core/constants";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchValidators } from "./fetchValidators.ts";

/** One page of the DAO's validators from the indexer; asked only when the DAO has validators. */
export function validatorsQuery(chainId: number, dao: Address, page: number, enabled = true) {
  return queryOptions({
    queryKey: daoKey(queryRoots.dao, chainId, dao, "validators", page),
    queryFn: ({ signal }) => fetchValidators(chainId, dao, page, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}
