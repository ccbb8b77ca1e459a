import { priceFeedAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import type { Address } from "viem";
import type { ChainClients } from "../../chain/clients.ts";
import type { TokenMeta } from "./proxyCache.repository.ts";
import type { PriceSource } from "./proxyCache.service.ts";

type PriceDeployment = { PriceFeed?: Address };

/**
 * USD prices (18 decimals) from the chain's PriceFeed in one batched `getUSDPrices` call, and the
 * price the indexer last stored for each token. Spec §9: where two prices are available the higher
 * is used; when the chain read fails the stored price still answers.
 */
export function chainPriceSource(chains: ChainClients): PriceSource {
  return {
    async usdPrices(chainId: number, tokens: TokenMeta[]) {
      const stored = new Map(tokens.map((t) => [t.address, BigInt(t.price_usd)]));
      const feed = (deployments as Readonly<Record<number, PriceDeployment | undefined>>)[chainId]?.PriceFeed;
      if (!feed || tokens.length === 0 || !chains.has(chainId)) return stored;
      const live = await chains
        .get(chainId)
        .readContract({
          address: feed,
          abi: priceFeedAbi,
          functionName: "getUSDPrices",
          args: [tokens.map((t) => t.address as Address)],
        })
        .catch(() => null);
      if (!live) return stored;
      return new Map(
        tokens.map((t, i) => {
          const a = live[i] ?? 0n;
          const b = stored.get(t.address) ?? 0n;
          return [t.address, a > b ? a : b];
        }),
      );
    },
  };
}
