import { describe, expect, it } from "vitest";
import { PolityError } from "../errors/PolityError.ts";
import {
  initialTokenListsState,
  type TokenList,
  type TokenListsState,
  tokenListsReducer,
} from "./tokenLists.ts";

const A = "https://lists/a.json";
const B = "https://lists/b.json";
const list = (major: number, minor = 0, patch = 0): TokenList => ({
  name: "Test",
  timestamp: "2026-01-01T00:00:00Z",
  version: { major, minor, patch },
  tokens: [],
});

function loaded(
  state: TokenListsState,
  url: string,
  tokenList: TokenList,
  requestId = "r1",
): TokenListsState {
  const pending = tokenListsReducer(state, { type: "fetchPending", url, requestId });
  return tokenListsReducer(pending, { type: "fetchFulfilled", url, requestId, tokenList });
}

describe("token lists reducer", () => {
  it("starts from the default lists", () => {
    const state = initialTokenListsState([A, B], [A, "https://unknown"]);
    expect(Object.keys(state.byUrl)).toEqual([A, B]);
    expect(state.activeListUrls).toEqual([A]);
    expect(state.byUrl[A]).toEqual({
      current: null,
      pendingUpdate: null,
      loadingRequestId: null,
      error: null,
    });
  });

  it("marks a fetch pending, then makes the first load current", () => {
    let state = tokenListsReducer(initialTokenListsState([A]), {
      type: "fetchPending",
      url: A,
      requestId: "r1",
    });
    expect(state.byUrl[A]?.loadingRequestId).toBe("r1");
    state = tokenListsReducer(state, { type: "fetchFulfilled", url: A, requestId: "r1", tokenList: list(1) });
    expect(state.byUrl[A]).toEqual({
      current: list(1),
      pendingUpdate: null,
      loadingRequestId: null,
      error: null,
    });
  });

  it("stores a later load with a new version as a pending update", () => {
    let state = loaded(initialTokenListsState([A]), A, list(1));
    state = loaded(state, A, list(1, 1), "r2");
    expect(state.byUrl[A]?.current).toEqual(list(1));
    expect(state.byUrl[A]?.pendingUpdate).toEqual(list(1, 1));
    const same = loaded(loaded(initialTokenListsState([A]), A, list(2)), A, list(2), "r3");
    expect(same.byUrl[A]?.pendingUpdate).toBeNull();
  });

  it("stores a rejection's error", () => {
    let state = tokenListsReducer(initialTokenListsState([A]), {
      type: "fetchPending",
      url: A,
      requestId: "r1",
    });
    state = tokenListsReducer(state, { type: "fetchRejected", url: A, requestId: "r1", errorMessage: "404" });
    expect(state.byUrl[A]).toEqual({
      current: null,
      pendingUpdate: null,
      loadingRequestId: null,
      error: "404",
    });
  });

  it("ignores stale answers", () => {
    let state = tokenListsReducer(initialTokenListsState([A]), {
      type: "fetchPending",
      url: A,
      requestId: "r1",
    });
    state = tokenListsReducer(state, { type: "fetchPending", url: A, requestId: "r2" });
    expect(
      tokenListsReducer(state, { type: "fetchFulfilled", url: A, requestId: "r1", tokenList: list(1) }),
    ).toBe(state);
    expect(
      tokenListsReducer(state, { type: "fetchRejected", url: A, requestId: "r1", errorMessage: "x" }),
    ).toBe(state);
    expect(
      tokenListsReducer(state, { type: "fetchFulfilled", url: B, requestId: "r2", tokenList: list(1) }),
    ).toBe(state);
  });

  it("accepts a pending update, and errors without one", () => {
    let state = loaded(loaded(initialTokenListsState([A]), A, list(1)), A, list(2), "r2");
    state = tokenListsReducer(state, { type: "updateAccepted", url: A });
    expect(state.byUrl[A]?.current).toEqual(list(2));
    expect(state.byUrl[A]?.pendingUpdate).toBeNull();
    expect(() => tokenListsReducer(state, { type: "updateAccepted", url: A })).toThrow(
      "accept list update called without pending update",
    );
    expect(() => tokenListsReducer(state, { type: "updateAccepted", url: B })).toThrow(PolityError);
  });

  it("adds, removes, enables and disables lists", () => {
    let state = initialTokenListsState([A]);
    state = tokenListsReducer(state, { type: "added", url: B });
    expect(Object.keys(state.byUrl)).toEqual([A, B]);
    expect(tokenListsReducer(state, { type: "added", url: B })).toBe(state);
    state = tokenListsReducer(state, { type: "enabled", url: B });
    state = tokenListsReducer(state, { type: "enabled", url: "https://c" });
    expect(state.activeListUrls).toEqual([B, "https://c"]);
    expect(tokenListsReducer(state, { type: "enabled", url: B })).toBe(state);
    state = tokenListsReducer(state, { type: "disabled", url: B });
    expect(state.activeListUrls).toEqual(["https://c"]);
    expect(state.byUrl[B]).toBeDefined();
    expect(tokenListsReducer(state, { type: "disabled", url: B })).toBe(state);
    state = tokenListsReducer(state, { type: "removed", url: "https://c" });
    expect(state.byUrl["https://c"]).toBeUndefined();
    expect(state.activeListUrls).toEqual([]);
    expect(tokenListsReducer(state, { type: "removed", url: "https://c" })).toBe(state);
  });

  it("merges defaults on a version update: adds new ones, drops removed ones, keeps user lists", () => {
    const C = "https://lists/c.json";
    const USER = "https://mine.json";
    let state = loaded(initialTokenListsState([A, B], [A, B]), A, list(1));
    state = tokenListsReducer(state, { type: "added", url: USER });
    state = tokenListsReducer(state, {
      type: "versionUpdated",
      defaultListUrls: [A, C],
      defaultActiveListUrls: [A, C],
    });
    expect(Object.keys(state.byUrl).sort()).toEqual([A, C, USER].sort());
    expect(state.byUrl[A]?.current).toEqual(list(1));
    expect(state.activeListUrls).toEqual([A, C]);
    expect(state.lastInitializedDefaultListUrls).toEqual([A, C]);
  });
});
