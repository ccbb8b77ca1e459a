import type { WalletBalanceRecord } from "@polity/core/records/proxyCache";
import { type Address, erc20Abi } from "viem";
import type { ChainClients } from "../../chain/clients.ts";
import { formatUnitsString } from "../../indexer/units.ts";
import type { ProxyCacheRepository, TokenMeta } from "./proxyCache.repository.ts";

/** Spec §3: the native coin is represented by a placeholder address made of repeated e characters. */
export const NATIVE_TOKEN: Address = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
const USD_SCALE = 10n ** 18n;

export type BalanceRow = WalletBalanceRecord;

/** Reads the USD price (18 decimals per whole token) of tokens on a chain; missing prices read 0. */
export interface PriceSource {
  usdPrices(chainId: number, tokens: TokenMeta[]): Promise<Map<string, bigint>>;
}

export class ProxyCacheService {
  constructor(
    private readonly repo: ProxyCacheRepository,
    private readonly chains: ChainClients,
    private readonly prices: PriceSource,
    private readonly nativeSymbol: (chainId: number) => { name: string; symbol: string },
  ) {}

  /**
   * Treasury balances of a pool: every token its treasury received according to the indexer plus
   * its governance token and the native coin, read on chain in one multicall burst; only positive
   * balances are listed (spec §9), highest USD value first.
   */
  async walletBalances(chainId: number, pool: Address): Promise<BalanceRow[]> {
    const client = this.chains.get(chainId);
    const poolRow = await this.repo.pool(chainId, pool);
    const candidates = new Set(await this.repo.treasuryTokens(chainId, pool));
    if (poolRow && poolRow.gov_token !== ZERO_ADDRESS) candidates.add(poolRow.gov_token);
    candidates.delete(ZERO_ADDRESS);
    candidates.delete(NATIVE_TOKEN);
    const tokenList = [...candidates] as Address[];
    const known = await this.repo.tokens(chainId, tokenList);

    const [nativeBalance, balances, metas] = await Promise.all([
      client.getBalance({ address: pool }),
      Promise.all(
        tokenList.map((token) =>
          client
            .readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [pool] })
            .catch(() => 0n),
        ),
      ),
      Promise.all(tokenList.map((token) => this.tokenMeta(chainId, token, known.get(token)))),
    ]);

    const native = this.nativeSymbol(chainId);
    const rows: Array<{ meta: TokenMeta; balance: bigint }> = [
      {
        meta: {
          address: NATIVE_TOKEN,
          name: native.name,
          symbol: native.symbol,
          decimals: 18,
          is_nft: false,
          price_usd: "0",
        },
        balance: nativeBalance,
      },
      ...tokenList.map((_, i) => ({ meta: metas[i] as TokenMeta, balance: balances[i] ?? 0n })),
    ].filter((r) => r.balance > 0n && !r.meta.is_nft);

    const prices = await this.prices.usdPrices(
      chainId,
      rows.map((r) => r.meta),
    );
    return rows
      .map(({ meta, balance }) => {
        const price = prices.get(meta.address) ?? 0n;
        const value = (balance * price) / 10n ** BigInt(meta.decimals);
        return {
          value,
          row: {
            token_address: meta.address,
            name: meta.name,
            symbol: meta.symbol,
            decimals: meta.decimals,
            logo: null,
            balance: balance.toString(),
            price_usd: formatUnitsString(price),
            usd_price: formatUnitsString(price),
            balance_usd: formatUnitsString(value),
          },
        };
      })
      .sort((a, b) =>
        a.value === b.value
          ? a.row.token_address.localeCompare(b.row.token_address)
          : a.value > b.value
            ? -1
            : 1,
      )
      .map((r) => r.row);
  }

  private async tokenMeta(chainId: number, token: Address, known: TokenMeta | undefined): Promise<TokenMeta> {
    if (known) return known;
    const client = this.chains.get(chainId);
    const [name, symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: "name" }).catch(() => ""),
      client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }).catch(() => ""),
      client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }).catch(() => 18),
    ]);
    return {
      address: token.toLowerCase() as Address,
      name,
      symbol,
      decimals: Number(decimals),
      is_nft: false,
      price_usd: "0",
    };
  }
}

export { USD_SCALE };
