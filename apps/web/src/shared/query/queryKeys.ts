/** Roots of every query key, so invalidation by prefix stays predictable. */
export const queryRoots = {
  pools: "pools",
  poolStats: "poolStats",
  ipfs: "ipfs",
  dao: "dao",
  proposals: "proposals",
  members: "members",
  treasury: "treasury",
} as const;
