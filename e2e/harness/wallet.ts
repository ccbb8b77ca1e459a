import type { Page } from "playwright-core";
import { createWalletClient, type Hex, http, numberToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";

declare global {
  interface Window {
    /** The page script's event emitter (PROVIDER_SCRIPT below): tells the app of a wallet event. */
    __polityEmit(event: string, value: unknown): void;
  }
}

export interface TestWalletOptions {
  privateKey: Hex;
  rpcUrl: string;
  chainId?: number;
  /** Chains `wallet_switchEthereumChain` accepts (default: the local chain only). */
  knownChainIds?: number[];
  /** Answer every signature request with a 4001 rejection. */
  rejectSignatures?: boolean;
}

export interface TestWallet {
  address: Hex;
  /** Moves the wallet to another chain and tells the page (`chainChanged`). */
  switchChain(chainId: number): Promise<void>;
  /** Every JSON-RPC method the page asked the wallet for. */
  calls: string[];
  setRejectSignatures(reject: boolean): void;
}

/**
 * An EIP-1193 provider announced through EIP-6963 ("Polity Test Wallet") and set as
 * `window.ethereum`. Signing happens in Node with a local key; reads go to the chain's node.
 * `eth_accounts` stays empty until the page asks for accounts, as a real extension does.
 */
export async function injectWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey);
  let chainId = options.chainId ?? hardhat.id;
  const known = new Set(options.knownChainIds ?? [hardhat.id]);
  let isAuthorised = false;
  let rejectSignatures = options.rejectSignatures ?? false;
  const calls: string[] = [];
  const wallet = createWalletClient({
    account,
    chain: { ...hardhat, rpcUrls: { default: { http: [options.rpcUrl] } } },
    transport: http(options.rpcUrl),
  });

  const rejection = { code: 4001, message: "User rejected the request." };

  async function forward(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(options.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw body.error;
    return body.result;
  }

  await page.exposeFunction("__polityTestWallet", async (method: string, params: unknown[] = []) => {
    calls.push(method);
    try {
      switch (method) {
        case "eth_requestAccounts":
          isAuthorised = true;
          return { result: [account.address] };
        case "eth_accounts":
          return { result: isAuthorised ? [account.address] : [] };
        case "eth_chainId":
          return { result: numberToHex(chainId) };
        case "net_version":
          return { result: String(chainId) };
        case "wallet_requestPermissions":
          isAuthorised = true;
          return { result: [{ parentCapability: "eth_accounts" }] };
        case "wallet_revokePermissions":
          isAuthorised = false;
          return { result: null, emit: ["accountsChanged", []] };
        case "wallet_switchEthereumChain": {
          const target = Number((params[0] as { chainId: Hex }).chainId);
          if (!known.has(target)) return { error: { code: 4902, message: "Unrecognized chain ID" } };
          chainId = target;
          return { result: null, emit: ["chainChanged", numberToHex(target)] };
        }
        case "personal_sign": {
          if (rejectSignatures) return { error: rejection };
          return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
        }
        case "eth_signTypedData_v4": {
          if (rejectSignatures) return { error: rejection };
          return { result: await account.signTypedData(JSON.parse(params[1] as string)) };
        }
        case "eth_sendTransaction": {
          if (rejectSignatures) return { error: rejection };
          const tx = params[0] as { to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
          const hash = await wallet.sendTransaction({
            to: tx.to ?? null,
            data: tx.data,
            value: tx.value ? BigInt(tx.value) : undefined,
            gas: tx.gas ? BigInt(tx.gas) : undefined,
          });
          return { result: hash };
        }
        default:
          return { result: await forward(method, params) };
      }
    } catch (err) {
      const e = err as { code?: number; message?: string };
      return { error: { code: e.code ?? -32603, message: e.message ?? String(err) } };
    }
  });

  // A string, not a function: the TypeScript loader adds helpers to functions that the page lacks.
  await page.addInitScript(PROVIDER_SCRIPT);

  return {
    address: account.address,
    calls,
    setRejectSignatures(reject) {
      rejectSignatures = reject;
    },
    async switchChain(next) {
      chainId = next;
      await page.evaluate((hex) => window.__polityEmit("chainChanged", hex), numberToHex(next));
    },
  };
}

/** The page side: an EIP-1193 provider forwarding to `__polityTestWallet`, announced per EIP-6963. */
const PROVIDER_SCRIPT = `(() => {
  const bridge = window.__polityTestWallet;
  const listeners = new Map();
  const emit = (event, value) => {
    for (const listener of listeners.get(event) ?? []) listener(value);
  };
  const provider = {
    isPolityTestWallet: true,
    async request({ method, params }) {
      const answer = await bridge(method, params ?? []);
      if (answer.emit) setTimeout(() => emit(answer.emit[0], answer.emit[1]), 0);
      if (answer.error) {
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        throw error;
      }
      return answer.result;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  window.ethereum = provider;
  window.__polityEmit = emit;
  const info = {
    uuid: "0b8f5b6e-4d0c-4f55-9c3c-2d6c7f1f5e01",
    name: "Polity Test Wallet",
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%235566ff'/%3E%3C/svg%3E",
    rdns: "dev.polity.testwallet",
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();`;
