import type { Address } from "viem";
import { createStore, useStore } from "../state/createStore.ts";

export interface Token {
  id: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export interface TokenPair {
  accessToken: Token;
  refreshToken: Token;
}

export interface AuthState {
  /** Tokens cached per lower-cased address, so switching back to an account needs no new nonce. */
  sessions: Record<string, TokenPair>;
}

export type AuthAction =
  | { type: "loggedIn"; address: Address; tokens: TokenPair }
  | { type: "refreshed"; address: Address; tokens: TokenPair }
  | { type: "loggedOut"; address: Address };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  const key = action.address.toLowerCase();
  switch (action.type) {
    case "loggedIn":
    case "refreshed":
      return { sessions: { ...state.sessions, [key]: action.tokens } };
    case "loggedOut": {
      if (!(key in state.sessions)) return state;
      const { [key]: _removed, ...rest } = state.sessions;
      return { sessions: rest };
    }
  }
}

export const authStore = createStore(authReducer, { sessions: {} } as AuthState, {
  persistKey: "polity.auth",
});

export function sessionFor(address: Address | undefined, now = Date.now()): TokenPair | undefined {
  if (!address) return undefined;
  const session = authStore.getState().sessions[address.toLowerCase()];
  if (!session) return undefined;
  // A session whose refresh token has expired cannot be revived; treat it as logged out.
  return session.refreshToken.exp * 1000 > now ? session : undefined;
}

export function useSession(address: Address | undefined): TokenPair | undefined {
  return useStore(authStore, (state) => {
    if (!address) return undefined;
    const session = state.sessions[address.toLowerCase()];
    return session && session.refreshToken.exp * 1000 > Date.now() ? session : undefined;
  });
}
