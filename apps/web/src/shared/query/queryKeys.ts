/** Roots of every query key, so invalidation by prefix stays predictable. */
export const queryRoots = {
  pools: "pools",
  poolStats: "poolStats",
  ipfs: "ipfs",
  dao: "dao",
  proposals: "proposals",
  members: "members",
  treasury: "treasury",
  /** A pool's helper contracts: fixed at its deployment, read once per session. */
  poolHelpers: "poolHelpers",
  offchain: "offchain",
  comments: "comments",
  tokenSales: "tokenSales",
  /** The signed-in account's notifications, channels, subscriptions and settings. */
  notifications: "notifications",
  profile: "profile",
} as const;

/**
 * The key of a DAO's entry under `root`: `[root, chainId, dao, ...rest]` with the address lower-case, so
 * a checksummed and a lower-case address share the entry and `[root, chainId, dao]` refreshes them all.
 */
export function daoKey<const Root extends string, const Rest extends readonly unknown[]>(
  root: Root,
  chainId: number,
  dao: string,
  ...rest: Rest
) {
  return [root, chainId, dao.toLowerCase(), ...rest] as const;
}
