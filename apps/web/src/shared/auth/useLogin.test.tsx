import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { type Address, http, verifyMessage } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createConfig, useConnect, useConnectors, WagmiProvider } from "wagmi";
import { mock } from "wagmi/connectors";
import { resourceAnswer } from "../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse } from "../../test/renderWithProviders.tsx";
import { i18n } from "../i18n/i18n.ts";
import { toastStore } from "../state/toasts.ts";
import { toViemChain } from "../wallet/chains.ts";
import { devAccountConnector } from "../wallet/devAccountConnector.ts";
import type { AppWagmiConfig } from "../wallet/wagmiConfig.ts";
import { setActiveAccount } from "./activeAccount.ts";
import { authStore, sessionFor } from "./authStore.ts";
import { useLogin } from "./useLogin.ts";

const local = toViemChain(31337);
const DEV_ADDRESS: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const exp = Math.floor(Date.now() / 1000) + 3600;

function wrapperFor(connector: ReturnType<typeof devAccountConnector> | ReturnType<typeof mock>) {
  const config: AppWagmiConfig = createConfig({
    chains: [local],
    connectors: [connector],
    transports: { [local.id]: http("http://127.0.0.1:1") },
    storage: null,
  });
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: "*", element: children }]);
    return (
      <WagmiProvider config={config} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </QueryClientProvider>
      </WagmiProvider>
    );
  };
}

function useConnectAndLogin() {
  const connect = useConnect();
  const connectors = useConnectors();
  const login = useLogin();
  return { connect, connector: connectors[0], login };
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const address of Object.keys(authStore.getState().byAddress)) {
    authStore.dispatch({ type: "loggedOut", address });
  }
  for (const t of toastStore.getState()) toastStore.dispatch({ type: "removed", key: t.key });
});

describe("useLogin", () => {
  it("M9 signs the api's SIWE message, sends that exact message with the login and caches the tokens for the address", async () => {
    const message = "127.0.0.1 wants you to sign in with your Ethereum account:\n0xf39F...\n\nNonce: abc";
    const routes = fetchRoutes([
      [
        /\/nonce-auth-svc\/nonce$/,
        () => jsonResponse(resourceAnswer("auth_nonce", DEV_ADDRESS, { message })),
      ],
      [
        /\/nonce-auth-svc\/login$/,
        () =>
          jsonResponse(
            resourceAnswer("tokens", DEV_ADDRESS, {
              access_token: { id: "acc", exp },
              refresh_token: { id: "ref", exp },
            }),
          ),
      ],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    const { result } = renderHook(useConnectAndLogin, {
      wrapper: wrapperFor(devAccountConnector(local, "http://127.0.0.1:1")),
    });
    await waitFor(() => expect(result.current.connector).toBeDefined());
    const connected = await act(() =>
      result.current.connect.mutateAsync({ connector: result.current.connector! }),
    );
    expect(connected.accounts[0]).toBe(DEV_ADDRESS);

    await act(() => result.current.login.mutateAsync({ address: DEV_ADDRESS, chainId: 31337 }));
    const nonceBody = JSON.parse(String(routes.calls[0]?.init?.body));
    expect(nonceBody).toEqual({
      data: { type: "auth_nonce", attributes: { address: DEV_ADDRESS, chain_id: 31337 } },
    });
    const loginBody = JSON.parse(String(routes.calls[1]?.init?.body));
    const signed = loginBody.data.attributes.auth_pair.signed_message;
    expect(loginBody.data.attributes.auth_pair.address).toBe(DEV_ADDRESS);
    // The api checks the signature against this message only, so nonces others ask for never interfere.
    expect(loginBody.data.attributes.message).toBe(message);
    expect(await verifyMessage({ address: DEV_ADDRESS, message, signature: signed })).toBe(true);
    expect(sessionFor(DEV_ADDRESS)?.accessToken.id).toBe("acc");

    // Switching back to an account with a cached session needs no new nonce.
    await act(() => result.current.login.mutateAsync({ address: DEV_ADDRESS, chainId: 31337 }));
    expect(routes.calls).toHaveLength(2);
  });

  it("keeps the terms accepted in the sign-in dialog (their signature) with the api once signed in", async () => {
    const agreement = { chainId: 31337, signature: `0x${"5e".repeat(65)}` as const };
    const routes = fetchRoutes([
      [/\/nonce$/, () => jsonResponse(resourceAnswer("auth_nonce", DEV_ADDRESS, { message: "Sign in" }))],
      [
        /\/login$/,
        () =>
          jsonResponse(
            resourceAnswer("tokens", DEV_ADDRESS, {
              access_token: { id: "acc", exp },
              refresh_token: { id: "ref", exp },
            }),
          ),
      ],
      [
        /\/nonce-auth-svc\/agreements\/31337$/,
        () =>
          jsonResponse(
            resourceAnswer("privacy-agreements", "31337:dev", {
              account: DEV_ADDRESS.toLowerCase(),
              chain_id: 31337,
              registry: "0x00000000000000000000000000000000000000aa",
              document_hash: `0x${"ab".repeat(32)}`,
              signature: agreement.signature,
              agreed_at: "2026-11-26T15:00:00.000Z",
            }),
          ),
      ],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    setActiveAccount(DEV_ADDRESS, 31337);
    const { result } = renderHook(useConnectAndLogin, {
      wrapper: wrapperFor(devAccountConnector(local, "http://127.0.0.1:1")),
    });
    await waitFor(() => expect(result.current.connector).toBeDefined());
    await act(() => result.current.connect.mutateAsync({ connector: result.current.connector! }));
    await act(() => result.current.login.mutateAsync({ address: DEV_ADDRESS, chainId: 31337, agreement }));
    const kept = routes.calls.find((call) => call.url.pathname.endsWith("/agreements/31337"));
    expect(kept?.init?.method).toBe("PUT");
    expect(new Headers(kept?.init?.headers).get("authorization")).toBe("Bearer acc");
    expect(JSON.parse(String(kept?.init?.body))).toEqual({
      data: { type: "privacy-agreements", attributes: { signature: agreement.signature } },
    });
    setActiveAccount(undefined, undefined);
  });

  it("words a rejected signature as the spec does", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [/\/nonce$/, () => jsonResponse(resourceAnswer("auth_nonce", DEV_ADDRESS, { message: "Sign in" }))],
      ]).fn,
    );
    const { result } = renderHook(useConnectAndLogin, {
      wrapper: wrapperFor(mock({ accounts: [DEV_ADDRESS], features: { signMessageError: true } })),
    });
    await waitFor(() => expect(result.current.connector).toBeDefined());
    await act(() => result.current.connect.mutateAsync({ connector: result.current.connector! }));
    await act(async () => {
      await result.current.login.mutateAsync({ address: DEV_ADDRESS, chainId: 31337 }).catch(() => undefined);
    });
    expect(toastStore.getState().map((t) => t.content.message)).toContain(
      "Account ownership confirmation rejected",
    );
    expect(sessionFor(DEV_ADDRESS)).toBeUndefined();
  });

  it("words any other failure as the failed-login message", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([[/\/nonce$/, () => jsonResponse({ errors: [{ title: "Internal error" }] }, 500)]]).fn,
    );
    const { result } = renderHook(useConnectAndLogin, {
      wrapper: wrapperFor(devAccountConnector(local, "http://127.0.0.1:1")),
    });
    await waitFor(() => expect(result.current.connector).toBeDefined());
    await act(() => result.current.connect.mutateAsync({ connector: result.current.connector! }));
    await act(async () => {
      await result.current.login.mutateAsync({ address: DEV_ADDRESS, chainId: 31337 }).catch(() => undefined);
    });
    expect(toastStore.getState().map((t) => t.content.message)).toContain(
      "An error occurred during the authorization process. Please try again or choose an alternative login method.",
    );
  });
});
