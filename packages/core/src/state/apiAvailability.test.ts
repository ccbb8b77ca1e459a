import { describe, expect, it } from "vitest";
import {
  API_ENDPOINTS,
  apiAvailabilityReducer,
  initialApiAvailability,
  shouldCallEndpoint,
} from "./apiAvailability.ts";

describe("API availability", () => {
  it("tracks the four endpoints", () => {
    expect(API_ENDPOINTS).toEqual([
      "TopGovPools",
      "ActivityGovPools",
      "PoolLatestStats",
      "PoolsStatsSummary",
    ]);
    expect(initialApiAvailability.TopGovPools).toEqual({ available: true, unavailableSince: null });
  });

  it("retries an unavailable endpoint after 5 minutes", () => {
    let s = apiAvailabilityReducer(initialApiAvailability, {
      type: "failed",
      endpoint: "PoolLatestStats",
      at: 1000,
    });
    expect(s.PoolLatestStats).toEqual({ available: false, unavailableSince: 1000 });
    expect(apiAvailabilityReducer(s, { type: "failed", endpoint: "PoolLatestStats", at: 5000 })).toBe(s);
    expect(shouldCallEndpoint(s, "PoolLatestStats", 1000 + 299_999)).toBe(false);
    expect(shouldCallEndpoint(s, "PoolLatestStats", 1000 + 300_000)).toBe(true);
    expect(shouldCallEndpoint(s, "TopGovPools", 0)).toBe(true);
    s = apiAvailabilityReducer(s, { type: "succeeded", endpoint: "PoolLatestStats" });
    expect(s.PoolLatestStats).toEqual({ available: true, unavailableSince: null });
    expect(apiAvailabilityReducer(s, { type: "succeeded", endpoint: "PoolLatestStats" })).toBe(s);
  });
});
