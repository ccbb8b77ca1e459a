import { act } from "@testing-library/react";
import { connect } from "wagmi/actions";
import { authStore } from "../shared/auth/authStore.ts";
import type { createTestWagmiConfig } from "./renderWithProviders.tsx";
import { TEST_ACCOUNT } from "./renderWithProviders.tsx";

/** Connects the test wallet of a rendered view and, unless told otherwise, signs it in (an hour-long session). */
export async function connectAndSignIn(
  view: { wagmiConfig: ReturnType<typeof createTestWagmiConfig> },
  options: { withSession?: boolean } = {},
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
      chainId: 97,
      tokens: { accessToken: { id: "access", exp }, refreshToken: { id: "refresh", exp } },
    });
  });
}
