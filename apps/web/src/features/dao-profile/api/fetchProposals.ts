import { STALE_TIMES } from "@polity/core/constants";
import { type IndexedProposal, proposalListDocument } from "@polity/core/records/governance";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import {
  governancePath,
  type IndexedPage,
  type IndexedReadOptions,
  readIndexedPage,
} from "../../../shared/tracker/governanceApi.ts";

/** Spec §9: lists page by 10 by default. */
export const PROPOSALS_PAGE_SIZE = 10;

/** What a proposal row shows, amounts as bigints. */
export interface ProposalListItem {
  id: bigint;
  /** Computed by the api from the indexed events at `meta.state_time`. */
  state: number;
  creator: Address;
  descriptionUrl: string;
  voteEnd: bigint;
  votesFor: bigint;
  votesAgainst: bigint;
  requiredQuorum: bigint;
  quorumReached: boolean;
  votersCount: number;
  createdAt: number;
}

export function toProposalListItem(p: IndexedProposal): ProposalListItem {
  return {
    id: BigInt(p.proposal_id),
    state: p.state,
    creator: p.creator,
    descriptionUrl: p.description_url,
    voteEnd: BigInt(p.vote_end),
    votesFor: BigInt(p.votes_for),
    votesAgainst: BigInt(p.votes_against),
    requiredQuorum: BigInt(p.quorum_votes),
    quorumReached: p.quorum_reached_at !== null,
    votersCount: p.voters_count,
    createdAt: p.created_at,
  };
}

export interface ProposalsParams {
  chainId: number;
  dao: Address;
  /** A spec UI filter (`all`, `active`, …). */
  status: string;
  page: number;
  limit?: number;
}

/** One page of a DAO's on-chain proposals, newest first, from the indexer through the api. */
export async function fetchProposals(
  params: ProposalsParams,
  options: IndexedReadOptions = {},
): Promise<IndexedPage<ProposalListItem>> {
  const page = await readIndexedPage(
    params.chainId,
    `${governancePath(params.chainId, params.dao)}/proposals`,
    proposalListDocument,
    {
      ...options,
      query: {
        filter: params.status === "all" ? undefined : { status: params.status },
        page: { number: params.page, limit: params.limit ?? PROPOSALS_PAGE_SIZE, order: "desc" },
      },
    },
  );
  return { ...page, items: page.items.map(toProposalListItem) };
}

export function proposalsQuery(params: ProposalsParams) {
  return queryOptions({
    queryKey: daoKey(
      queryRoots.dao,
      params.chainId,
      params.dao,
      "proposals",
      params.status,
      params.page,
      params.limit ?? PROPOSALS_PAGE_SIZE,
    ),
    queryFn: ({ signal }) => fetchProposals(params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}
