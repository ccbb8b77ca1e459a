import { describe, expect, it } from "vitest";
import { PolityError } from "./errors/PolityError.ts";
import {
  initialTokenListsState,
  isBlacklisted,
  type ListedToken,
  mergeTokenLists,
  type TokenList,
  tokenListsReducer,
} from "./tokenLists.ts";

const DEFAULT = "/token-lists/default.json";
const WHITELIST = "/token-lists/whitelist.json";
const OTHER = "https://lists.example/other.json";

const token = (address: string, symbol: string, chainId = 56): ListedToken => ({
  chainId,
  address,
  name: `${symbol} token`,
  symbol,
  decimals: 18,
});
const list = (tokens: ListedToken[], minor = 0): TokenList => ({
  name: "list",
  version: { major: 1, minor, patch: 0 },
  tokens,
});
const A = "0x00000000000000000000000000000000000000aA";
const B = "0x00000000000000000000000000000000000000bb";
const C = "0x00000000000000000000000000000000000000cc";
const D = "0x00000000000000000000000000000000000000dd";

describe("tokenListsReducer", () => {
  const start = initialTokenListsState([DEFAULT, WHITELIST]);

  it("starts with the default lists active and empty", () => {
    expect(start.activeListUrls).toEqual([DEFAULT, WHITELIST]);
    expect(start.byUrl[DEFAULT]).toEqual({
      current: null,
      pendingUpdate: null,
      loadingRequestId: null,
      error: null,
    });
  });

  it("the first load becomes current, a later version waits as a pending update until accepted", () => {
    let state = tokenListsReducer(start, { type: "fetchPending", url: DEFAULT, requestId: "1" });
    expect(state.byUrl[DEFAULT]?.loadingRequestId).toBe("1");
    state = tokenListsReducer(state, {
      type: "fetchFulfilled",
      url: DEFAULT,
      requestId: "1",
      list: list([]),
    });
    expect(state.byUrl[DEFAULT]).toMatchObject({
      current: list([]),
      pendingUpdate: null,
      loadingRequestId: null,
    });

    state = tokenListsReducer(state, { type: "fetchPending", url: DEFAULT, requestId: "2" });
    const v2 = list([token(A, "AAA")], 1);
    state = tokenListsReducer(state, { type: "fetchFulfilled", url: DEFAULT, requestId: "2", list: v2 });
    expect(state.byUrl[DEFAULT]).toMatchObject({ current: list([]), pendingUpdate: v2 });
    state = tokenListsReducer(state, { type: "updateAccepted", url: DEFAULT });
    expect(state.byUrl[DEFAULT]).toMatchObject({ current: v2, pendingUpdate: null });
  });

  it("accepting an update without a pending one is the catalogue's error", () => {
    expect(() => tokenListsReducer(start, { type: "updateAccepted", url: DEFAULT })).toThrow(
      "accept list update called without pending update",
    );
    try {
      tokenListsReducer(start, { type: "updateAccepted", url: DEFAULT });
    } catch (err) {
      expect(err).toBeInstanceOf(PolityError);
      expect((err as PolityError).messageKey).toBe("errors.noPendingListUpdate");
    }
  });

  it("stores a failure, and ignores answers to superseded requests", () => {
    let state = tokenListsReducer(start, { type: "fetchPending", url: DEFAULT, requestId: "1" });
    state = tokenListsReducer(state, { type: "fetchPending", url: DEFAULT, requestId: "2" });
    const late = tokenListsReducer(state, {
      type: "fetchFulfilled",
      url: DEFAULT,
      requestId: "1",
      list: list([]),
    });
    expect(late).toBe(state);
    state = tokenListsReducer(state, { type: "fetchRejected", url: DEFAULT, requestId: "2", error: "404" });
    expect(state.byUrl[DEFAULT]).toMatchObject({ current: null, error: "404", loadingRequestId: null });
  });

  it("adds, enables, disables and removes lists", () => {
    let state = tokenListsReducer(start, { type: "listAdded", url: OTHER });
    expect(state.byUrl[OTHER]).toBeDefined();
    expect(state.activeListUrls).not.toContain(OTHER);
    state = tokenListsReducer(state, { type: "listEnabled", url: OTHER });
    expect(state.activeListUrls).toEqual([DEFAULT, WHITELIST, OTHER]);
    state = tokenListsReducer(state, { type: "listDisabled", url: DEFAULT });
    expect(state.activeListUrls).toEqual([WHITELIST, OTHER]);
    state = tokenListsReducer(state, { type: "listRemoved", url: OTHER });
    expect(state.byUrl[OTHER]).toBeUndefined();
    expect(state.activeListUrls).toEqual([WHITELIST]);
  });

  it("a version update adds the new default lists and drops the removed ones, keeping the user's", () => {
    let state = tokenListsReducer(start, { type: "listAdded", url: OTHER });
    state = tokenListsReducer(state, { type: "listEnabled", url: OTHER });
    const NEW = "/token-lists/default-v2.json";
    state = tokenListsReducer(state, { type: "defaultsUpdated", defaultListUrls: [NEW, WHITELIST] });
    expect(Object.keys(state.byUrl).sort()).toEqual([NEW, OTHER, WHITELIST].sort());
    expect(state.activeListUrls).toEqual([WHITELIST, OTHER, NEW]);
    expect(state.defaultListUrls).toEqual([NEW, WHITELIST]);
  });
});

describe("mergeTokenLists", () => {
  it("offers the chain's list and custom tokens once each, whitelisted first, never a blacklisted one", () => {
    const tokens = mergeTokenLists({
      chainId: 56,
      lists: [list([token(B, "BBB"), token(A, "AAA"), token(C, "CCC", 1)])],
      whitelist: list([token(B, "BBB")]),
      blacklist: list([token(D, "DDD")]),
      customTokens: [
        { address: A.toUpperCase().replace("0X", "0x"), name: "mine", symbol: "MINE", decimals: 6 },
        { address: D, name: "scam", symbol: "SCAM", decimals: 18 },
        { address: C, name: "custom C", symbol: "CUS", decimals: 8 },
      ],
    });
    expect(tokens.map((t) => [t.symbol, t.source, t.isWhitelisted])).toEqual([
      ["BBB", "list", true],
      ["AAA", "list", false],
      ["CUS", "custom", false],
    ]);
    expect(tokens.every((t) => t.chainId === 56 && t.address === t.address.toLowerCase())).toBe(true);
  });

  it("tells a blacklisted address on its chain", () => {
    const blacklist = list([token(D, "DDD")]);
    expect(isBlacklisted(blacklist, 56, D.toUpperCase().replace("0X", "0x"))).toBe(true);
    expect(isBlacklisted(blacklist, 1, D)).toBe(false);
    expect(isBlacklisted(null, 56, D)).toBe(false);
  });
});
