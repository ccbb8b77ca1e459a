/**
 * Auth tokens (spec sections 3, 4 and 6): set on login, refreshed, cleared on logout; cached per
 * wallet address so switching accounts needs no new nonce.
 */

export type AuthToken = { id: string /** Expiry, unix seconds. */; exp: number };
export type AuthTokens = { accessToken: AuthToken; refreshToken: AuthToken };

export type AuthState = {
  /** Tokens per lower-cased address. */
  byAddress: Readonly<Record<string, AuthTokens>>;
  address: string | null;
  chainId: number | null;
};

export type AuthAction =
  | { type: "loggedIn"; address: string; chainId: number; tokens: AuthTokens }
  | { type: "refreshed"; address: string; accessToken: AuthToken; refreshToken?: AuthToken }
  | { type: "accountChanged"; address: string | null; chainId: number | null }
  | { type: "loggedOut"; address?: string };

export const initialAuthState: AuthState = Object.freeze({ byAddress: {}, address: null, chainId: null });

const norm = (address: string) => address.toLowerCase();

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "loggedIn":
      return {
        byAddress: { ...state.byAddress, [norm(action.address)]: action.tokens },
        address: norm(action.address),
        chainId: action.chainId,
      };
    case "refreshed": {
      const key = norm(action.address);
      const tokens = state.byAddress[key];
      if (!tokens) return state;
      return {
        ...state,
        byAddress: {
          ...state.byAddress,
          [key]: {
            accessToken: action.accessToken,
            refreshToken: action.refreshToken ?? tokens.refreshToken,
          },
        },
      };
    }
    case "accountChanged":
      return {
        ...state,
        address: action.address === null ? null : norm(action.address),
        chainId: action.chainId,
      };
    case "loggedOut": {
      const key = action.address === undefined ? state.address : norm(action.address);
      if (key === null) return state;
      const byAddress = Object.fromEntries(Object.entries(state.byAddress).filter(([a]) => a !== key));
      return { ...state, byAddress, address: state.address === key ? null : state.address };
    }
  }
}

/** Expired when less than `skewSeconds` remain. */
export function isTokenExpired(token: AuthToken, nowSeconds: number, skewSeconds = 30): boolean {
  return token.exp - skewSeconds <= nowSeconds;
}

/** Tokens of the current account, if any. */
export function currentTokens(state: AuthState): AuthTokens | null {
  return state.address === null ? null : (state.byAddress[state.address] ?? null);
}

export type SessionStatus = "anonymous" | "valid" | "needsRefresh" | "needsLogin";

/** What the client should do before an authenticated request. */
export function sessionStatus(state: AuthState, nowSeconds: number): SessionStatus {
  const tokens = currentTokens(state);
  if (!tokens) return state.address === null ? "anonymous" : "needsLogin";
  if (!isTokenExpired(tokens.accessToken, nowSeconds)) return "valid";
  return isTokenExpired(tokens.refreshToken, nowSeconds) ? "needsLogin" : "needsRefresh";
}
