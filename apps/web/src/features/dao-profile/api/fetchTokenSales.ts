import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, type TokenInfo } from "../../../shared/chain/tokenInfo.ts";
import { fetchTokenSaleTiers, type TierRecord } from "../../../shared/tracker/tokenSaleApi.ts";

/** The DAO's token sale tiers (from the tracker) with the symbols and decimals of their tokens (one multicall). */
export interface TokenSales {
  tiers: TierRecord[];
  /** The time the tiers' statuses hold at (unix seconds). */
  stateTime: number;
  tokens: Map<string, TokenInfo>;
}

export async function fetchTokenSales(
  client: ReadClient,
  chainId: number,
  pool: Address,
  options: { signal?: AbortSignal } = {},
): Promise<TokenSales> {
  const { tiers, stateTime } = await fetchTokenSaleTiers(chainId, pool, options);
  const tokens = await fetchTokenInfos(
    client,
    chainId,
    tiers.flatMap((tier) => [tier.sale_token, ...tier.purchase_tokens.map((p) => p.token)]),
  );
  return { tiers, stateTime, tokens };
}
