/**
 * Token lists (spec sections 3 and 4): the app serves a default list, a whitelist and a blacklist as
 * JSON; each list URL has its state (current list, pending update, loading request id, error) and a set
 * of URLs is active. `mergeTokenLists` turns the active lists, the user's custom tokens and the
 * blacklist into the tokens one chain's token pickers offer.
 */
import { PolityError } from "./errors/PolityError.ts";

export interface TokenListVersion {
  major: number;
  minor: number;
  patch: number;
}

/** One token of a list (the token-lists JSON format). */
export interface ListedToken {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
}

export interface TokenList {
  name: string;
  version: TokenListVersion;
  tokens: readonly ListedToken[];
}

export interface ListState {
  current: TokenList | null;
  pendingUpdate: TokenList | null;
  /** The request whose answer is awaited; an answer to an older request is ignored. */
  loadingRequestId: string | null;
  error: string | null;
}

export interface TokenListsState {
  byUrl: Readonly<Record<string, ListState>>;
  activeListUrls: readonly string[];
  /** The app's default lists the state was last brought up to (see `defaultsUpdated`). */
  defaultListUrls: readonly string[];
}

export type TokenListsAction =
  | { type: "fetchPending"; url: string; requestId: string }
  | { type: "fetchFulfilled"; url: string; requestId: string; list: TokenList }
  | { type: "fetchRejected"; url: string; requestId: string; error: string }
  | { type: "updateAccepted"; url: string }
  | { type: "listAdded"; url: string }
  | { type: "listRemoved"; url: string }
  | { type: "listEnabled"; url: string }
  | { type: "listDisabled"; url: string }
  /** A new app version: its default lists are added (and enabled), lists no longer default are dropped. */
  | { type: "defaultsUpdated"; defaultListUrls: readonly string[] };

const emptyList: ListState = Object.freeze({
  current: null,
  pendingUpdate: null,
  loadingRequestId: null,
  error: null,
});

export function initialTokenListsState(defaultListUrls: readonly string[]): TokenListsState {
  return {
    byUrl: Object.fromEntries(defaultListUrls.map((url) => [url, emptyList])),
    activeListUrls: [...defaultListUrls],
    defaultListUrls: [...defaultListUrls],
  };
}

const without = (urls: readonly string[], url: string) => urls.filter((u) => u !== url);

export function tokenListsReducer(state: TokenListsState, action: TokenListsAction): TokenListsState {
  const list = state.byUrl[action.type === "defaultsUpdated" ? "" : action.url];
  const withList = (url: string, next: ListState): TokenListsState => ({
    ...state,
    byUrl: { ...state.byUrl, [url]: next },
  });
  switch (action.type) {
    case "fetchPending":
      return withList(action.url, {
        ...(list ?? emptyList),
        loadingRequestId: action.requestId,
        error: null,
      });
    case "fetchFulfilled": {
      // A removed list, or an answer to a request superseded by a newer one, changes nothing.
      if (!list || list.loadingRequestId !== action.requestId) return state;
      // The first load becomes the list; a later one waits as an update until accepted.
      return withList(action.url, {
        ...list,
        loadingRequestId: null,
        error: null,
        ...(list.current === null || sameVersion(list.current.version, action.list.version)
          ? { current: action.list, pendingUpdate: null }
          : { pendingUpdate: action.list }),
      });
    }
    case "fetchRejected":
      if (!list || list.loadingRequestId !== action.requestId) return state;
      return withList(action.url, { ...list, loadingRequestId: null, error: action.error });
    case "updateAccepted":
      if (!list?.pendingUpdate)
        throw new PolityError("accept list update called without pending update", {
          code: "NO_PENDING_LIST_UPDATE",
          messageKey: "errors.noPendingListUpdate",
          details: action.url,
        });
      return withList(action.url, { ...list, current: list.pendingUpdate, pendingUpdate: null });
    case "listAdded":
      return list ? state : withList(action.url, emptyList);
    case "listRemoved": {
      if (!list) return state;
      const { [action.url]: _removed, ...byUrl } = state.byUrl;
      return { ...state, byUrl, activeListUrls: without(state.activeListUrls, action.url) };
    }
    case "listEnabled":
      if (!list || state.activeListUrls.includes(action.url)) return state;
      return { ...state, activeListUrls: [...state.activeListUrls, action.url] };
    case "listDisabled":
      return { ...state, activeListUrls: without(state.activeListUrls, action.url) };
    case "defaultsUpdated": {
      const next = action.defaultListUrls;
      const dropped = state.defaultListUrls.filter((url) => !next.includes(url));
      const added = next.filter((url) => !state.defaultListUrls.includes(url));
      const byUrl = Object.fromEntries(Object.entries(state.byUrl).filter(([url]) => !dropped.includes(url)));
      for (const url of added) byUrl[url] ??= emptyList;
      return {
        byUrl,
        activeListUrls: [
          ...state.activeListUrls.filter((url) => !dropped.includes(url)),
          ...added.filter((url) => !state.activeListUrls.includes(url)),
        ],
        defaultListUrls: [...next],
      };
    }
  }
}

function sameVersion(a: TokenListVersion, b: TokenListVersion): boolean {
  return a.major === b.major && a.minor === b.minor && a.patch === b.patch;
}

/** A token a picker offers: where it comes from, and whether the whitelist vouches for it. */
export interface PickerToken extends ListedToken {
  source: "list" | "custom";
  isWhitelisted: boolean;
}

export interface MergeInput {
  chainId: number;
  /** The active lists' current contents (a disabled or unloaded list is not passed). */
  lists: readonly TokenList[];
  whitelist: TokenList | null;
  blacklist: TokenList | null;
  /** The user's own tokens on this chain (user preferences). */
  customTokens: readonly Omit<ListedToken, "chainId" | "logoURI">[];
}

/**
 * The tokens offered on `chainId`: the active lists' and the whitelist's tokens, then the user's custom
 * tokens, each address once (a list's entry wins over a custom one), never a blacklisted address (not even
 * one the user added). Whitelisted tokens come first, then by symbol.
 */
export function mergeTokenLists({
  chainId,
  lists,
  whitelist,
  blacklist,
  customTokens,
}: MergeInput): PickerToken[] {
  const key = (address: string) => address.toLowerCase();
  const onChain = (list: TokenList | null) => (list?.tokens ?? []).filter((t) => t.chainId === chainId);
  const blocked = new Set(onChain(blacklist).map((t) => key(t.address)));
  const vouched = new Set(onChain(whitelist).map((t) => key(t.address)));
  const merged = new Map<string, PickerToken>();
  const add = (token: ListedToken, source: PickerToken["source"]) => {
    const address = key(token.address);
    if (blocked.has(address) || merged.has(address)) return;
    merged.set(address, { ...token, address, source, isWhitelisted: vouched.has(address) });
  };
  for (const list of [...lists, ...(whitelist ? [whitelist] : [])])
    for (const token of onChain(list)) add(token, "list");
  for (const token of customTokens) add({ ...token, chainId }, "custom");
  return [...merged.values()].sort(
    (a, b) => Number(b.isWhitelisted) - Number(a.isWhitelisted) || a.symbol.localeCompare(b.symbol),
  );
}

/** Whether `address` is on the blacklist for `chainId` (a picker refuses it even when typed in). */
export function isBlacklisted(blacklist: TokenList | null, chainId: number, address: string): boolean {
  const wanted = address.toLowerCase();
  return (blacklist?.tokens ?? []).some((t) => t.chainId === chainId && t.address.toLowerCase() === wanted);
}
