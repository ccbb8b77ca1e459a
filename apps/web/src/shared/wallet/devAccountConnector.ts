import type { Chain, EIP1193Provider } from "viem";
import { injected } from "wagmi/connectors";
import { DEV_ACCOUNT_CONNECTOR_ID, localKeyAuthorisedKey } from "./connectorIds.ts";

/**
 * Hardhat's account #0. Its key is published in Hardhat's documentation and funded only on local
 * development chains; it protects nothing. This module is imported only when the local chain is
 * enabled, so production bundles never contain it.
 */
export const HARDHAT_ACCOUNT_0_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
/** The address of that key. */
export const HARDHAT_ACCOUNT_0_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

type Listener = (...args: unknown[]) => void;

/**
 * The Dev account's EIP-1193 provider, created on its first request that needs it: the signing code
 * (viem's accounts, secp256k1) loads when the Dev account connects or reconnects, not with every
 * page. wagmi asks every connector for its accounts at start-up; while the Dev account is not
 * connected that answer needs no key.
 */
function lazyDevProvider(chain: Chain, rpcUrl: string) {
  let real: EIP1193Provider | undefined;
  let loading: Promise<EIP1193Provider> | undefined;
  const pending: [string, Listener][] = [];
  const load = () => {
    loading ??= import("./localKeyProvider.ts").then(({ createLocalKeyProvider }) => {
      const { provider } = createLocalKeyProvider({ privateKey: HARDHAT_ACCOUNT_0_KEY, chain, rpcUrl });
      for (const [event, listener] of pending.splice(0)) provider.on(event as never, listener as never);
      real = provider;
      return provider;
    });
    return loading;
  };
  return {
    async request(args: { method: string; params?: unknown }) {
      const isAuthorised =
        globalThis.localStorage?.getItem(localKeyAuthorisedKey(HARDHAT_ACCOUNT_0_ADDRESS)) === "true";
      if (!real && !isAuthorised && args.method === "eth_accounts") return [];
      return (await load()).request(args as never);
    },
    on(event: string, listener: Listener) {
      if (real) real.on(event as never, listener as never);
      else pending.push([event, listener]);
    },
    removeListener(event: string, listener: Listener) {
      if (real) real.removeListener(event as never, listener as never);
      else {
        const at = pending.findIndex(([e, l]) => e === event && l === listener);
        if (at !== -1) pending.splice(at, 1);
      }
    },
  };
}

export function devAccountConnector(chain: Chain, rpcUrl: string) {
  const provider = lazyDevProvider(chain, rpcUrl);
  return injected({
    target: { id: DEV_ACCOUNT_CONNECTOR_ID, name: "Dev account", provider: () => provider as never },
  });
}
