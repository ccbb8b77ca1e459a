import { describe, expect, it } from "vitest";
import { type AuthState, authReducer, authStore, sessionFor, type TokenPair } from "./authStore.ts";

const A = "0x00000000000000000000000000000000000000Aa" as const;
const B = "0x00000000000000000000000000000000000000bB" as const;
const far = Math.floor(Date.now() / 1000) + 3600;

function pair(id: string, refreshExp = far): TokenPair {
  return {
    accessToken: { id: `access-${id}`, exp: far },
    refreshToken: { id: `refresh-${id}`, exp: refreshExp },
  };
}

describe("authReducer", () => {
  it("keeps one session per address, case-insensitively", () => {
    let state: AuthState = { sessions: {} };
    state = authReducer(state, { type: "loggedIn", address: A, tokens: pair("a") });
    state = authReducer(state, { type: "loggedIn", address: B, tokens: pair("b") });
    expect(Object.keys(state.sessions)).toEqual([A.toLowerCase(), B.toLowerCase()]);
    state = authReducer(state, { type: "refreshed", address: A, tokens: pair("a2") });
    expect(state.sessions[A.toLowerCase()]?.accessToken.id).toBe("access-a2");
    state = authReducer(state, { type: "loggedOut", address: A });
    expect(Object.keys(state.sessions)).toEqual([B.toLowerCase()]);
  });

  it("returns the same state when logging out an unknown address", () => {
    const state: AuthState = { sessions: {} };
    expect(authReducer(state, { type: "loggedOut", address: A })).toBe(state);
  });
});

describe("authStore", () => {
  it("persists sessions so switching back to an account needs no new nonce", () => {
    authStore.dispatch({ type: "loggedIn", address: A, tokens: pair("a") });
    const stored = JSON.parse(localStorage.getItem("polity.auth") ?? "{}") as AuthState;
    expect(stored.sessions[A.toLowerCase()]?.refreshToken.id).toBe("refresh-a");
    expect(sessionFor(A)?.accessToken.id).toBe("access-a");
    authStore.dispatch({ type: "loggedOut", address: A });
  });

  it("treats a session whose refresh token expired as absent", () => {
    authStore.dispatch({
      type: "loggedIn",
      address: B,
      tokens: pair("b", Math.floor(Date.now() / 1000) - 1),
    });
    expect(sessionFor(B)).toBeUndefined();
    authStore.dispatch({ type: "loggedOut", address: B });
  });
});
