import {
  type Address,
  type Chain,
  createWalletClient,
  type Hex,
  http,
  numberToHex,
  ProviderRpcError,
  UserRejectedRequestError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { localKeyAuthorisedKey } from "./connectorIds.ts";
import { eip1193Events, eip1193Provider, type RpcRequest } from "./eip1193Provider.ts";

/**
 * An EIP-1193 provider that signs with a private key held in the page and forwards reads to the
 * chain's node. Used only for the local development chain, with Hardhat's publicly-known keys.
 */
export function createLocalKeyProvider(parameters: { privateKey: Hex; chain: Chain; rpcUrl: string }) {
  const account = privateKeyToAccount(parameters.privateKey);
  const wallet = createWalletClient({ account, chain: parameters.chain, transport: http(parameters.rpcUrl) });
  const events = eip1193Events();
  const storageKey = localKeyAuthorisedKey(account.address);
  // Remembered so that a reload reconnects, as a browser wallet would.
  let isAuthorised = globalThis.localStorage?.getItem(storageKey) === "true";
  const setAuthorised = (value: boolean) => {
    isAuthorised = value;
    globalThis.localStorage?.setItem(storageKey, String(value));
  };

  async function forward(request: RpcRequest): Promise<unknown> {
    const response = await fetch(parameters.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: request.method, params: request.params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error)
      throw new ProviderRpcError(new Error(body.error.message), {
        code: body.error.code,
        shortMessage: body.error.message,
      });
    return body.result;
  }

  const chainIdHex = numberToHex(parameters.chain.id);

  async function answer(request: RpcRequest): Promise<unknown> {
    const params = (request.params ?? []) as unknown[];
    switch (request.method) {
      case "eth_requestAccounts":
        setAuthorised(true);
        events.emit("connect", (listener) => listener({ chainId: chainIdHex }));
        return [account.address];
      case "eth_accounts":
        return isAuthorised ? [account.address] : [];
      case "eth_chainId":
        return chainIdHex;
      case "wallet_requestPermissions":
        setAuthorised(true);
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_revokePermissions":
        setAuthorised(false);
        events.emit("accountsChanged", (listener) => listener([]));
        return null;
      case "wallet_switchEthereumChain": {
        const [target] = params as [{ chainId: Hex }];
        if (target?.chainId?.toLowerCase() === chainIdHex) return null;
        throw new ProviderRpcError(new Error("Unrecognized chain"), {
          code: 4902,
          shortMessage: "Unrecognized chain",
        });
      }
      case "personal_sign": {
        if (!isAuthorised) throw new UserRejectedRequestError(new Error("Not connected"));
        const [message] = params as [Hex, Address];
        return account.signMessage({ message: { raw: message } });
      }
      case "eth_signTypedData_v4": {
        if (!isAuthorised) throw new UserRejectedRequestError(new Error("Not connected"));
        const [, json] = params as [Address, string];
        const typed = JSON.parse(json) as Parameters<typeof account.signTypedData>[0];
        return account.signTypedData(typed);
      }
      case "eth_sendTransaction": {
        if (!isAuthorised) throw new UserRejectedRequestError(new Error("Not connected"));
        const [tx] = params as [{ to?: Address; data?: Hex; value?: Hex; gas?: Hex }];
        return wallet.sendTransaction({
          to: tx.to ?? null,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      default:
        return forward(request);
    }
  }
  // `answer` too: a provider wrapping this one forwards requests by method name.
  return { address: account.address, answer, provider: eip1193Provider(answer, events) };
}
