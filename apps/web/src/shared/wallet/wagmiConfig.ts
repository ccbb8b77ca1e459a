import { type Chain, http, type Transport } from "viem";
import { type Config, createConfig, createStorage } from "wagmi";
import { reconnect } from "wagmi/actions";
import { injected } from "wagmi/connectors";
import { localChain, rpcUrlFor, supportedChains } from "./chains.ts";
import { WALLET_CONNECT_CONNECTOR_ID } from "./connectorIds.ts";
import { devAccountConnector } from "./devAccountConnector.ts";

function transportFor(chain: Chain): Transport {
  // One HTTP request per burst of reads: JSON-RPC batching on top of multicall batching. The window
  // is wide enough for a slow phone to encode a multicall and the log query sent beside it.
  return http(rpcUrlFor(chain), { batch: { batchSize: 1000, wait: 32 } });
}

export function buildConnectors() {
  const connectors = [injected()];
  if (__POLITY_LOCAL_CHAIN__ && localChain)
    connectors.push(devAccountConnector(localChain, rpcUrlFor(localChain)));
  return connectors;
}

/** The app's wagmi configuration, as hooks see it; a test's configuration has the same type. */
export type AppWagmiConfig = Config<typeof supportedChains, Record<number, Transport>>;

export const wagmiConfig: AppWagmiConfig = createConfig({
  chains: supportedChains,
  connectors: buildConnectors(),
  multiInjectedProviderDiscovery: true,
  storage: createStorage({ storage: globalThis.localStorage, key: "polity.wagmi" }),
  transports: Object.fromEntries(supportedChains.map((chain) => [chain.id, transportFor(chain)])),
  batch: Object.fromEntries(
    supportedChains.map((chain) => [
      chain.id,
      // Chains without Multicall3 (the local node) get the aggregate sent as deployless code.
      { multicall: { wait: 16, deployless: chain.contracts?.multicall3 === undefined } },
    ]),
  ),
  pollingInterval: 8_000,
});

declare module "wagmi" {
  interface Register {
    config: AppWagmiConfig;
  }
}

let walletConnectAdded: Promise<void> | undefined;

/**
 * Adds the WalletConnect connector the way wagmi adds EIP-6963 wallets it discovers
 * (`_internal.connectors`), once. Setting it up loads WalletConnect's provider and opens its relay:
 * more code than the rest of a page, so it happens when the wallet dialog opens, or at start-up only
 * when WalletConnect was the wallet last used (then its session is restored).
 */
export function addWalletConnect(projectId: string): Promise<void> {
  if (!projectId) return Promise.resolve();
  walletConnectAdded ??= (async () => {
    const { walletConnectConnector } = await import("./walletConnectConnector.ts");
    const { connectors } = wagmiConfig._internal;
    const connector = connectors.setup(walletConnectConnector(projectId));
    connectors.setState((current) => [...current, connector]);
  })().catch((err: unknown) => {
    walletConnectAdded = undefined; // a later attempt loads it again
    throw err;
  });
  return walletConnectAdded;
}

/** At start-up: restores a WalletConnect session, if WalletConnect was the wallet last used. */
export async function restoreWalletConnect(projectId: string): Promise<void> {
  if (!projectId) return;
  const recent = await wagmiConfig.storage?.getItem("recentConnectorId");
  if (recent !== WALLET_CONNECT_CONNECTOR_ID) return;
  await addWalletConnect(projectId);
  const connector = wagmiConfig.connectors.find((c) => c.id === WALLET_CONNECT_CONNECTOR_ID);
  if (connector) await reconnect(wagmiConfig, { connectors: [connector] });
}
