import { type Chain, http, type Transport } from "viem";
import { createConfig, createStorage } from "wagmi";
import { injected } from "wagmi/connectors";
import { localChain, rpcUrlFor, supportedChains } from "./chains.ts";
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

export const wagmiConfig = createConfig({
  chains: supportedChains,
  connectors: buildConnectors(),
  multiInjectedProviderDiscovery: true,
  storage: createStorage({ storage: globalThis.localStorage, key: "polity.wagmi" }),
  transports: Object.fromEntries(supportedChains.map((chain) => [chain.id, transportFor(chain)])) as Record<
    number,
    Transport
  >,
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
    config: typeof wagmiConfig;
  }
}

/**
 * Adds the WalletConnect connector once its code has loaded, the way wagmi adds EIP-6963 wallets
 * it discovers (`_internal.connectors`), so it never weighs on the first page.
 */
export async function addWalletConnect(projectId: string): Promise<void> {
  if (!projectId) return;
  const { walletConnectConnector } = await import("./walletConnectConnector.ts");
  const { connectors } = wagmiConfig._internal;
  const connector = connectors.setup(walletConnectConnector(projectId));
  connectors.setState((current) => [...current, connector]);
}
