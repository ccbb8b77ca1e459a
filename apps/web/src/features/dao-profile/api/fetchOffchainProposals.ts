import { STALE_TIMES } from "@polity/core/constants";
import { offchainStatusesForUiFilter, type UiProposalFilter } from "@polity/core/proposalStates";
import { pageOf } from "@polity/core/records/jsonapi";
import { type OffchainProposalRecord, offchainProposalListDocument } from "@polity/core/records/voting";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../../../shared/http/api.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { PROPOSALS_PAGE_SIZE } from "./fetchProposals.ts";

export type OffchainListItem = OffchainProposalRecord & { id: string };

export interface OffchainProposalsParams {
  chainId: number;
  dao: Address;
  status: UiProposalFilter;
  page: number;
}

/** One page of a DAO's off-chain proposals (the api's voting service), newest first, by the spec's UI filter. */
export function offchainProposalsQuery(params: OffchainProposalsParams) {
  return queryOptions({
    queryKey: daoKey(queryRoots.offchain, params.chainId, params.dao, "list", params.status, params.page),
    queryFn: async ({ signal }) => {
      const document = await api.get("/integrations/voting/proposals", {
        schema: offchainProposalListDocument,
        query: {
          filter: {
            chain_id: params.chainId,
            pool_address: params.dao,
            status:
              params.status === "all" ? undefined : offchainStatusesForUiFilter(params.status).join(","),
          },
          page: { number: params.page, limit: PROPOSALS_PAGE_SIZE, order: "desc" },
        },
        signal,
      });
      const { total, page, pageCount } = pageOf(document.meta);
      return {
        items: document.data.map((r): OffchainListItem => ({ ...r.attributes, id: r.id })),
        total,
        page,
        pageCount,
      };
    },
    placeholderData: keepPreviousData,
    staleTime: STALE_TIMES.liveMs,
  });
}
