/** Business constants and limits of spec section 9. */

/** Native coin placeholder address (repeated "e" characters, EIP-55 checksummed). */
export const NATIVE_COIN_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" as const;
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;

export function isNativeCoinAddress(address: string): boolean {
  return address.toLowerCase() === NATIVE_COIN_ADDRESS.toLowerCase();
}

export const INTERVALS = Object.freeze({
  pollingMs: 60_000,
  idlePollingMs: 50_000,
  proposalDetailsRefreshMs: 15_000,
  updateMs: 10_000,
  walletPollingMs: 8_000,
  toastDismissMs: 25_000,
  alertHiddenMs: 5_000,
  apiRetryMs: 5 * 60_000,
  /** Divider applied to a pending transaction's age when deciding how often to re-check it. */
  pendingTransactionDivider: 60_000,
});

/**
 * How long the web app keeps a read before asking again (TanStack Query's `staleTime`), by how often
 * the data changes.
 */
export const STALE_TIMES = Object.freeze({
  /** Chain and indexer reads that votes, deposits and new proposals change: the proposal details' refresh. */
  liveMs: INTERVALS.proposalDetailsRefreshMs,
  /** Data that changes seldom (members, treasury balances, an executor's settings slot). */
  slowMs: INTERVALS.pollingMs,
});

export const PAGE_SIZES = Object.freeze({
  default: 10,
  medium: 25,
  large: 100,
  max: 1000,
  poolList: 25,
  notifications: 25,
  /** Active channels, subscriptions and settings. */
  notificationSettings: 1000,
  graph: 1000,
  walletBalances: 100,
  holders: 100,
  nftsByWallet: 100,
  explorerHoldersPage: 1,
  explorerHoldersOffset: 1000,
  /** Internal proposals are requested with offset 0 and this limit. */
  internalProposals: 1000,
});

/** Holders page size: 100, or page × 10 when that is larger. */
export function holdersPageSize(page: number): number {
  return Math.max(PAGE_SIZES.holders, page * 10);
}

export const DEFAULT_ORDER = Object.freeze({ subscriptions: "asc", comments: "desc" } as const);
/** Pool list ordering and the default DAO list sort (tvl descending, then tvg, members, proposals). */
export const POOL_LIST_ORDER = "proposals" as const;
export const DEFAULT_DAO_LIST_SORT = Object.freeze(["tvl", "tvg", "members", "proposals"] as const);
export const DAO_LIST_SORT_DIRECTION = "desc" as const;

export const TIMEOUTS = Object.freeze({ walletBalancesMs: 5_000 });

export const CACHE_TIMES = Object.freeze({
  walletBalancesMs: 60_000,
  holdersMs: 5 * 60_000,
  generalMs: 30 * 60_000,
});

export const MULTICALL = Object.freeze({
  /** Contracts per multicall batch. */
  batchSize: 1024,
  /** Alternative transport batching: bytes per batch and the wait before sending. */
  transportBatchBytes: 204_800,
  transportWaitMs: 16,
});

export const CHUNK_SIZES = Object.freeze({
  pricesConnected: 20,
  pricesDisconnected: 5,
  balancesConnecting: 10,
  balancesOther: 5,
});

/** Default price unit: prices are asked for one whole token. */
export const DEFAULT_PRICE_UNIT = 1;

export const DECIMALS = Object.freeze({
  token: 18,
  wei: 18,
  fiat: 18,
  percentage: 25,
  humanReadablePercentage: 23,
});

/** 100% in the protocol's 25-decimal percentage fixed point (10^27). */
export const PERCENTAGE_100 = 10n ** 27n;
/** Smallest percentage a form accepts. */
export const MIN_PERCENTAGE = 1e-7;
export const MIN_PERCENTAGE_TEXT = "0.0000001";

export const PERCENT_BUTTONS = Object.freeze([10, 25, 50, 75] as const);

export const BREAKPOINTS = Object.freeze({
  xs: 375,
  sm: 500,
  md: 768,
  mdl: 825,
  lg: 1024,
  xl: 1280,
  xxl: 1440,
  xxxl: 1600,
});
export const SIZE_MULTIPLIER = 4;

/** Amounts from this value on are abbreviated (k, M, B, T). */
export const ABBREVIATION_THRESHOLD = 1e6;
/** Below this value, amounts show 6 down to 0 decimals by size. */
export const DECIMALS_BY_SIZE_LIMIT = 1e5;
/** Fiat values up to this show 2 decimals, larger ones none. */
export const FIAT_DECIMALS_LIMIT = 1000;

export const DATE_FORMATS = Object.freeze({
  monthDay: "MMM dd",
  monthDayYear: "MMM dd, y",
  time: "kk:mm",
  utc: "dd MMM yyyy, h:mm a UTC",
});

/** Maximum unsigned 64-bit integer: the cap of a created token's total supply. */
export const UINT64_MAX = 2n ** 64n - 1n;

export const DEFAULT_LANGUAGE = "en" as const;
export const BUILD_VERSION = "0.1.0" as const;

/** Default balance of each validator, in whole validator tokens. */
export const DEFAULT_VALIDATOR_BALANCE = 10;
/** Suffix of a validator token's name and symbol. */
export const VALIDATOR_TOKEN_SUFFIX = "-VT";

export const VOTING_MODEL_DEFAULTS = Object.freeze({
  polinomialHoldersCoefficient: 0.97,
  polinomialExpertsCoefficient: 0.92,
  polinomialExpertsDelegationCoefficient: 1.08,
  minVotesForReadProposalDiscussion: 0,
  minVotesForCreatingComment: 1,
});

export const OFFCHAIN_LIMITS = Object.freeze({
  templateTitleMaxLength: 30,
  recommendedMaxOptions: 5,
  recommendedMultiChoiceMinOptions: 3,
  recommendedMultiChoiceMaxOptions: 6,
  recommendedMinWordsPerOption: 1,
  recommendedMaxWordsPerOption: 3,
});

export const TOKEN_CREATION_LIMITS = Object.freeze({
  nameMinLength: 1,
  nameMaxLength: 30,
  symbolMinLength: 1,
  symbolMaxLength: 10,
});
