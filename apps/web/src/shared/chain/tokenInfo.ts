import { getChain } from "@polity/core/chains";
import { type Address, erc20Abi } from "viem";
import { readBatch, readCall } from "./readBatch.ts";
import type { ReadClient } from "./readClient.ts";

/** The contracts' address for the chain's native coin (a token sale's payment token). */
export const NATIVE_TOKEN: Address = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

export function isNativeToken(token: string): boolean {
  return token.toLowerCase() === NATIVE_TOKEN.toLowerCase();
}

/** What a page shows of a token: its symbol and the decimals of its amounts. */
export interface TokenInfo {
  address: Address;
  symbol: string;
  decimals: number;
}

/**
 * Symbol and decimals of each token (one multicall); the native coin's address answers the chain's
 * currency. A token whose reads fail shows its shortened address and 18 decimals.
 */
export async function fetchTokenInfos(
  client: ReadClient,
  chainId: number,
  tokens: readonly Address[],
): Promise<Map<string, TokenInfo>> {
  const unique = [...new Set(tokens.map((t) => t.toLowerCase() as Address))];
  const erc20s = unique.filter((t) => !isNativeToken(t));
  const reads = await readBatch(client, {
    symbols: erc20s.map((address) => readCall({ address, abi: erc20Abi }, "symbol")),
    decimals: erc20s.map((address) => readCall({ address, abi: erc20Abi }, "decimals")),
  });
  const infos = new Map<string, TokenInfo>();
  for (const token of unique) {
    if (isNativeToken(token)) {
      const { symbol, decimals } = getChain(chainId).nativeCurrency;
      infos.set(token, { address: token, symbol, decimals });
    }
  }
  erc20s.forEach((address, i) => {
    infos.set(address, {
      address,
      symbol: reads.symbols[i] ?? `${address.slice(0, 6)}…${address.slice(-4)}`,
      decimals: reads.decimals[i] ?? 18,
    });
  });
  return infos;
}

/** The info of `token` in `infos` (any case of the address). */
export function tokenInfoOf(infos: Map<string, TokenInfo>, token: string): TokenInfo {
  return (
    infos.get(token.toLowerCase()) ?? {
      address: token as Address,
      symbol: `${token.slice(0, 6)}…${token.slice(-4)}`,
      decimals: 18,
    }
  );
}
