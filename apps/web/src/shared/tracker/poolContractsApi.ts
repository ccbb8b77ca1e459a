import { type PoolContractsRecord, poolContractsDocument } from "@polity/core/records/governance";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../http/api.ts";
import { ApiError } from "../http/apiError.ts";
import { daoKey, queryRoots } from "../query/queryKeys.ts";
import { governancePath } from "./governanceApi.ts";

/** A DAO's contracts as indexed: only ever a guess beside the chain's own answer (a page reads the tokens' details
 * in the same batch as the helpers' state, and reads them again when the chain names others). */
export type IndexedPoolContracts = PoolContractsRecord;

/** How long a chain read waits for the api's answer before going on without it. */
export const POOL_CONTRACTS_WAIT_MS = 2_000;

/** The DAO's indexed contracts (null when the indexer does not know it), kept a minute (the api's cache time), never retried. */
export function poolContractsQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: daoKey(queryRoots.poolHelpers, chainId, pool, "indexed"),
    queryFn: async ({ signal }): Promise<IndexedPoolContracts | null> => {
      try {
        const answer = await api.get(`${governancePath(chainId, pool)}/contracts`, {
          schema: poolContractsDocument,
          isAuthenticated: false,
          signal,
        });
        return answer.data.attributes;
      } catch (err) {
        // A pool the indexer does not know (or not yet): kept as such, not asked again meanwhile.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The DAO's indexed contracts from `queryClient` (asked at once, beside the page's first chain
 * read), or undefined when the api fails or has not answered within `waitMs`: the chain reads then
 * go on as without it.
 */
export function indexedPoolContracts(
  queryClient: QueryClient,
  chainId: number,
  pool: Address,
  waitMs = POOL_CONTRACTS_WAIT_MS,
): Promise<IndexedPoolContracts | undefined> {
  const read = queryClient
    .fetchQuery(poolContractsQuery(chainId, pool))
    .then((contracts) => contracts ?? undefined)
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}
