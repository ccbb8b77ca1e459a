import type { Address } from "viem";
import type { IndexerReader, Queryable } from "../../indexer/indexer.ts";

export interface TokenMeta extends Record<string, unknown> {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  is_nft: boolean;
  price_usd: string;
}

/** Read-only queries over the indexer's schema for the caching proxy. */
export class ProxyCacheRepository {
  private readonly db: Queryable;
  private readonly s: string;

  constructor(indexer: IndexerReader) {
    this.db = indexer.db;
    this.s = indexer.schema;
  }

  async pool(chainId: number, pool: string): Promise<{ gov_token: string; nft: string } | null> {
    const { rows } = await this.db.query<{ gov_token: string; nft: string }>(
      `SELECT gov_token, nft FROM ${this.s}.pool WHERE chain_id = $1 AND address = $2`,
      [chainId, pool],
    );
    return rows[0] ?? null;
  }

  /**
   * Tokens the pool's treasury may hold: those it received in indexed transfers plus every token the
   * chain's PriceFeed prices (a treasury's other assets are only seen through these).
   */
  async treasuryTokens(chainId: number, pool: string): Promise<string[]> {
    const { rows } = await this.db.query<{ token: string }>(
      `SELECT token FROM ${this.s}.treasury_balance WHERE chain_id = $1 AND pool = $2
       UNION
       SELECT token FROM ${this.s}.priced_token WHERE chain_id = $1 AND is_active`,
      [chainId, pool],
    );
    return rows.map((r) => r.token);
  }

  async tokens(chainId: number, addresses: string[]): Promise<Map<string, TokenMeta>> {
    if (addresses.length === 0) return new Map();
    const { rows } = await this.db.query<TokenMeta>(
      `SELECT address, name, symbol, decimals, is_nft, price_usd::text AS price_usd
         FROM ${this.s}.token WHERE chain_id = $1 AND address = ANY($2::text[])`,
      [chainId, addresses],
    );
    return new Map(rows.map((r) => [r.address, r]));
  }

  async holders(
    chainId: number,
    token: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<{ address: string; balance: string }>; total: number }> {
    const { rows } = await this.db.query<{ address: string; balance: string; total: string }>(
      `SELECT address, balance::text AS balance, count(*) OVER ()::text AS total
         FROM ${this.s}.token_holder
        WHERE chain_id = $1 AND token = $2 AND balance > 0
        ORDER BY balance DESC, address ASC
        LIMIT $3 OFFSET $4`,
      [chainId, token, limit, offset],
    );
    return {
      rows: rows.map(({ address, balance }) => ({ address, balance })),
      total: Number(rows[0]?.total ?? 0),
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
    const { rows } = await this.db.query<{
      token: Address;
      token_id: string;
      name: string | null;
      symbol: string | null;
      total: string;
    }>(
      `SELECT o.token, o.token_id::text AS token_id, t.name, t.symbol, count(*) OVER ()::text AS total
         FROM ${this.s}.nft_owner o
         LEFT JOIN ${this.s}.token t ON t.chain_id = o.chain_id AND t.address = o.token
        WHERE o.chain_id = $1 AND o.owner = $2
        ORDER BY o.token ASC, o.token_id ASC
        LIMIT $3 OFFSET $4`,
      [chainId, owner, limit, offset],
    );
    return {
      rows: rows.map(({ total: _total, ...r }) => r),
      total: Number(rows[0]?.total ?? 0),
    };
  }
}
