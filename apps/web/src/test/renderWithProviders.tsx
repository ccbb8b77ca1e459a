import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { type Address, http } from "viem";
import { onTestFinished, vi } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { connect } from "wagmi/actions";
import { mock } from "wagmi/connectors";
import { authStore } from "../shared/auth/authStore.ts";
import { i18n } from "../shared/i18n/i18n.ts";
import { supportedChains } from "../shared/wallet/chains.ts";
import type { AppWagmiConfig } from "../shared/wallet/wagmiConfig.ts";

export const TEST_ACCOUNT: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export function createTestWagmiConfig(
  options: { accounts?: readonly [Address, ...Address[]] } = {},
): AppWagmiConfig {
  return createConfig({
    chains: supportedChains,
    connectors: [mock({ accounts: options.accounts ?? [TEST_ACCOUNT] })],
    transports: Object.fromEntries(supportedChains.map((c) => [c.id, http("http://127.0.0.1:1")])),
    storage: null,
  });
}

interface Options {
  path?: string;
  routePath?: string;
  /** History state of the initial entry, as a `navigate(path, { state })` would leave it. */
  state?: unknown;
  wagmiConfig?: ReturnType<typeof createTestWagmiConfig>;
}

export function renderWithProviders(element: ReactElement, options: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  const wagmiConfig = options.wagmiConfig ?? createTestWagmiConfig();
  const router = createMemoryRouter([{ path: options.routePath ?? "*", element }], {
    initialEntries: [{ pathname: options.path ?? "/", state: options.state }],
  });
  const result = render(
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
  return { ...result, router, queryClient, wagmiConfig };
}

/** A `fetch` stand-in answering by URL pattern; every request is recorded. */
export function fetchRoutes(
  routes: [RegExp, (url: URL, init?: RequestInit) => Response | Promise<Response>][],
) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fn = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    calls.push({ url, init });
    for (const [pattern, answer] of routes) if (pattern.test(url.pathname)) return answer(url, init);
    return new Response(JSON.stringify({ errors: [{ title: "Not found" }] }), { status: 404 });
  };
  return { fn, calls };
}

/**
 * Answers the api through `fetchRoutes(routes)` for the current test (call it in the test or its
 * `beforeEach`); once the test has finished, `fetch` is the app's again and the session a test stored
 * (`connectTestAccount`) is signed out.
 */
export function serveApi(routes: Parameters<typeof fetchRoutes>[0]) {
  const served = fetchRoutes(routes);
  vi.stubGlobal("fetch", served.fn);
  onTestFinished(() => {
    vi.unstubAllGlobals();
    act(() => authStore.dispatch({ type: "loggedOut", address: TEST_ACCOUNT }));
  });
  return served;
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Connects the test wallet of a rendered view and, unless told not to, stores a session for it as signing in does. */
export async function connectTestAccount(
  view: { wagmiConfig: AppWagmiConfig },
  options: { chainId: number; withSession?: boolean },
) {
  await act(async () => {
    const connector = view.wagmiConfig.connectors[0];
    if (!connector) throw new Error("the test config has a mock connector");
    await connect(view.wagmiConfig, { connector });
  });
  if (options.withSession === false) return;
  act(() => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    authStore.dispatch({
      type: "loggedIn",
      address: TEST_ACCOUNT,
      chainId: options.chainId,
      tokens: { accessToken: { id: "access", exp }, refreshToken: { id: "refresh", exp } },
    });
  });
}
