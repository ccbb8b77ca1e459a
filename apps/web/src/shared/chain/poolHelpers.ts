import {
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
} from "@polity/core/generated/contracts";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address, erc20Abi } from "viem";
import { queryRoots } from "../query/queryKeys.ts";
import { type NamedResult, named, readBatch, readCall } from "./readBatch.ts";
import type { ReadClient } from "./readClient.ts";

/** A pool's helper contracts (`GovPool.getHelperContracts`), by their ABI names. */
export type PoolHelpers = NamedResult<typeof govPoolAbi, "getHelperContracts">;

/** Answers the pool's helper contracts; rejects when the address is not a pool. */
export type PoolHelpersLoader = () => Promise<PoolHelpers>;

/** Reads the pool's helper contracts; rejects (with the read's error) when `pool` is not a pool. */
export async function fetchPoolHelpers(
  client: Pick<ReadClient, "multicall">,
  pool: Address,
): Promise<PoolHelpers> {
  const read = await readBatch(
    client,
    { helpers: named(readCall({ address: pool, abi: govPoolAbi }, "getHelperContracts")) },
    { required: ["helpers"] },
  );
  if (!read.helpers) throw new Error(`${pool} has no helper contracts`);
  return read.helpers;
}

/**
 * The pool's helper contracts, shared by every page through the query cache: they are fixed when
 * the pool is deployed, so they are read once a session (a failed read is not kept).
 */
export function poolHelpersQuery(client: ReadClient | undefined, chainId: number, pool: Address) {
  return queryOptions({
    queryKey: [queryRoots.poolHelpers, chainId, pool.toLowerCase()],
    queryFn: () => fetchPoolHelpers(client as ReadClient, pool),
    enabled: Boolean(client),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A loader of the pool's helper contracts that reads them through the query cache. */
export function cachedPoolHelpers(
  queryClient: QueryClient,
  client: ReadClient,
  chainId: number,
  pool: Address,
): PoolHelpersLoader {
  return () => queryClient.ensureQueryData(poolHelpersQuery(client, chainId, pool));
}

/**
 * The options of a query reading the DAO `dao` for `user`: keyed under the DAO's root (so its
 * transactions refresh it), kept 15 s, asked once the chain's client is there; `read` gets the
 * client and the pool's helper contracts from the cache.
 */
export function daoUserRead<T>(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
  name: string,
  read: (client: ReadClient, helpers: PoolHelpersLoader) => Promise<T>,
) {
  return {
    queryKey: [queryRoots.dao, chainId, dao.toLowerCase(), name, user?.toLowerCase() ?? null] as const,
    queryFn: () =>
      read(client as ReadClient, cachedPoolHelpers(queryClient, client as ReadClient, chainId, dao)),
    enabled: Boolean(client),
    staleTime: 15_000,
  };
}

/** The pool's helper contracts with their ABIs, ready for `readCall`. */
export function poolContracts(helpers: PoolHelpers) {
  return {
    keeper: { address: helpers.userKeeper, abi: govUserKeeperAbi },
    settings: { address: helpers.settings, abi: govSettingsAbi },
    validators: { address: helpers.validators, abi: govValidatorsAbi },
  } as const;
}

/** The governance token and NFT collection the user keeper holds (zero addresses when none). */
export function keeperAssetReads(keeper: ReturnType<typeof poolContracts>["keeper"]) {
  return { tokenAddress: readCall(keeper, "tokenAddress"), nftAddress: readCall(keeper, "nftAddress") };
}

/** The governance token's symbol and decimals, `owner`'s balance and its allowance to the user keeper. */
export function tokenPositionReads(
  token: { address: Address; abi: typeof erc20Abi } | null,
  owner: Address,
  userKeeper: Address,
) {
  return {
    tokenSymbol: token && readCall(token, "symbol"),
    tokenDecimals: token && readCall(token, "decimals"),
    walletBalance: token && readCall(token, "balanceOf", [owner]),
    allowance: token && readCall(token, "allowance", [owner, userKeeper]),
  };
}
