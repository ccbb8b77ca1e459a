/** Staking reads of the indexer's tables (the DAO's StakingProposal, its tiers, a member's positions). */
import { and, eq, gt } from "drizzle-orm";
import type { Address } from "viem";
import type { PageOffset } from "../../http/jsonapi.ts";
import { inPool, orderOf, totalCount } from "../../indexer/expressions.ts";
import { IndexerRepository } from "../../indexer/indexerRepository.ts";

export class StakingRepository extends IndexerRepository {
  /** The DAO's StakingProposal row, or undefined (a DAO deployed before staking existed). */
  async staking(chainId: number, pool: string) {
    const { staking: s } = this.t;
    const [row] = await this.orm
      .select()
      .from(s)
      .where(inPool(s, chainId, pool))
      .limit(1);
    return row;
  }

  /** How many of the DAO's tiers end after `now`. */
  async activeTiers(chainId: number, pool: string, now: number) {
    const { stakingTier: t } = this.t;
    const [row] = await this.orm
      .select({ total: totalCount() })
      .from(t)
      .where(and(inPool(t, chainId, pool), gt(t.endTime, String(now))));
    return row?.total ?? 0;
  }

  /** A DAO's tiers, by id. */
  async tiers(chainId: number, pool: string, page: PageOffset) {
    const { stakingTier: t } = this.t;
    return this.orm
      .select({ tier: t, total: totalCount() })
      .from(t)
      .where(inPool(t, chainId, pool))
      .orderBy(orderOf(page.order)(t.tierId))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** `user`'s positions in a DAO's tiers, by tier id. */
  async positions(chainId: number, pool: string, user: string, page: PageOffset) {
    const { stakingPosition: p } = this.t;
    return this.orm
      .select({ position: p, total: totalCount() })
      .from(p)
      .where(and(inPool(p, chainId, pool), eq(p.user, user as Address)))
      .orderBy(orderOf(page.order)(p.tierId))
      .limit(page.limit)
      .offset(page.offset);
  }
}
