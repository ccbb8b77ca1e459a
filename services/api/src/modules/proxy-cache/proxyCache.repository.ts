import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { Address } from "viem";
import { totalCount } from "../../indexer/expressions.ts";
import { IndexerRepository } from "../../indexer/indexerRepository.ts";

export interface TokenMeta extends Record<string, unknown> {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  is_nft: boolean;
  price_usd: string;
}

/** Read-only queries over the indexer's tables for the caching proxy, typed by `indexer/tables.ts`. */
export class ProxyCacheRepository extends IndexerRepository {
  async pool(chainId: number, pool: string): Promise<{ gov_token: string; nft: string } | null> {
    const { pool: p } = this.t;
    const rows = await this.orm
      .select({ gov_token: p.govToken, nft: p.nft })
      .from(p)
      .where(and(eq(p.chainId, chainId), eq(p.address, pool as Address)))
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * Tokens a treasury or a member's wallet may hold: those a pool's treasury received in indexed
   * transfers, the DAO tokens a wallet holds, plus every token the chain's PriceFeed prices (other
   * assets are only seen through these).
   */
  async treasuryTokens(chainId: number, pool: string): Promise<string[]> {
    const { treasuryBalance: held, pricedToken: priced, tokenHolder: holder } = this.t;
    const rows = await this.orm
      .select({ token: held.token })
      .from(held)
      .where(and(eq(held.chainId, chainId), eq(held.pool, pool as Address)))
      .union(
        this.orm
          .select({ token: holder.token })
          .from(holder)
          .where(
            and(eq(holder.chainId, chainId), eq(holder.address, pool as Address), gt(holder.balance, "0")),
          ),
      )
      .union(
        this.orm
          .select({ token: priced.token })
          .from(priced)
          .where(and(eq(priced.chainId, chainId), eq(priced.isActive, true))),
      );
    return rows.map((r) => r.token);
  }

  async tokens(chainId: number, addresses: string[]): Promise<Map<string, TokenMeta>> {
    if (addresses.length === 0) return new Map();
    const { token } = this.t;
    const rows = await this.orm
      .select({
        address: token.address,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        is_nft: token.isNft,
        price_usd: token.priceUsd,
      })
      .from(token)
      .where(and(eq(token.chainId, chainId), inArray(token.address, addresses as Address[])));
    return new Map(rows.map((r) => [r.address, r]));
  }

  async holders(
    chainId: number,
    token: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<{ address: string; balance: string }>; total: number }> {
    const { tokenHolder: h } = this.t;
    const rows = await this.orm
      .select({ address: h.address, balance: h.balance, total: totalCount() })
      .from(h)
      .where(and(eq(h.chainId, chainId), eq(h.token, token as Address), gt(h.balance, "0")))
      .orderBy(desc(h.balance), asc(h.address))
      .limit(limit)
      .offset(offset);
    return {
      rows: rows.map(({ address, balance }) => ({ address, balance })),
      total: rows[0]?.total ?? 0,
    };
  }

  async nftsOf(
    chainId: number,
    owner: string,
    limit: number,
    offset: number,
  ): Promise<{
    rows: Array<{ token: Address; token_id: string; name: string | null; symbol: string | null }>;
    total: number;
  }> {
    const { nftOwner: o, token: t } = this.t;
    const rows = await this.orm
      .select({ token: o.token, token_id: o.tokenId, name: t.name, symbol: t.symbol, total: totalCount() })
      .from(o)
      .leftJoin(t, and(eq(t.chainId, o.chainId), eq(t.address, o.token)))
      .where(and(eq(o.chainId, chainId), eq(o.owner, owner as Address)))
      .orderBy(asc(o.token), asc(o.tokenId))
      .limit(limit)
      .offset(offset);
    return {
      rows: rows.map(({ total: _total, ...r }) => r),
      total: rows[0]?.total ?? 0,
    };
  }
}
