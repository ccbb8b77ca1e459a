import type { Chain } from "viem";
import { injected } from "wagmi/connectors";
import { DEV_ACCOUNT_CONNECTOR_ID } from "./connectorIds.ts";
import { createLocalKeyProvider } from "./localKeyProvider.ts";

/**
 * Hardhat's account #0. Its key is published in Hardhat's documentation and funded only on local
 * development chains; it protects nothing. This module is imported only when the local chain is
 * enabled, so production bundles never contain it.
 */
export const HARDHAT_ACCOUNT_0_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

export function devAccountConnector(chain: Chain, rpcUrl: string) {
  const { provider } = createLocalKeyProvider({ privateKey: HARDHAT_ACCOUNT_0_KEY, chain, rpcUrl });
  return injected({
    target: { id: DEV_ACCOUNT_CONNECTOR_ID, name: "Dev account", provider: () => provider as never },
  });
}
