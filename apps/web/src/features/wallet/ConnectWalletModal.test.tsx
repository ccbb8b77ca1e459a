import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type Connector, useConnection } from "wagmi";
import { openConnectModal } from "../../shared/wallet/connectModal.ts";
import { createTestWagmiConfig, renderWithProviders, TEST_ACCOUNT } from "../../test/renderWithProviders.tsx";
import { ConnectWalletModal, visibleConnectors } from "./ConnectWalletModal.tsx";

function connector(id: string, type = "injected"): Connector {
  // The modal reads only these fields; a whole wagmi connector (emitter, provider, actions) would be noise.
  return { id, type, name: id, uid: id } as unknown as Connector;
}

describe("visibleConnectors", () => {
  it("lists EIP-6963 wallets instead of the generic injected entry and keeps the Dev account", () => {
    const list = visibleConnectors([
      connector("injected"),
      connector("io.metamask"),
      connector("io.rabby"),
      connector("walletConnect", "walletConnect"),
      connector("devAccount"),
    ]);
    expect(list.map((c) => c.id)).toEqual(["io.metamask", "io.rabby", "devAccount"]);
  });

  it("offers the generic injected wallet only when one is present and none announced itself", () => {
    expect(visibleConnectors([connector("injected")]).map((c) => c.id)).toEqual([]);
    vi.stubGlobal("ethereum", { request: vi.fn() });
    expect(visibleConnectors([connector("injected")]).map((c) => c.id)).toEqual(["injected"]);
    vi.unstubAllGlobals();
  });
});

function Status() {
  const { address, status } = useConnection();
  return <output data-testid="status">{`${status}:${address ?? ""}`}</output>;
}

describe("ConnectWalletModal", () => {
  it("connects with the chosen wallet, closes and reports the account", async () => {
    const onConnected = vi.fn();
    renderWithProviders(
      <>
        <Status />
        <ConnectWalletModal onConnected={onConnected} />
      </>,
      { wagmiConfig: createTestWagmiConfig() },
    );
    openConnectModal();
    const dialog = await screen.findByRole("dialog", { name: "Connect a wallet" });
    fireEvent.click(dialog.querySelector("button[aria-busy]") as HTMLButtonElement);
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(TEST_ACCOUNT, expect.any(Number)));
    expect(screen.getByTestId("status")).toHaveTextContent(`connected:${TEST_ACCOUNT}`);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
