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
