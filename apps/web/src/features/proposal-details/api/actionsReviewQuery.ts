import { getChain } from "@polity/core/chains";
import { INTERVALS } from "@polity/core/constants";
import { ONCHAIN_FILTER_STATES, ProposalState } from "@polity/core/proposalStates";
import { queryOptions, skipToken } from "@tanstack/react-query";
import { stringify } from "viem";
import { knownContracts, REVERT_ABIS } from "../../../shared/actions/daoContracts.ts";
import { reviewActions } from "../../../shared/actions/reviewActions.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import type { ProposalDetails } from "./fetchProposalDetails.ts";

/** The spec's active states are those in which the proposal may still be executed: it is simulated in them. */
const EXECUTABLE = new Set<number>(ONCHAIN_FILTER_STATES.active);

/** The side whose actions run on execution: 'against' once the proposal succeeded against, else 'for'. */
export function executedSide(details: Pick<ProposalDetails, "proposal">): "for" | "against" {
  return details.proposal.state === ProposalState.SucceededAgainst ? "against" : "for";
}

/**
 * One side of a proposal's actions decoded for a person; the side that would run is also simulated (its
 * balance changes) while the proposal may still be executed. Refreshed with the page's details.
 */
export function actionsReviewQuery(
  client: ReadClient | undefined,
  details: ProposalDetails,
  side: "for" | "against",
) {
  const actions = side === "for" ? details.actionsOnFor : details.actionsOnAgainst;
  const simulate = EXECUTABLE.has(details.proposal.state) && executedSide(details) === side;
  return queryOptions({
    queryKey: daoKey(
      queryRoots.proposals,
      details.chainId,
      details.dao,
      "actionsReview",
      details.proposal.id.toString(),
      side,
      simulate,
      stringify(actions),
    ),
    queryFn:
      client && actions.length > 0
        ? () =>
            reviewActions(
              client,
              details.dao,
              actions,
              knownContracts({
                pool: details.dao,
                settings: details.settingsContract,
                userKeeper: details.userKeeper,
                validators: details.validatorsContract,
                token: details.token,
              }),
              REVERT_ABIS,
              { execution: simulate ? { native: getChain(details.chainId).nativeCurrency } : null },
            )
        : skipToken,
    staleTime: INTERVALS.proposalDetailsRefreshMs,
  });
}
