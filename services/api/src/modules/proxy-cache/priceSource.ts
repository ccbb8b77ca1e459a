import type { TokenMeta } from "./proxyCache.repository.ts";
import type { PriceSource } from "./proxyCache.service.ts";

/**
 * Prices as the indexer last read them from the protocol's PriceFeed (refreshed at most hourly per
 * token, the higher of two sources where two exist — packages/indexer/README.md).
 */
export const indexedPriceSource: PriceSource = {
  async usdPrices(_chainId: number, tokens: TokenMeta[]) {
    return new Map(tokens.map((t) => [t.address, BigInt(t.price_usd)]));
  },
};
