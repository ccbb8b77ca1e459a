import type { Chain, EIP1193EventMap, EIP1193Provider } from "viem";
import { injected } from "wagmi/connectors";
import { DEV_ACCOUNT_CONNECTOR_ID, localKeyAuthorisedKey } from "./connectorIds.ts";
import { eip1193Provider, type RpcRequest } from "./eip1193Provider.ts";
import type { createLocalKeyProvider } from "./localKeyProvider.ts";

/**
 * Hardhat's account #0. Its key is published in Hardhat's documentation and funded only on local
 * development chains; it protects nothing. This module is imported only when the local chain is
 * enabled, so production bundles never contain it.
 */
export const HARDHAT_ACCOUNT_0_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
/** The address of that key. */
export const HARDHAT_ACCOUNT_0_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

/** A listener added before the provider loaded, and how to add it to the provider. */
type PendingListener = { event: string; listener: unknown; addTo: (provider: EIP1193Provider) => void };

/**
 * The Dev account's EIP-1193 provider, created on its first request that needs it: the signing code
 * (viem's accounts, secp256k1) loads when the Dev account connects or reconnects, not with every
 * page. wagmi asks every connector for its accounts at start-up; while the Dev account is not
 * connected that answer needs no key.
 */
function lazyDevProvider(chain: Chain, rpcUrl: string): EIP1193Provider {
  let real: ReturnType<typeof createLocalKeyProvider> | undefined;
  let loading: Promise<ReturnType<typeof createLocalKeyProvider>> | undefined;
  const pending: PendingListener[] = [];
  const load = () => {
    loading ??= import("./localKeyProvider.ts").then(({ createLocalKeyProvider }) => {
      const local = createLocalKeyProvider({ privateKey: HARDHAT_ACCOUNT_0_KEY, chain, rpcUrl });
      for (const { addTo } of pending.splice(0)) addTo(local.provider);
      real = local;
      return local;
    });
    return loading;
  };
  const request = async (args: RpcRequest): Promise<unknown> => {
    const isAuthorised =
      globalThis.localStorage?.getItem(localKeyAuthorisedKey(HARDHAT_ACCOUNT_0_ADDRESS)) === "true";
    if (!real && !isAuthorised && args.method === "eth_accounts") return [];
    return (await load()).answer(args);
  };
  return eip1193Provider(request, {
    on<E extends keyof EIP1193EventMap>(event: E, listener: EIP1193EventMap[E]) {
      if (real) real.provider.on(event, listener);
      else pending.push({ event, listener, addTo: (provider) => provider.on(event, listener) });
    },
    removeListener<E extends keyof EIP1193EventMap>(event: E, listener: EIP1193EventMap[E]) {
      if (real) real.provider.removeListener(event, listener);
      else {
        const at = pending.findIndex((p) => p.event === event && p.listener === listener);
        if (at !== -1) pending.splice(at, 1);
      }
    },
  });
}

export function devAccountConnector(chain: Chain, rpcUrl: string) {
  const provider = lazyDevProvider(chain, rpcUrl);
  return injected({
    target: { id: DEV_ACCOUNT_CONNECTOR_ID, name: "Dev account", provider: () => provider },
  });
}
