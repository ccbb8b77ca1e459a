import { INTERVALS, STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { refetchEvery } from "../../../shared/query/retryPolicy.ts";
import { getProposal, getProposalType, listProposals, listProposalTypes } from "./votingApi.ts";

/** Spec's proposal details refresh interval. */
const REFRESH_MS = INTERVALS.proposalDetailsRefreshMs;

export const offchainKeys = {
  root: (chainId: number, pool: string) => [queryRoots.offchain, chainId, pool] as const,
  types: (chainId: number, pool: string) => [...offchainKeys.root(chainId, pool), "types"] as const,
  type: (chainId: number, pool: string, name: string) =>
    [...offchainKeys.types(chainId, pool), name] as const,
  proposals: (chainId: number, pool: string) => [...offchainKeys.root(chainId, pool), "proposals"] as const,
  proposal: (chainId: number, pool: string, id: string) =>
    [...offchainKeys.proposals(chainId, pool), id] as const,
  token: (chainId: number, pool: string) => [...offchainKeys.root(chainId, pool), "token"] as const,
};

/**
 * The DAO's voting token, in which off-chain voting power is counted (null: NFTs only). Its chain
 * reader downloads when first asked, outside the off-chain pages' first load.
 */
export function powerTokenQuery(client: ReadClient | undefined, chainId: number, pool: Address) {
  return queryOptions({
    queryKey: offchainKeys.token(chainId, pool),
    queryFn: client
      ? async () => {
          const { fetchDaoAssets } = await import("../../../shared/chain/daoAssets.ts");
          return (await fetchDaoAssets(client, pool, undefined)).token;
        }
      : skipToken,
    staleTime: STALE_TIMES.slowMs,
  });
}

/** The DAO's off-chain proposal types (templates). */
export function proposalTypesQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: offchainKeys.types(chainId, pool),
    queryFn: () => listProposalTypes(chainId, pool),
    staleTime: STALE_TIMES.liveMs,
  });
}

/** One off-chain proposal type by its name. */
export function proposalTypeQuery(chainId: number, pool: Address, name: string) {
  return queryOptions({
    queryKey: offchainKeys.type(chainId, pool, name),
    queryFn: () => getProposalType(chainId, pool, name),
    staleTime: STALE_TIMES.liveMs,
  });
}

/** The DAO's off-chain proposals, refreshed every 15 s. */
export function offchainProposalsQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: offchainKeys.proposals(chainId, pool),
    queryFn: () => listProposals(chainId, pool),
    refetchInterval: refetchEvery(REFRESH_MS),
  });
}

/** One off-chain proposal as `account` sees it (its own vote once signed in), refreshed every 15 s. */
export function offchainProposalQuery(
  chainId: number,
  pool: Address,
  id: string,
  account: Address | undefined,
  isSignedIn: boolean,
) {
  return queryOptions({
    queryKey: [...offchainKeys.proposal(chainId, pool, id), account?.toLowerCase() ?? null, isSignedIn],
    queryFn: () => getProposal(id),
    refetchInterval: refetchEvery(REFRESH_MS),
  });
}
