/**
 * Token sale reads of the indexer's tables (tiers, participants, purchases; typed Drizzle queries over
 * `indexer/tables.ts`) and the api's own Merkle whitelists (schema `api`).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "../../db/pool.ts";
import type { PageOffset } from "../../http/jsonapi.ts";
import { inPool, orderOf, totalCount } from "../../indexer/expressions.ts";
import { IndexerRepository } from "../../indexer/indexerRepository.ts";

export class TokenSaleRepository extends IndexerRepository {
  /** A DAO's tiers, by id (`tierId` given: that one). */
  async tiers(chainId: number, pool: string, page: PageOffset, tierId: string | null = null) {
    const { tokenSaleTier: t } = this.t;
    const where = [inPool(t, chainId, pool)];
    if (tierId !== null) where.push(eq(t.tierId, tierId));
    return this.orm
      .select({ tier: t, total: totalCount() })
      .from(t)
      .where(and(...where))
      .orderBy(orderOf(page.order)(t.tierId))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** `user`'s positions in a DAO's tiers, with the tiers they belong to. */
  async participants(chainId: number, pool: string, user: string, page: PageOffset) {
    const { tokenSaleParticipant: p, tokenSaleTier: t } = this.t;
    return this.orm
      .select({ participant: p, tier: t, total: totalCount() })
      .from(p)
      .innerJoin(t, and(eq(t.chainId, p.chainId), eq(t.tokenSale, p.tokenSale), eq(t.tierId, p.tierId)))
      .where(and(inPool(p, chainId, pool), eq(p.user, user as Address)))
      .orderBy(orderOf(page.order)(p.tierId))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** `user`'s purchases in the given tiers of a DAO, oldest first. */
  async purchases(chainId: number, pool: string, user: string, tierIds: string[]) {
    if (tierIds.length === 0) return [];
    const { tokenSalePurchase: b } = this.t;
    return this.orm
      .select()
      .from(b)
      .where(and(inPool(b, chainId, pool), eq(b.buyer, user as Address), inArray(b.tierId, tierIds)))
      .orderBy(asc(b.blockNumber), asc(b.logIndex));
  }
}

/** Distributions (DistributionProposal) of the indexer's tables. */
export class DistributionRepository extends IndexerRepository {
  /** The DAO's token sale and distribution executors. */
  async executors(chainId: number, pool: string) {
    const { pool: p } = this.t;
    const [row] = await this.orm
      .select({ tokenSale: p.tokenSaleProposal, distribution: p.distributionProposal })
      .from(p)
      .where(and(eq(p.chainId, chainId), eq(p.address, pool as Address)))
      .limit(1);
    return row ?? { tokenSale: null, distribution: null };
  }

  /** A proposal's distribution, the proposal's raw votes for and whether it executed for. */
  async distribution(chainId: number, pool: string, proposalId: string) {
    const { distribution: d, proposal: p } = this.t;
    const [[funded], [proposal]] = await Promise.all([
      this.orm
        .select()
        .from(d)
        .where(and(inPool(d, chainId, pool), eq(d.proposalId, proposalId)))
        .limit(1),
      this.orm
        .select({ rawVotesFor: p.rawVotesFor, executedFor: p.executedFor })
        .from(p)
        .where(and(inPool(p, chainId, pool), eq(p.proposalId, proposalId)))
        .limit(1),
    ]);
    return { funded: funded ?? null, proposal: proposal ?? null };
  }

  /** `voter`'s personal vote in a proposal (vote type 0) and their claim of its distribution. */
  async voter(chainId: number, pool: string, proposalId: string, voter: string) {
    const { vote: v, distributionClaim: c } = this.t;
    const [[vote], [claim]] = await Promise.all([
      this.orm
        .select({ amount: v.amount, isVoteFor: v.isVoteFor, isCancelled: v.isCancelled })
        .from(v)
        .where(
          and(
            inPool(v, chainId, pool),
            eq(v.proposalId, proposalId),
            eq(v.voter, voter as Address),
            eq(v.voteType, 0),
          ),
        )
        .limit(1),
      this.orm
        .select({ amount: c.amount })
        .from(c)
        .where(and(inPool(c, chainId, pool), eq(c.proposalId, proposalId), eq(c.voter, voter as Address)))
        .limit(1),
    ]);
    return { vote: vote ?? null, claim: claim ?? null };
  }
}

export interface WhitelistRow {
  root: string;
  chain_id: number;
  pool_address: Address;
  addresses: Address[];
  tree: unknown;
  created_at: Date;
}

export class MerkleWhitelistRepository {
  constructor(private readonly db: Db) {}

  /** Content addressing makes the insert idempotent: a root always names the same list. */
  async put(row: Omit<WhitelistRow, "created_at">, createdBy: string): Promise<void> {
    await this.db.query(
      `INSERT INTO api.merkle_whitelists (root, chain_id, pool_address, addresses, tree, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (root) DO NOTHING`,
      [
        row.root,
        row.chain_id,
        row.pool_address,
        JSON.stringify(row.addresses),
        JSON.stringify(row.tree),
        createdBy,
      ],
    );
  }

  async get(root: string): Promise<WhitelistRow | null> {
    const { rows } = await this.db.query<WhitelistRow>(
      `SELECT root, chain_id, pool_address, addresses, tree, created_at FROM api.merkle_whitelists WHERE root = $1`,
      [root],
    );
    return rows[0] ?? null;
  }
}
