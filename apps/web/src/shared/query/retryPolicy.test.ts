import { HttpError, parseHttpError } from "@polity/core/errors/http";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "./notFoundError.ts";
import { refetchEvery, retryQuery } from "./retryPolicy.ts";

describe("the app's retry policy", () => {
  it("never retries a 4xx answer or a thing that does not exist", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(retryQuery(0, parseHttpError(status, undefined))).toBe(false);
    }
    expect(retryQuery(0, new NotFoundError("gone"))).toBe(false);
  });

  it("retries network and server failures twice", () => {
    const server = parseHttpError(500, undefined);
    expect(server).toBeInstanceOf(HttpError);
    expect([0, 1, 2].map((n) => retryQuery(n, server))).toEqual([true, true, false]);
    expect(retryQuery(0, parseHttpError(null, undefined, new TypeError("fetch failed")))).toBe(true);
  });

  it("stops refreshing once the answer is a permanent failure", () => {
    const every = refetchEvery(15_000);
    expect(every({ state: { error: null } })).toBe(15_000);
    expect(every({ state: { error: new NotFoundError("gone") } })).toBe(false);
  });
});
