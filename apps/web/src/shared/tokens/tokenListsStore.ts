import {
  initialTokenListsState,
  type TokenList,
  type TokenListsState,
  tokenListsReducer,
} from "@polity/core/tokenLists";
import { createStore } from "../state/createStore.ts";

/** The lists the app serves (spec section 7: default, whitelist, blacklist). */
export const TOKEN_LIST_URLS = {
  default: "/token-lists/default.json",
  whitelist: "/token-lists/whitelist.json",
  blacklist: "/token-lists/blacklist.json",
} as const;

/** Lists offered in the pickers; the blacklist is read beside them but never offered. */
export const DEFAULT_LIST_URLS: readonly string[] = [TOKEN_LIST_URLS.default, TOKEN_LIST_URLS.whitelist];

function revive(stored: unknown): TokenListsState {
  const state = stored as TokenListsState;
  if (!state?.byUrl || !Array.isArray(state.activeListUrls) || !Array.isArray(state.defaultListUrls))
    return initialTokenListsState(DEFAULT_LIST_URLS);
  // A new app version may serve other default lists: bring the stored state up to them.
  return tokenListsReducer(
    {
      ...state,
      // A request in flight when the page closed is never answered.
      byUrl: Object.fromEntries(
        Object.entries(state.byUrl).map(([url, list]) => [url, { ...list, loadingRequestId: null }]),
      ),
    },
    { type: "defaultsUpdated", defaultListUrls: DEFAULT_LIST_URLS },
  );
}

/** Token list state per URL (core's reducer), kept in local storage. */
export const tokenListsStore = createStore(tokenListsReducer, initialTokenListsState(DEFAULT_LIST_URLS), {
  persistKey: "polity.tokenLists",
  revive,
});

let requestCounter = 0;

/**
 * Loads `url` through the reducer's fetch states. The app's own lists are accepted as soon as a new
 * version arrives (they ship with the app); another list's update waits for the user.
 */
export async function loadTokenList(url: string, fetcher: typeof fetch = fetch): Promise<void> {
  const requestId = String(++requestCounter);
  tokenListsStore.dispatch({ type: "listAdded", url });
  tokenListsStore.dispatch({ type: "fetchPending", url, requestId });
  try {
    const response = await fetcher(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const list = (await response.json()) as TokenList;
    if (!Array.isArray(list?.tokens) || !list.version) throw new Error(`${url} is not a token list`);
    tokenListsStore.dispatch({ type: "fetchFulfilled", url, requestId, list });
    const isAppList = (Object.values(TOKEN_LIST_URLS) as string[]).includes(url);
    if (isAppList && tokenListsStore.getState().byUrl[url]?.pendingUpdate)
      tokenListsStore.dispatch({ type: "updateAccepted", url });
  } catch (err) {
    console.error("Token list failed to load", { url, err });
    tokenListsStore.dispatch({
      type: "fetchRejected",
      url,
      requestId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
