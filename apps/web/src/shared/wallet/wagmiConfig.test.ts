import { describe, expect, it, vi } from "vitest";
import { createConnector } from "wagmi";
import { mock } from "wagmi/connectors";
import { WALLET_CONNECT_CONNECTOR_ID } from "./connectorIds.ts";
import { addWalletConnect, restoreWalletConnect, wagmiConfig } from "./wagmiConfig.ts";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./walletConnectConnector.ts", () => {
  loads.count += 1;
  return {
    // A stand-in with WalletConnect's id: the real one opens a relay connection.
    walletConnectConnector: () =>
      createConnector((config) => ({
        ...mock({ accounts: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"], features: { reconnect: true } })(
          config,
        ),
        id: WALLET_CONNECT_CONNECTOR_ID,
        name: "WalletConnect",
        // A live session: what the relay would report for a paired wallet.
        isAuthorized: async () => true,
      })),
  };
});

const walletConnectCount = () =>
  wagmiConfig.connectors.filter((c) => c.id === WALLET_CONNECT_CONNECTOR_ID).length;

describe("WalletConnect on demand", () => {
  it("is not loaded at start-up unless it was the wallet last used", async () => {
    await wagmiConfig.storage?.setItem("recentConnectorId", "injected");
    await restoreWalletConnect("project");
    expect(loads.count).toBe(0);
    expect(walletConnectCount()).toBe(0);
  });

  it("is added once, however often the wallet dialog opens", async () => {
    await Promise.all([addWalletConnect("project"), addWalletConnect("project")]);
    await addWalletConnect("project");
    expect(loads.count).toBe(1);
    expect(walletConnectCount()).toBe(1);
  });

  it("restores the session at start-up when WalletConnect was the wallet last used", async () => {
    await wagmiConfig.storage?.setItem("recentConnectorId", WALLET_CONNECT_CONNECTOR_ID);
    await restoreWalletConnect("project");
    const current = wagmiConfig.state.current
      ? wagmiConfig.state.connections.get(wagmiConfig.state.current)
      : null;
    expect(current?.connector.id).toBe(WALLET_CONNECT_CONNECTOR_ID);
    expect(current?.accounts).toEqual(["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]);
    expect(loads.count).toBe(1);
  });
});
