import { mergeTokenLists, type PickerToken, type TokenList } from "@polity/core/tokenLists";
import { useEffect, useMemo } from "react";
import { useStore } from "../state/createStore.ts";
import { usePreferences } from "../state/preferences.ts";
import { loadTokenList, TOKEN_LIST_URLS, tokenListsStore } from "./tokenListsStore.ts";

/** Lists asked for in this page's life (a reload asks again; the stored copy shows meanwhile). */
const requested = new Set<string>();

export interface TokenListView {
  tokens: PickerToken[];
  blacklist: TokenList | null;
}

/**
 * The tokens every token picker of `chainId` offers: the active lists, the whitelist and the user's
 * custom tokens merged by core (blacklisted ones never among them), with the blacklist itself.
 */
export function useTokenList(chainId: number): TokenListView {
  const state = useStore(tokenListsStore, (s) => s);
  const { customTokens } = usePreferences();
  useEffect(() => {
    for (const url of [...state.activeListUrls, TOKEN_LIST_URLS.blacklist]) {
      if (requested.has(url)) continue;
      requested.add(url);
      void loadTokenList(url);
    }
  }, [state.activeListUrls]);
  return useMemo(() => {
    const current = (url: string) => state.byUrl[url]?.current ?? null;
    const blacklist = current(TOKEN_LIST_URLS.blacklist);
    return {
      blacklist,
      tokens: mergeTokenLists({
        chainId,
        lists: state.activeListUrls
          .filter((url) => url !== TOKEN_LIST_URLS.whitelist)
          .map(current)
          .filter((list): list is TokenList => list !== null),
        whitelist: state.activeListUrls.includes(TOKEN_LIST_URLS.whitelist)
          ? current(TOKEN_LIST_URLS.whitelist)
          : null,
        blacklist,
        customTokens: Object.values(customTokens[chainId] ?? {}),
      }),
    };
  }, [state, customTokens, chainId]);
}
