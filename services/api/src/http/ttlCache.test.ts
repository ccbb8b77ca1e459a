import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttlCache.ts";

describe("TtlCache", () => {
  it("serves a value until its time to live ends", async () => {
    let now = 1_000;
    const cache = new TtlCache<number>(10, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.wrap("k", 60_000, load)).toBe(1);
    now += 59_999;
    expect(await cache.wrap("k", 60_000, load)).toBe(1);
    now += 1;
    expect(await cache.wrap("k", 60_000, load)).toBe(2);
  });

  it("evicts the oldest entry when full", () => {
    const cache = new TtlCache<string>(2, () => 0);
    cache.set("a", "A", 1_000);
    cache.set("b", "B", 1_000);
    cache.set("c", "C", 1_000);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe("B");
    expect(cache.get("c")).toBe("C");
  });

  it("does not cache failures", async () => {
    const cache = new TtlCache<number>(10, () => 0);
    await expect(cache.wrap("k", 1_000, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.wrap("k", 1_000, async () => 7)).toBe(7);
  });
});
