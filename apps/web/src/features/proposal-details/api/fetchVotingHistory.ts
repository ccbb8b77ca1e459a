import { STALE_TIMES } from "@polity/core/constants";
import { type InteractionRecord, interactionListDocument } from "@polity/core/records/governance";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address, Hex } from "viem";
import {
  governancePath,
  type IndexedPage,
  type IndexedReadOptions,
  readIndexedPage,
} from "../../../shared/tracker/governanceApi.ts";
import { proposalDetailsKey } from "./proposalDetailsQuery.ts";

export const HISTORY_PAGE_SIZE = 25;

export interface VoteHistoryEntry {
  /** Interaction (spec): vote for 1, vote against 2, cancel vote 3. */
  interaction: 1 | 2 | 3;
  voter: Address;
  /** Spec vote type: personal 0, micropool 1, delegated 2, treasury 3. */
  voteType: number;
  /** Tokens added by this vote, or the cancelled raw votes. */
  amount: bigint;
  nftIds: readonly bigint[];
  blockNumber: bigint;
  logIndex: number;
  timestamp: number;
  transactionHash: Hex;
}

export function toVoteHistoryEntry(r: InteractionRecord): VoteHistoryEntry {
  return {
    interaction: r.interaction,
    voter: r.voter,
    voteType: r.vote_type,
    amount: BigInt(r.amount),
    nftIds: r.nft_ids.map((id) => BigInt(id)),
    blockNumber: BigInt(r.block_number),
    logIndex: r.log_index,
    timestamp: r.timestamp,
    transactionHash: r.tx_hash,
  };
}

/** One page of a proposal's voting history, newest first, from the indexer through the api. */
export async function fetchVotingHistory(
  chainId: number,
  dao: Address,
  id: bigint,
  page: number,
  options: IndexedReadOptions = {},
): Promise<IndexedPage<VoteHistoryEntry>> {
  const result = await readIndexedPage(
    chainId,
    `${governancePath(chainId, dao)}/proposals/${id.toString()}/interactions`,
    interactionListDocument,
    { ...options, query: { page: { number: page, limit: HISTORY_PAGE_SIZE, order: "desc" } } },
  );
  return { ...result, items: result.items.map(toVoteHistoryEntry) };
}

/** Under the proposal's key, so a transaction on the proposal refreshes its history too. */
export function votingHistoryQuery(chainId: number, dao: Address, id: bigint, page: number) {
  return queryOptions({
    queryKey: [...proposalDetailsKey(chainId, dao, id), "history", page],
    queryFn: ({ signal }) => fetchVotingHistory(chainId, dao, id, page, { signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}
