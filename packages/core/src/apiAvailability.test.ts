import { describe, expect, it } from "vitest";
import { availabilityReducer, initialAvailability, isWaitingToRetry } from "./apiAvailability.ts";

const MIN = 60_000;

describe("API availability per endpoint", () => {
  it("starts available", () => {
    expect(initialAvailability.TopGovPools).toEqual({ available: true, unavailableSince: null });
    expect(isWaitingToRetry(initialAvailability, "TopGovPools", 0)).toBe(false);
  });

  it("marks one endpoint unavailable on failure and retries it after 5 minutes", () => {
    const failed = availabilityReducer(initialAvailability, {
      type: "failed",
      endpoint: "PoolLatestStats",
      at: 1000,
    });
    expect(failed.PoolLatestStats).toEqual({ available: false, unavailableSince: 1000 });
    expect(failed.TopGovPools.available).toBe(true);
    expect(isWaitingToRetry(failed, "PoolLatestStats", 1000 + 4 * MIN)).toBe(true);
    expect(isWaitingToRetry(failed, "PoolLatestStats", 1000 + 5 * MIN)).toBe(false);
    expect(isWaitingToRetry(failed, "TopGovPools", 1000)).toBe(false);
  });

  it("a failed retry waits again from its own time; an answer makes the endpoint available", () => {
    let state = availabilityReducer(initialAvailability, {
      type: "failed",
      endpoint: "PoolsStatsSummary",
      at: 0,
    });
    state = availabilityReducer(state, { type: "failed", endpoint: "PoolsStatsSummary", at: 5 * MIN });
    expect(isWaitingToRetry(state, "PoolsStatsSummary", 9 * MIN)).toBe(true);
    state = availabilityReducer(state, { type: "succeeded", endpoint: "PoolsStatsSummary" });
    expect(state.PoolsStatsSummary).toEqual({ available: true, unavailableSince: null });
    expect(availabilityReducer(state, { type: "succeeded", endpoint: "PoolsStatsSummary" })).toBe(state);
  });
});
