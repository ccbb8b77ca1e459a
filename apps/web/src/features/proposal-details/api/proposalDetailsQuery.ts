import { INTERVALS } from "@polity/core/constants";
import { type QueryClient, queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import { poolHelpersCache } from "../../../shared/chain/poolHelpers.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { proposalMetadataQuery } from "../../../shared/ipfs/daoMetadata.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { refetchEvery } from "../../../shared/query/retryPolicy.ts";
import { indexedPoolContracts } from "../../../shared/tracker/poolContractsApi.ts";
import { fetchProposalDetails } from "./fetchProposalDetails.ts";

export function proposalDetailsKey(chainId: number, dao: Address, id: bigint) {
  return [queryRoots.proposals, chainId, dao.toLowerCase(), "details", id.toString()] as const;
}

/**
 * One query per proposal page: refreshed every 15 s (spec), never on focus, and never twice at
 * once — every panel of the page reads this one result. The proposal's metadata document (its name
 * and description) starts loading as soon as the indexer's record names it.
 */
export function proposalDetailsQuery(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  id: bigint,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: [...proposalDetailsKey(chainId, dao, id), user?.toLowerCase() ?? null],
    queryFn: client
      ? ({ signal }) =>
          fetchProposalDetails(client, dao, id, user, {
            signal,
            helpers: poolHelpersCache(queryClient, chainId, dao),
            contracts: indexedPoolContracts(queryClient, chainId, dao),
            onDescriptionUrl: (url) => void queryClient.prefetchQuery(proposalMetadataQuery(url)),
          })
      : skipToken,
    staleTime: INTERVALS.proposalDetailsRefreshMs,
    refetchInterval: refetchEvery(INTERVALS.proposalDetailsRefreshMs),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
