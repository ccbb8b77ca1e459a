import type { QueryParams } from "@polity/core/queryString";
import type { TransactionsState } from "@polity/core/state/transactions";
import type { Address } from "viem";
import { api } from "../http/api.ts";
import type { RequestOptions } from "../http/httpClient.ts";
import { transactionsStore } from "../tx/transactionsStore.ts";

/**
 * Client of the api's governance reads (`/integrations/tracker/{chainId}/pools/gov/{pool}/…`):
 * proposal lists, one proposal's indexed record, voting history, validators and a member's
 * proposals. Every answer's `meta.indexed_block` says how far the indexer has come; a read made
 * after one of the app's own transactions waits until the indexer has that transaction's block, so
 * a page never shows history from before the user's vote, execution or claim.
 */

export interface IndexedMeta {
  indexed_block: number | null;
  indexed_at: number | null;
  /** The time the api judged the computed states at (unix seconds). */
  state_time: number;
}

export interface ValidatorsStageRecord {
  vote_end: number;
  quorum: string;
  votes_for: string;
  votes_against: string;
  quorum_reached_at: number | null;
  execute_after: number | null;
  executed_at: number | null;
}

/** A proposal as the indexer knows it; amounts are decimal strings. */
export interface IndexedProposal {
  chain_id: number;
  pool_address: Address;
  proposal_id: string;
  /** Spec state (0-9) computed from the indexed fields at `meta.state_time`. */
  state: number;
  creator: Address;
  description_url: string;
  executor: Address;
  settings_id: string | null;
  has_actions_on_against: boolean;
  quorum_votes: string;
  votes_for: string;
  votes_against: string;
  raw_votes_for: string;
  raw_votes_against: string;
  voters_count: number;
  early_completion: boolean;
  validators_vote: boolean;
  execution_delay: string;
  vote_end: number;
  created_at: number;
  created_block: string;
  created_tx: string;
  quorum_reached_at: number | null;
  execute_after: number | null;
  moved_to_validators_at: number | null;
  moved_by: Address | null;
  executed_at: number | null;
  executed_for: boolean | null;
  executed_by: Address | null;
  executed_tx: string | null;
  validators_stage: ValidatorsStageRecord | null;
}

export interface TimelineEventRecord {
  event: "published" | "quorum_reached" | "moved_to_validators" | "validators_quorum_reached" | "executed";
  timestamp: number;
  block_number: string | null;
  tx_hash: string | null;
  actor: Address | null;
}

export interface IndexedProposalDetail extends IndexedProposal {
  actions_on_for: { executor: Address; value: string; data: `0x${string}` }[];
  actions_on_against: { executor: Address; value: string; data: `0x${string}` }[];
  timeline: TimelineEventRecord[];
  validator_votes: { voter: Address; voted_for: string; voted_against: string; updated_at: number }[];
  /** Present when the read named a `user`: the rewards paid to that address for this proposal. */
  user_claims?: { token: Address; amount: string; timestamp: number; tx_hash: string }[];
  user_has_claimed?: boolean;
}

export interface InteractionRecord {
  voter: Address;
  /** Spec: vote for 1, vote against 2, cancel vote 3. */
  interaction: 1 | 2 | 3;
  vote_type: number;
  is_vote_for: boolean;
  amount: string;
  total_raw_voted: string;
  total_voted: string;
  nft_ids: string[];
  block_number: string;
  log_index: number;
  timestamp: number;
  tx_hash: `0x${string}`;
}

export interface ValidatorRecord {
  address: Address;
  balance: string;
  updated_at: number;
}

export interface UserProposalRecord extends IndexedProposal {
  user_address: Address;
  user_is_creator: boolean;
  user_is_executor: boolean;
  user_has_voted: boolean;
  user_claims: { token: Address; amount: string; timestamp: number; tx_hash: string }[];
  user_has_claimed: boolean;
}

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
