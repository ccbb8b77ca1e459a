import { getActiveAccount } from "../auth/activeAccount.ts";
import { refreshTokens } from "../auth/authApi.ts";
import { authStore, sessionFor } from "../auth/authStore.ts";
import { env } from "../config/env.ts";
import { createHttpClient } from "./httpClient.ts";

/** The app's client for `/integrations/...`: bearer token of the connected account, refresh on 401. */
export const api = createHttpClient({
  baseUrl: env.apiUrl,
  getAccessToken: () => sessionFor(getActiveAccount().address)?.accessToken.id,
  async refresh() {
    const { address } = getActiveAccount();
    const session = sessionFor(address);
    if (!address || !session) return false;
    try {
      const tokens = await refreshTokens(api, session.refreshToken.id);
      authStore.dispatch({
        type: "refreshed",
        address,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      });
      return true;
    } catch {
      return false;
    }
  },
  logout() {
    const { address } = getActiveAccount();
    if (address) authStore.dispatch({ type: "loggedOut", address });
  },
});
