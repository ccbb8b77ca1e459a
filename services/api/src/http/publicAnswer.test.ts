import { describe, expect, it } from "vitest";
import { cacheControlOf, PublicAnswerCache, publicAnswerOf } from "./publicAnswer.ts";

describe("public answers", () => {
  it("reuse one build per key within the TTL, shared by concurrent requests", async () => {
    const cache = new PublicAnswerCache(60_000);
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const [a, b] = await Promise.all([cache.get("k", build), cache.get("k", build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(JSON.parse(a.body)).toEqual({ n: 1 });
    await cache.get("other", build);
    expect(builds).toBe(2);
  });

  it("build every time without a TTL, and never keep a failed build", async () => {
    let builds = 0;
    const fresh = new PublicAnswerCache(0);
    await fresh.get("k", async () => ++builds);
    await fresh.get("k", async () => ++builds);
    expect(builds).toBe(2);
    const cache = new PublicAnswerCache(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(JSON.parse((await cache.get("k", async () => "up")).body)).toBe("up");
  });

  it("carry an ETag that changes with the body", () => {
    expect(publicAnswerOf({ a: 1 }).etag).toBe(publicAnswerOf({ a: 1 }).etag);
    expect(publicAnswerOf({ a: 1 }).etag).not.toBe(publicAnswerOf({ a: 2 }).etag);
  });

  it("are cacheable by shared caches only when nobody's own", () => {
    expect(cacheControlOf(2_000, false)).toBe("public, max-age=2");
    expect(cacheControlOf(5_000, true)).toBe("private, max-age=5");
    expect(cacheControlOf(0, false)).toBe("no-cache");
  });
});
