import { describe, expect, it } from "vitest";
import {
  type AuthState,
  authReducer,
  currentTokens,
  initialAuthState,
  isTokenExpired,
  sessionStatus,
} from "./authReducer.ts";

const tokens = (n: number) => ({
  accessToken: { id: `access-${n}`, exp: 1000 + n },
  refreshToken: { id: `refresh-${n}`, exp: 5000 + n },
});
const ALICE = "0xAbC0000000000000000000000000000000000001";
const BOB = "0xB0b0000000000000000000000000000000000002";

/** `address` logged in on BNB Smart Chain with tokens number `n`. */
const loggedIn = (state: AuthState, address: string, n: number) =>
  authReducer(state, { type: "loggedIn", address, chainId: 56, tokens: tokens(n) });

describe("auth reducer", () => {
  it("sets tokens on login, cached per lower-cased address", () => {
    const state = loggedIn(initialAuthState, ALICE, 1);
    expect(state.address).toBe(ALICE.toLowerCase());
    expect(state.chainId).toBe(56);
    expect(currentTokens(state)).toEqual(tokens(1));
  });

  it("switches accounts without a new login when tokens are cached", () => {
    let state = loggedIn(initialAuthState, ALICE, 1);
    state = loggedIn(state, BOB, 2);
    state = authReducer(state, { type: "accountChanged", address: ALICE, chainId: 97 });
    expect(currentTokens(state)).toEqual(tokens(1));
    expect(state.chainId).toBe(97);
    state = authReducer(state, { type: "accountChanged", address: null, chainId: null });
    expect(currentTokens(state)).toBeNull();
  });

  it("refreshes the access token, keeping the refresh token unless a new one is given", () => {
    let state = loggedIn(initialAuthState, ALICE, 1);
    state = authReducer(state, { type: "refreshed", address: ALICE, accessToken: { id: "new", exp: 9000 } });
    expect(currentTokens(state)).toEqual({
      accessToken: { id: "new", exp: 9000 },
      refreshToken: tokens(1).refreshToken,
    });
    state = authReducer(state, {
      type: "refreshed",
      address: ALICE,
      accessToken: { id: "n2", exp: 9100 },
      refreshToken: { id: "r2", exp: 9999 },
    });
    expect(currentTokens(state)?.refreshToken.id).toBe("r2");
    expect(authReducer(state, { type: "refreshed", address: BOB, accessToken: { id: "x", exp: 1 } })).toBe(
      state,
    );
  });

  it("clears tokens on logout", () => {
    let state = loggedIn(initialAuthState, ALICE, 1);
    state = loggedIn(state, BOB, 2);
    state = authReducer(state, { type: "loggedOut" });
    expect(state.address).toBeNull();
    expect(Object.keys(state.byAddress)).toEqual([ALICE.toLowerCase()]);
    state = authReducer(state, { type: "loggedOut", address: ALICE });
    expect(state.byAddress).toEqual({});
    expect(authReducer(state, { type: "loggedOut" })).toBe(state);
  });

  it("tells whether to use, refresh or renew the session", () => {
    expect(sessionStatus(initialAuthState, 0)).toBe("anonymous");
    let state = authReducer(initialAuthState, { type: "accountChanged", address: ALICE, chainId: 56 });
    expect(sessionStatus(state, 0)).toBe("needsLogin");
    state = loggedIn(state, ALICE, 0);
    expect(sessionStatus(state, 900)).toBe("valid");
    expect(sessionStatus(state, 980)).toBe("needsRefresh");
    expect(sessionStatus(state, 5000)).toBe("needsLogin");
    expect(isTokenExpired({ id: "x", exp: 100 }, 100, 0)).toBe(true);
    expect(isTokenExpired({ id: "x", exp: 100 }, 99, 0)).toBe(false);
  });
});
