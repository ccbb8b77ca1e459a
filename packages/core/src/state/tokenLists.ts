/**
 * Token lists per URL (spec section 4): fetch pending, then fulfilled (the first load becomes the
 * current list, a later load with a new version a pending update) or rejected (error stored);
 * accepting an update without a pending one is an error; lists can be added, removed, enabled and
 * disabled; on a version update, newly added default lists are added and removed ones dropped.
 */
import { PolityError } from "../errors/PolityError.ts";

export type TokenListVersion = { major: number; minor: number; patch: number };

export type TokenList = {
  name: string;
  timestamp: string;
  version: TokenListVersion;
  tokens: readonly {
    chainId: number;
    address: string;
    name: string;
    symbol: string;
    decimals: number;
    logoURI?: string;
  }[];
  logoURI?: string;
  keywords?: readonly string[];
};

export type ListState = {
  current: TokenList | null;
  pendingUpdate: TokenList | null;
  loadingRequestId: string | null;
  error: string | null;
};

export type TokenListsState = {
  byUrl: Readonly<Record<string, ListState>>;
  activeListUrls: readonly string[];
  /** Default list URLs the state was last initialised with (drives version-update merges). */
  lastInitializedDefaultListUrls: readonly string[];
};

export type TokenListsAction =
  | { type: "fetchPending"; url: string; requestId: string }
  | { type: "fetchFulfilled"; url: string; requestId: string; tokenList: TokenList }
  | { type: "fetchRejected"; url: string; requestId: string; errorMessage: string }
  | { type: "added"; url: string }
  | { type: "removed"; url: string }
  | { type: "enabled"; url: string }
  | { type: "disabled"; url: string }
  | { type: "updateAccepted"; url: string }
  | { type: "versionUpdated"; defaultListUrls: readonly string[]; defaultActiveListUrls?: readonly string[] };

const EMPTY_LIST: ListState = Object.freeze({
  current: null,
  pendingUpdate: null,
  loadingRequestId: null,
  error: null,
});

export function initialTokenListsState(
  defaultListUrls: readonly string[],
  defaultActiveListUrls: readonly string[] = [],
): TokenListsState {
  return {
    byUrl: Object.fromEntries(defaultListUrls.map((url) => [url, EMPTY_LIST])),
    activeListUrls: defaultActiveListUrls.filter((url) => defaultListUrls.includes(url)),
    lastInitializedDefaultListUrls: defaultListUrls,
  };
}

export function sameVersion(a: TokenListVersion, b: TokenListVersion): boolean {
  return a.major === b.major && a.minor === b.minor && a.patch === b.patch;
}

function setList(state: TokenListsState, url: string, list: ListState): TokenListsState {
  return { ...state, byUrl: { ...state.byUrl, [url]: list } };
}

function withoutUrl(byUrl: Readonly<Record<string, ListState>>, url: string): Record<string, ListState> {
  return Object.fromEntries(Object.entries(byUrl).filter(([key]) => key !== url));
}

export function tokenListsReducer(state: TokenListsState, action: TokenListsAction): TokenListsState {
  switch (action.type) {
    case "fetchPending": {
      const list = state.byUrl[action.url] ?? EMPTY_LIST;
      return setList(state, action.url, { ...list, loadingRequestId: action.requestId, error: null });
    }
    case "fetchFulfilled": {
      const list = state.byUrl[action.url];
      // Stale answers (a newer request is running, or the list was removed meanwhile) are ignored.
      if (!list || (list.loadingRequestId !== null && list.loadingRequestId !== action.requestId))
        return state;
      if (list.current) {
        const isNew = !sameVersion(list.current.version, action.tokenList.version);
        return setList(state, action.url, {
          ...list,
          loadingRequestId: null,
          error: null,
          pendingUpdate: isNew ? action.tokenList : null,
        });
      }
      return setList(state, action.url, {
        current: action.tokenList,
        pendingUpdate: null,
        loadingRequestId: null,
        error: null,
      });
    }
    case "fetchRejected": {
      const list = state.byUrl[action.url];
      if (!list || (list.loadingRequestId !== null && list.loadingRequestId !== action.requestId))
        return state;
      return setList(state, action.url, { ...list, loadingRequestId: null, error: action.errorMessage });
    }
    case "added":
      return state.byUrl[action.url] ? state : setList(state, action.url, EMPTY_LIST);
    case "removed":
      if (!state.byUrl[action.url]) return state;
      return {
        ...state,
        byUrl: withoutUrl(state.byUrl, action.url),
        activeListUrls: state.activeListUrls.filter((url) => url !== action.url),
      };
    case "enabled": {
      const next = state.byUrl[action.url] ? state : setList(state, action.url, EMPTY_LIST);
      return next.activeListUrls.includes(action.url)
        ? next
        : { ...next, activeListUrls: [...next.activeListUrls, action.url] };
    }
    case "disabled":
      return state.activeListUrls.includes(action.url)
        ? { ...state, activeListUrls: state.activeListUrls.filter((url) => url !== action.url) }
        : state;
    case "updateAccepted": {
      const list = state.byUrl[action.url];
      if (!list?.pendingUpdate) {
        throw new PolityError("accept list update called without pending update", {
          code: "NO_PENDING_LIST_UPDATE",
          messageKey: "errors.noPendingListUpdate",
          details: action.url,
        });
      }
      return setList(state, action.url, { ...list, current: list.pendingUpdate, pendingUpdate: null });
    }
    case "versionUpdated": {
      const previous = state.lastInitializedDefaultListUrls;
      const added = action.defaultListUrls.filter((url) => !previous.includes(url));
      const dropped = previous.filter((url) => !action.defaultListUrls.includes(url));
      let byUrl: Record<string, ListState> = { ...state.byUrl };
      for (const url of dropped) byUrl = withoutUrl(byUrl, url);
      for (const url of added) byUrl[url] ??= EMPTY_LIST;
      const newlyActive = (action.defaultActiveListUrls ?? []).filter((url) => added.includes(url));
      const activeListUrls = [...state.activeListUrls, ...newlyActive].filter(
        (url, i, all) => url in byUrl && all.indexOf(url) === i,
      );
      return { byUrl, activeListUrls, lastInitializedDefaultListUrls: action.defaultListUrls };
    }
  }
}
