import { parseHttpError } from "@polity/core/errors/http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { availabilityStore, retryNow, TrackerUnavailableError, withAvailability } from "./availability.ts";

const MIN = 60_000;

describe("withAvailability", () => {
  afterEach(() => {
    retryNow("TopGovPools");
    retryNow("PoolLatestStats");
    vi.restoreAllMocks();
  });

  it("marks an endpoint unavailable on failure and asks it again only after 5 minutes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let now = 1_000_000;
    const clock = () => now;
    const read = vi.fn(async () => {
      throw new Error("tracker down");
    });
    await expect(withAvailability("TopGovPools", read, clock)).rejects.toThrow("tracker down");
    expect(availabilityStore.getState().TopGovPools).toEqual({ available: false, unavailableSince: now });
    now += 4 * MIN;
    await expect(withAvailability("TopGovPools", read, clock)).rejects.toBeInstanceOf(
      TrackerUnavailableError,
    );
    expect(read).toHaveBeenCalledTimes(1);
    // other endpoints are asked as usual
    expect(await withAvailability("PoolLatestStats", async () => "stats", clock)).toBe("stats");
    now += MIN;
    expect(await withAvailability("TopGovPools", async () => "pools", clock)).toBe("pools");
    expect(availabilityStore.getState().TopGovPools.available).toBe(true);
  });

  it("does not mark an endpoint for a client error, and asks at once after a person's retry", async () => {
    const notFound = parseHttpError(404, { errors: [{ title: "Not found", status: "404" }] });
    await expect(
      withAvailability("PoolLatestStats", async () => {
        throw notFound;
      }),
    ).rejects.toBe(notFound);
    expect(availabilityStore.getState().PoolLatestStats.available).toBe(true);
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      withAvailability("PoolLatestStats", async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    retryNow("PoolLatestStats");
    expect(await withAvailability("PoolLatestStats", async () => 1)).toBe(1);
  });
});
