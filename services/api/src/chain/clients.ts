import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import { unavailable } from "../http/errors.ts";

/**
 * One viem public client per configured chain. Reads issued in the same tick are batched into one
 * multicall (spec §9: batch up to 1024 calls), and the HTTP transport batches JSON-RPC requests.
 */
export class ChainClients {
  private readonly clients = new Map<number, PublicClient>();

  constructor(private readonly rpcUrls: Record<number, string>) {}

  has(chainId: number): boolean {
    return this.rpcUrls[chainId] !== undefined;
  }

  get(chainId: number): PublicClient {
    const cached = this.clients.get(chainId);
    if (cached) return cached;
    const url = this.rpcUrls[chainId];
    if (!url) throw unavailable("errors.api.rpcNotConfigured", { chainId });
    const chain = defineChain({
      id: chainId,
      name: `chain-${chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    });
    const client = createPublicClient({
      chain,
      transport: http(url, { timeout: 10_000, retryCount: 1, batch: { wait: 0 } }),
      batch: { multicall: { batchSize: 1024, wait: 0, deployless: true } },
    }) as PublicClient;
    this.clients.set(chainId, client);
    return client;
  }
}
