import type { QueryParams } from "@polity/core/queryString";
import type { IndexedMeta } from "@polity/core/records/governance";
import { type PageMeta, pageOf } from "@polity/core/records/jsonapi";
import type { Address } from "viem";
import type * as z from "zod/mini";
import { api } from "../http/api.ts";
import type { TransactionsState } from "../tx/transactionsReducer.ts";
import { transactionsStore } from "../tx/transactionsStore.ts";

/**
 * Client of the api's governance reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/…`):
 * proposal lists, one proposal's indexed record, voting history, validators and a member's
 * proposals. Every answer's `meta.indexed_block` says how far the indexer has come; a read made
 * after one of the app's own transactions waits until the indexer has that transaction's block, so
 * a page never shows history from before the user's vote, execution or claim.
 */

export interface IndexedPage<A> {
  items: A[];
  total: number;
  page: number;
  limit: number;
  pageCount: number;
  meta: IndexedMeta;
  /** The indexer had not reached the app's latest transaction when the wait ran out. */
  isBehind: boolean;
}

export interface IndexedRecord<A> {
  item: A;
  meta: IndexedMeta;
  isBehind: boolean;
}

/** Receipts the app confirmed this recently make reads wait for their block. */
export const RECENT_RECEIPT_MS = 5 * 60_000;
/** How long a read waits for the indexer before showing what it has, with a notice. */
export const INDEXER_WAIT_MS = 20_000;
const POLL_MS = 700;

/** The highest block of a transaction the app confirmed on `chainId` in the last few minutes. */
export function requiredIndexedBlock(
  chainId: number,
  state: TransactionsState = transactionsStore.getState(),
  now: number = Date.now(),
): number {
  let highest = 0;
  for (const record of Object.values(state[chainId] ?? {})) {
    const receipt = record.receipt;
    if (!receipt || !record.confirmedTime || now - record.confirmedTime > RECENT_RECEIPT_MS) continue;
    highest = Math.max(highest, Number(receipt.blockNumber));
  }
  return highest;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export interface IndexedReadOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Overrides for tests. */
  waitMs?: number;
  pollMs?: number;
  minBlock?: number;
  /**
   * Settles once the chain has said the record's subject exists: a 404 is asked again only after
   * it, so a thing the chain does not have is asked for once (its read then aborts this one).
   */
  existsOnChain?: Promise<unknown>;
}

/**
 * GETs an api document and parses it with its record schema (core's `records/governance`); while
 * its `meta.indexed_block` is below the app's latest confirmed transaction on the chain (or a 404
 * says the record is not indexed yet), asks again until `waitMs` runs out, then answers what it has
 * (`isBehind`) — or rethrows the 404.
 */
export async function readIndexed<S extends z.core.$ZodType<{ meta?: Partial<IndexedMeta> }>>(
  chainId: number,
  path: string,
  schema: S,
  options: IndexedReadOptions = {},
): Promise<{ document: z.output<S>; isBehind: boolean }> {
  const minBlock = options.minBlock ?? requiredIndexedBlock(chainId);
  const deadline = Date.now() + (options.waitMs ?? INDEXER_WAIT_MS);
  const request = { query: options.query, isAuthenticated: false, signal: options.signal, schema };
  for (;;) {
    let document: z.output<S>;
    try {
      document = await api.get(path, request);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 404 && minBlock > 0 && Date.now() < deadline) {
        await options.existsOnChain?.catch(() => undefined);
        options.signal?.throwIfAborted();
        await sleep(options.pollMs ?? POLL_MS, options.signal);
        continue;
      }
      throw err;
    }
    const indexed = document.meta?.indexed_block ?? null;
    const isBehind = minBlock > 0 && (indexed === null || indexed < minBlock);
    if (!isBehind || Date.now() >= deadline) return { document, isBehind };
    await sleep(options.pollMs ?? POLL_MS, options.signal);
  }
}

/** One page of an indexed list, read with its list document schema. */
export async function readIndexedPage<A>(
  chainId: number,
  path: string,
  schema: z.core.$ZodType<{ data: { attributes: A }[]; meta: PageMeta & IndexedMeta }>,
  options: IndexedReadOptions = {},
): Promise<IndexedPage<A>> {
  const { document, isBehind } = await readIndexed(chainId, path, schema, options);
  const { indexed_block, indexed_at, state_time } = document.meta;
  return {
    items: document.data.map((resource) => resource.attributes),
    ...pageOf(document.meta),
    meta: { indexed_block, indexed_at, state_time },
    isBehind,
  };
}

/**
 * Every page of an indexed list, `limit` items each, up to `maxPages` pages: `isTruncated` says more remain. The
 * query's `page` order (if any) is kept.
 */
export async function readIndexedPages<A>(
  chainId: number,
  path: string,
  schema: z.core.$ZodType<{ data: { attributes: A }[]; meta: PageMeta & IndexedMeta }>,
  options: IndexedReadOptions & { limit: number; maxPages: number },
): Promise<{ items: A[]; isTruncated: boolean; isBehind: boolean }> {
  const { limit, maxPages, ...read } = options;
  const order = (read.query?.page as { order?: string } | undefined)?.order;
  const items: A[] = [];
  let isBehind = false;
  for (let number = 1; ; number++) {
    const page = await readIndexedPage(chainId, path, schema, {
      ...read,
      query: { ...read.query, page: { number, limit, ...(order ? { order } : {}) } },
    });
    items.push(...page.items);
    isBehind ||= page.isBehind;
    if (number >= page.pageCount) return { items, isTruncated: false, isBehind };
    if (number >= maxPages) return { items, isTruncated: true, isBehind };
  }
}

/** One indexed record, read with its document schema. */
export async function readIndexedRecord<A>(
  chainId: number,
  path: string,
  schema: z.core.$ZodType<{ data: { attributes: A }; meta: IndexedMeta }>,
  options: IndexedReadOptions = {},
): Promise<IndexedRecord<A>> {
  const { document, isBehind } = await readIndexed(chainId, path, schema, options);
  return { item: document.data.attributes, meta: document.meta, isBehind };
}

/** Path prefix of one DAO's governance reads. */
export function governancePath(chainId: number, pool: Address): string {
  return `/integrations/tracker/${chainId}/pools/gov/${pool.toLowerCase()}`;
}
