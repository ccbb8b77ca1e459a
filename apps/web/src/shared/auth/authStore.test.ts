import { describe, expect, it } from "vitest";
import { authStore, sessionFor, type TokenPair } from "./authStore.ts";

const A = "0x00000000000000000000000000000000000000Aa" as const;
const B = "0x00000000000000000000000000000000000000bB" as const;
const far = Math.floor(Date.now() / 1000) + 3600;

function pair(id: string, refreshExp = far): TokenPair {
  return {
    accessToken: { id: `access-${id}`, exp: far },
    refreshToken: { id: `refresh-${id}`, exp: refreshExp },
  };
}

describe("authStore", () => {
  it("keeps a session per address and persists it, so switching back needs no new nonce", () => {
    authStore.dispatch({ type: "loggedIn", address: A, chainId: 31337, tokens: pair("a") });
    authStore.dispatch({ type: "loggedIn", address: B, chainId: 31337, tokens: pair("b") });
    authStore.dispatch({ type: "accountChanged", address: A, chainId: 31337 });
    expect(sessionFor(A)?.accessToken.id).toBe("access-a");
    expect(sessionFor(B)?.accessToken.id).toBe("access-b");
    const stored = JSON.parse(localStorage.getItem("polity.auth") ?? "{}") as {
      byAddress: Record<string, TokenPair>;
    };
    expect(Object.keys(stored.byAddress)).toEqual([A.toLowerCase(), B.toLowerCase()]);
    authStore.dispatch({ type: "loggedOut", address: A });
    authStore.dispatch({ type: "loggedOut", address: B });
    expect(sessionFor(A)).toBeUndefined();
  });

  it("replaces the access token on refresh", () => {
    authStore.dispatch({ type: "loggedIn", address: A, chainId: 1, tokens: pair("a") });
    authStore.dispatch({ type: "refreshed", address: A, accessToken: { id: "access-new", exp: far } });
    expect(sessionFor(A)).toMatchObject({
      accessToken: { id: "access-new" },
      refreshToken: { id: "refresh-a" },
    });
    authStore.dispatch({ type: "loggedOut", address: A });
  });

  it("treats a session whose refresh token expired as absent", () => {
    authStore.dispatch({
      type: "loggedIn",
      address: B,
      chainId: 1,
      tokens: pair("b", Math.floor(Date.now() / 1000) - 1),
    });
    expect(sessionFor(B)).toBeUndefined();
    authStore.dispatch({ type: "loggedOut", address: B });
  });
});
