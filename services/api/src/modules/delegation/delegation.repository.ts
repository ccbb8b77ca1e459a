/**
 * Delegation reads of the indexer's tables (delegations, their history, delegatees' balances and experts):
 * typed Drizzle queries over `indexer/tables.ts`.
 */
import { and, asc, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Address } from "viem";
import type { PageOffset } from "../../http/jsonapi.ts";
import { orderOf, totalCount } from "../../indexer/expressions.ts";
import { IndexerRepository } from "../../indexer/indexerRepository.ts";

export class DelegationRepository extends IndexerRepository {
  /** Live delegations (power above zero) of one DAO to `delegatee` (incoming) or from `delegator`
   * (outgoing; every DAO of the chain when `pool` is null), largest first (`asc`: smallest first). */
  async delegations(
    chainId: number,
    pool: string | null,
    side: { delegatee: string } | { delegator: string },
    page: PageOffset,
  ) {
    const { delegation: d } = this.t;
    const where = [eq(d.chainId, chainId), gt(d.power, "0")];
    if (pool !== null) where.push(eq(d.pool, pool as Address));
    if ("delegatee" in side) where.push(eq(d.delegatee, side.delegatee as Address));
    else where.push(eq(d.delegator, side.delegator as Address));
    return this.orm
      .select({ delegation: d, total: totalCount() })
      .from(d)
      .where(and(...where))
      .orderBy(orderOf(page.order)(d.power), asc(d.delegator), asc(d.delegatee))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Delegation changes of one DAO, newest first (`asc`: oldest first), filtered by either side. */
  async history(
    chainId: number,
    pool: string,
    filter: { delegator?: string; delegatee?: string },
    page: PageOffset,
  ) {
    const { delegationEvent: e } = this.t;
    const where = [eq(e.chainId, chainId), eq(e.pool, pool as Address)];
    if (filter.delegator) where.push(eq(e.delegator, filter.delegator as Address));
    if (filter.delegatee) where.push(eq(e.delegatee, filter.delegatee as Address));
    const order = orderOf(page.order);
    return this.orm
      .select({ event: e, total: totalCount() })
      .from(e)
      .where(and(...where))
      .orderBy(order(e.blockNumber), order(e.logIndex))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Delegatees of one DAO holding a micropool or a treasury delegation, largest micropool first. */
  async delegatees(chainId: number, pool: string, page: PageOffset, account: string | null = null) {
    const { delegatee: a } = this.t;
    const where = [eq(a.chainId, chainId), eq(a.pool, pool as Address)];
    if (account !== null) where.push(eq(a.account, account as Address));
    else where.push(or(gt(a.micropoolPower, "0"), gt(a.treasuryPower, "0"))!);
    return this.orm
      .select({ delegatee: a, total: totalCount() })
      .from(a)
      .where(and(...where))
      .orderBy(orderOf(page.order)(a.micropoolPower), desc(a.treasuryPower), asc(a.account))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Active expert badges of `accounts` valid in a DAO: its local badge or the protocol's global one. */
  async expertsAmong(chainId: number, pool: string, accounts: string[]) {
    if (accounts.length === 0) return [];
    const { expert: x } = this.t;
    return this.orm
      .select({ address: x.address, isGlobal: x.isGlobal })
      .from(x)
      .where(
        and(
          eq(x.chainId, chainId),
          eq(x.isActive, true),
          inArray(x.address, accounts as Address[]),
          or(eq(x.pool, pool as Address), and(eq(x.isGlobal, true), isNull(x.pool))),
        ),
      );
  }

  /** The experts of a DAO (its local badges, then the global ones), by address, with their balances there. */
  async experts(chainId: number, pool: string, page: PageOffset) {
    const { expert: x, delegatee: a } = this.t;
    return this.orm
      .select({ expert: x, delegatee: a, total: totalCount() })
      .from(x)
      .leftJoin(a, and(eq(a.chainId, x.chainId), eq(a.pool, pool as Address), eq(a.account, x.address)))
      .where(
        and(
          eq(x.chainId, chainId),
          eq(x.isActive, true),
          or(eq(x.pool, pool as Address), and(eq(x.isGlobal, true), isNull(x.pool))),
        ),
      )
      .orderBy(asc(x.isGlobal), orderOf(page.order)(x.address))
      .limit(page.limit)
      .offset(page.offset);
  }
}
