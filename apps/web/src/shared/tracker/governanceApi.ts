import type { IndexedMeta } from "@polity/core/governanceRecords";
import type { QueryParams } from "@polity/core/queryString";
import type { Address } from "viem";
import { api } from "../http/api.ts";
import type { RequestOptions } from "../http/httpClient.ts";
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
}

/**
 * GETs an api document; while its `meta.indexed_block` is below the app's latest confirmed
 * transaction on the chain (or a 404 says the record is not indexed yet), asks again until
 * `waitMs` runs out, then answers what it has (`isBehind`) — or rethrows the 404.
 */
export async function readIndexed<D extends { meta?: Partial<IndexedMeta> }>(
  chainId: number,
  path: string,
  options: IndexedReadOptions = {},
): Promise<{ document: D; isBehind: boolean }> {
  const minBlock = options.minBlock ?? requiredIndexedBlock(chainId);
  const deadline = Date.now() + (options.waitMs ?? INDEXER_WAIT_MS);
  const request: RequestOptions = { query: options.query, isAuthenticated: false, signal: options.signal };
  for (;;) {
    let document: D;
    try {
      document = await api.get<D>(path, request);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 404 && minBlock > 0 && Date.now() < deadline) {
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

interface ListDocument<A> {
  data: { id: string; type: string; attributes: A }[];
  meta: { total_count: number; page_number: number; page_limit: number } & IndexedMeta;
}

export async function readIndexedPage<A>(
  chainId: number,
  path: string,
  options: IndexedReadOptions = {},
): Promise<IndexedPage<A>> {
  const { document, isBehind } = await readIndexed<ListDocument<A>>(chainId, path, options);
  const { total_count, page_number, page_limit, indexed_block, indexed_at, state_time } = document.meta;
  return {
    items: document.data.map((resource) => resource.attributes),
    total: total_count,
    page: page_number,
    limit: page_limit,
    pageCount: Math.max(1, Math.ceil(total_count / page_limit)),
    meta: { indexed_block, indexed_at, state_time },
    isBehind,
  };
}

export async function readIndexedRecord<A>(
  chainId: number,
  path: string,
  options: IndexedReadOptions = {},
): Promise<IndexedRecord<A>> {
  const { document, isBehind } = await readIndexed<{ data: { attributes: A }; meta: IndexedMeta }>(
    chainId,
    path,
    options,
  );
  return { item: document.data.attributes, meta: document.meta, isBehind };
}

/** Path prefix of one DAO's governance reads. */
export function governancePath(chainId: number, pool: Address): string {
  return `/integrations/tracker/${chainId}/pools/gov/${pool.toLowerCase()}`;
}
