import { STALE_TIMES } from "@polity/core/constants";
import {
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
} from "@polity/core/generated/contracts";
import { type QueryClient, queryOptions, type SkipToken, skipToken } from "@tanstack/react-query";
import type { Address, erc20Abi } from "viem";
import { daoKey, queryRoots } from "../query/queryKeys.ts";
import { type BatchResults, type Calls, type NamedResult, named, readBatch, readCall } from "./readBatch.ts";
import type { ReadClient } from "./readClient.ts";

/** A pool's helper contracts (`GovPool.getHelperContracts`), by their ABI names. */
export type PoolHelpers = NamedResult<typeof govPoolAbi, "getHelperContracts">;

/**
 * The query cache's copy of a pool's helper contracts. They are fixed when the pool is deployed: a
 * page reads them beside its first batch (no request of their own) and keeps them, the next pages
 * of the pool find them there.
 */
export interface PoolHelpersCache {
  known(): PoolHelpers | undefined;
  keep(helpers: PoolHelpers): void;
}

/** The query key of a pool's helper contracts. */
export function poolHelpersKey(chainId: number, pool: Address) {
  return daoKey(queryRoots.poolHelpers, chainId, pool);
}

/** The pool's helper contracts in `queryClient`'s cache. */
export function poolHelpersCache(queryClient: QueryClient, chainId: number, pool: Address): PoolHelpersCache {
  const key = poolHelpersKey(chainId, pool);
  return {
    known: () => queryClient.getQueryData<PoolHelpers>(key),
    keep: (helpers) => queryClient.setQueryData(key, helpers),
  };
}

/** The read of the pool's helper contracts for its first batch, unless the cache knows them. */
export function helpersRead(pool: Address, cache: PoolHelpersCache | undefined) {
  return cache?.known()
    ? undefined
    : named(readCall({ address: pool, abi: govPoolAbi }, "getHelperContracts"));
}

/** The helper contracts the cache knows, or those just read (then kept). */
export function helpersOf(read: PoolHelpers | undefined, cache: PoolHelpersCache | undefined) {
  const known = cache?.known();
  if (known) return known;
  if (read) cache?.keep(read);
  return read;
}

/**
 * The first batch of a read of the DAO `dao`: `calls` with the pool's helper contracts beside them
 * (unless `cache` knows them already; just read, they are kept). Throws `notADao(message)` when `dao`
 * has no helper contracts, or when a `required` call failed.
 */
export async function readDaoFirst<const C extends Calls>(
  client: ReadClient,
  dao: Address,
  calls: C,
  {
    cache,
    notADao,
    required = [],
  }: {
    cache: PoolHelpersCache | undefined;
    notADao: (message: string) => Error;
    required?: readonly (keyof C & string)[];
  },
): Promise<{ first: BatchResults<C>; helpers: PoolHelpers; contracts: ReturnType<typeof poolContracts> }> {
  const first: BatchResults<C> & { helpers?: PoolHelpers } = await readBatch(client, {
    ...calls,
    helpers: helpersRead(dao, cache),
  });
  const helpers = helpersOf(first.helpers, cache);
  if (!helpers || required.some((key) => first[key] === undefined)) throw notADao(`${dao} is not a DAO`);
  return { first, helpers, contracts: poolContracts(helpers) };
}

/**
 * The options of a query reading the DAO `dao` for `user`: keyed under the DAO's root (so its
 * transactions refresh it), kept `STALE_TIMES.liveMs`, asked once the chain's client is there; `read` gets the
 * client and the pool's helper contracts from the cache.
 */
export function daoUserRead<T>(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
  name: string,
  read: (client: ReadClient, helpers: PoolHelpersCache) => Promise<T>,
): {
  queryKey: readonly [typeof queryRoots.dao, number, string, string, string | null];
  queryFn: (() => Promise<T>) | SkipToken;
  staleTime: number;
} {
  return {
    queryKey: daoKey(queryRoots.dao, chainId, dao, name, user?.toLowerCase() ?? null),
    queryFn: client ? () => read(client, poolHelpersCache(queryClient, chainId, dao)) : skipToken,
    staleTime: STALE_TIMES.liveMs,
  };
}

/** A read of the DAO `dao` for `user`; the pool's helper contracts come from `options.helpers` when known. */
export type DaoUserFetch<T> = (
  client: ReadClient,
  dao: Address,
  user: Address | undefined,
  options?: { helpers?: PoolHelpersCache },
) => Promise<T>;

/** The query factory of a DAO-and-user read: `fetch` under the DAO's root as `name` (see `daoUserRead`). */
export function daoUserQuery<T>(name: string, fetch: DaoUserFetch<T>) {
  return (
    queryClient: QueryClient,
    client: ReadClient | undefined,
    chainId: number,
    dao: Address,
    user: Address | undefined,
  ) =>
    queryOptions(
      daoUserRead(queryClient, client, chainId, dao, user, name, (reader, helpers) =>
        fetch(reader, dao, user, { helpers }),
      ),
    );
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
