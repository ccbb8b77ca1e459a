import {
  type DelegateeRecord,
  type DelegationRecord,
  delegateeListDocument,
  delegationListDocument,
} from "@polity/core/records/delegation";
import type { Address } from "viem";
import { governancePath, type IndexedPage, readIndexedPage } from "./governanceApi.ts";

/**
 * Client of the api's delegation reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/…`): a
 * member's delegations out and in, and the DAO's experts with their micropools. Reads after one of
 * the app's own transactions wait for the indexer like every governance read.
 */

export type { DelegateeRecord, DelegationRecord };

/** Rows per page of the delegation lists. */
export const DELEGATION_PAGE_SIZE = 20;

interface PageOptions {
  page?: number;
  limit?: number;
  signal?: AbortSignal;
}

function pageQuery({ page = 1, limit = DELEGATION_PAGE_SIZE }: PageOptions) {
  return { page: { number: page, limit } };
}

/** What `delegator` delegates in the DAO, largest first. */
export function fetchOutgoingDelegations(
  chainId: number,
  pool: Address,
  delegator: Address,
  options: PageOptions = {},
): Promise<IndexedPage<DelegationRecord>> {
  return readIndexedPage(
    chainId,
    `${governancePath(chainId, pool)}/delegations/outgoing/${delegator.toLowerCase()}`,
    delegationListDocument,
    { query: pageQuery(options), signal: options.signal },
  );
}

/** What is delegated to `delegatee` in the DAO (its micropool), largest first. */
export function fetchIncomingDelegations(
  chainId: number,
  pool: Address,
  delegatee: Address,
  options: PageOptions = {},
): Promise<IndexedPage<DelegationRecord>> {
  return readIndexedPage(
    chainId,
    `${governancePath(chainId, pool)}/delegations/incoming/${delegatee.toLowerCase()}`,
    delegationListDocument,
    { query: pageQuery(options), signal: options.signal },
  );
}

/** The DAO's experts (local badges, then global ones) with their micropool and delegator count. */
export function fetchExperts(
  chainId: number,
  pool: Address,
  options: PageOptions = {},
): Promise<IndexedPage<DelegateeRecord>> {
  return readIndexedPage(chainId, `${governancePath(chainId, pool)}/experts`, delegateeListDocument, {
    query: pageQuery(options),
    signal: options.signal,
  });
}

/** Most delegations of one member in one DAO read to find one pair. */
export const MAX_PAIR_SCAN = 1000;

/** What `delegator` delegates to `delegatee` in the DAO now, or null when nothing. */
export async function fetchDelegationPair(
  chainId: number,
  pool: Address,
  delegator: Address,
  delegatee: Address,
  signal?: AbortSignal,
): Promise<DelegationRecord | null> {
  const page = await fetchOutgoingDelegations(chainId, pool, delegator, {
    page: 1,
    limit: MAX_PAIR_SCAN,
    signal,
  });
  return page.items.find((d) => d.delegatee.toLowerCase() === delegatee.toLowerCase()) ?? null;
}
