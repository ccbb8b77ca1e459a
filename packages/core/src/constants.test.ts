import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import {
  ABBREVIATION_THRESHOLD,
  BREAKPOINTS,
  CACHE_TIMES,
  CHUNK_SIZES,
  DATE_FORMATS,
  DECIMALS,
  DEFAULT_DAO_LIST_SORT,
  DEFAULT_ORDER,
  holdersPageSize,
  INTERVALS,
  isNativeCoinAddress,
  MIN_PERCENTAGE,
  MULTICALL,
  NATIVE_COIN_ADDRESS,
  PAGE_SIZES,
  PERCENT_BUTTONS,
  PERCENTAGE_100,
  SIZE_MULTIPLIER,
  TIMEOUTS,
  UINT64_MAX,
  VOTING_MODEL_DEFAULTS,
} from "./constants.ts";

describe("section 9 constants", () => {
  it("native coin placeholder is the checksummed all-e address", () => {
    expect(NATIVE_COIN_ADDRESS).toBe("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
    expect(getAddress(NATIVE_COIN_ADDRESS.toLowerCase())).toBe(NATIVE_COIN_ADDRESS);
    expect(isNativeCoinAddress("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")).toBe(true);
    expect(isNativeCoinAddress("0x0000000000000000000000000000000000000000")).toBe(false);
  });

  it("intervals", () => {
    expect(INTERVALS).toEqual({
      pollingMs: 60000,
      idlePollingMs: 50000,
      proposalDetailsRefreshMs: 15000,
      updateMs: 10000,
      walletPollingMs: 8000,
      toastDismissMs: 25000,
      alertHiddenMs: 5000,
      apiRetryMs: 300000,
      pendingTransactionDivider: 60000,
    });
  });

  it("page sizes", () => {
    expect([PAGE_SIZES.default, PAGE_SIZES.medium, PAGE_SIZES.large, PAGE_SIZES.max]).toEqual([
      10, 25, 100, 1000,
    ]);
    expect(PAGE_SIZES.poolList).toBe(25);
    expect(PAGE_SIZES.notifications).toBe(25);
    expect(PAGE_SIZES.notificationSettings).toBe(1000);
    expect(PAGE_SIZES.graph).toBe(1000);
    expect(PAGE_SIZES.walletBalances).toBe(100);
    expect(PAGE_SIZES.nftsByWallet).toBe(100);
    expect([PAGE_SIZES.explorerHoldersPage, PAGE_SIZES.explorerHoldersOffset]).toEqual([1, 1000]);
    expect(PAGE_SIZES.internalProposals).toBe(1000);
    expect(holdersPageSize(1)).toBe(100);
    expect(holdersPageSize(20)).toBe(200);
    expect(DEFAULT_ORDER).toEqual({ subscriptions: "asc", comments: "desc" });
    expect(DEFAULT_DAO_LIST_SORT).toEqual(["tvl", "tvg", "members", "proposals"]);
  });

  it("timeouts, caches, multicall and chunking", () => {
    expect(TIMEOUTS.walletBalancesMs).toBe(5000);
    expect(CACHE_TIMES).toEqual({ walletBalancesMs: 60000, holdersMs: 300000, generalMs: 1800000 });
    expect(MULTICALL).toEqual({ batchSize: 1024, transportBatchBytes: 204800, transportWaitMs: 16 });
    expect(CHUNK_SIZES).toEqual({
      pricesConnected: 20,
      pricesDisconnected: 5,
      balancesConnecting: 10,
      balancesOther: 5,
    });
  });

  it("decimals: token 18, wei 18, fiat 18, percentage 25, human-readable percentage 23", () => {
    expect(DECIMALS).toEqual({ token: 18, wei: 18, fiat: 18, percentage: 25, humanReadablePercentage: 23 });
    expect(PERCENTAGE_100).toBe(10n ** 27n);
    expect(MIN_PERCENTAGE).toBe(1e-7);
  });

  it("percent buttons, breakpoints, size multiplier, formats", () => {
    expect(PERCENT_BUTTONS).toEqual([10, 25, 50, 75]);
    expect(Object.values(BREAKPOINTS)).toEqual([375, 500, 768, 825, 1024, 1280, 1440, 1600]);
    expect(SIZE_MULTIPLIER).toBe(4);
    expect(ABBREVIATION_THRESHOLD).toBe(1e6);
    expect(Object.values(DATE_FORMATS)).toEqual(["MMM dd", "MMM dd, y", "kk:mm", "dd MMM yyyy, h:mm a UTC"]);
  });

  it("64-bit cap and voting model defaults", () => {
    expect(UINT64_MAX).toBe(18446744073709551615n);
    expect(VOTING_MODEL_DEFAULTS).toEqual({
      polinomialHoldersCoefficient: 0.97,
      polinomialExpertsCoefficient: 0.92,
      polinomialExpertsDelegationCoefficient: 1.08,
      minVotesForReadProposalDiscussion: 0,
      minVotesForCreatingComment: 1,
    });
  });
});
