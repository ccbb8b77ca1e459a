import type { WalletBalanceRecord } from "@polity/core/records/proxyCache";
import { walletBalancesDocument } from "@polity/core/records/proxyCache";
import type { Address } from "viem";
import { api } from "../../../shared/http/api.ts";

/** The DAO treasury's token balances (spec section 3), and the price service's error when it had one. */
export interface Treasury {
  balances: WalletBalanceRecord[];
  error: string | undefined;
}

/** The treasury of `pool` from the api's price cache. */
export async function fetchTreasury(
  chainId: number,
  pool: Address,
  options: { signal?: AbortSignal } = {},
): Promise<Treasury> {
  const document = await api.get(`/integrations/api-proxy-cache/${chainId}/wallet-balances/${pool}`, {
    schema: walletBalancesDocument,
    query: { page_size: 100 },
    isAuthenticated: false,
    signal: options.signal,
  });
  return { balances: document.data.attributes.balances, error: document.meta?.error?.detail };
}
