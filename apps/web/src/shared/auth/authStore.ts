import type { Address } from "viem";
import { createStore, useStore } from "../state/createStore.ts";
import {
  type AuthState,
  type AuthTokens,
  authReducer,
  initialAuthState,
  isTokenExpired,
} from "./authReducer.ts";

export type { AuthTokens as TokenPair };

/** Core's auth reducer, persisted: tokens per address survive reloads and account switches. */
export const authStore = createStore(authReducer, initialAuthState as AuthState, {
  persistKey: "polity.auth",
  revive: (stored) => {
    const state = stored as Partial<AuthState>;
    return { ...initialAuthState, byAddress: state.byAddress ?? {} };
  },
  serialize: (state) => ({ byAddress: state.byAddress }),
});

function usable(tokens: AuthTokens | undefined, nowSeconds: number): AuthTokens | undefined {
  // A session whose refresh token has expired cannot be revived: treat it as logged out.
  return tokens && !isTokenExpired(tokens.refreshToken, nowSeconds, 0) ? tokens : undefined;
}

export function sessionFor(address: Address | undefined, now = Date.now()): AuthTokens | undefined {
  if (!address) return undefined;
  return usable(authStore.getState().byAddress[address.toLowerCase()], Math.floor(now / 1000));
}

export function useSession(address: Address | undefined): AuthTokens | undefined {
  return useStore(authStore, (state) =>
    address ? usable(state.byAddress[address.toLowerCase()], Math.floor(Date.now() / 1000)) : undefined,
  );
}
