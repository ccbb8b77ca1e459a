import { getChain } from "@polity/core/chains";
import { govValidatorsAbi } from "@polity/core/generated/contracts";
import { queryOptions, skipToken } from "@tanstack/react-query";
import { stringify } from "viem";
import { knownContracts, REVERT_ABIS } from "../../../shared/actions/daoContracts.ts";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import { reviewActions } from "../../../shared/actions/reviewActions.ts";
import { simulateAction } from "../../../shared/actions/simulateAction.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { callAction } from "../lib/callAction.ts";
import type { PoolContext } from "./poolContext.ts";

/** Each action decoded and simulated from the pool, alone and all together, asked again whenever the review is shown. */
export function actionReviewQuery(
  client: ReadClient | undefined,
  chainId: number,
  ctx: PoolContext,
  actions: readonly ProposalAction[],
) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, ctx.pool.toLowerCase(), "reviewActions", stringify(actions)],
    queryFn: client
      ? () =>
          reviewActions(client, ctx.pool, actions, knownContracts(ctx), REVERT_ABIS, {
            eachAction: true,
            execution: { native: getChain(chainId).nativeCurrency },
          })
      : skipToken,
    staleTime: 0,
  });
}

/** A validators' internal proposal as built by its form. */
export interface ValidatorProposalPayload {
  type: number;
  data: `0x${string}`;
}

/** The creation of a validators' internal proposal simulated from the validator's account. */
export function validatorReviewQuery(
  client: ReadClient | undefined,
  chainId: number,
  ctx: PoolContext,
  built: ValidatorProposalPayload | null,
) {
  const account = ctx.user?.address;
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, ctx.pool.toLowerCase(), "validatorReview", built?.type, built?.data],
    queryFn:
      built && client
        ? () =>
            simulateAction(
              // From the validator's account: this `call` replaces the caller simulateAction passes.
              { call: (args) => client.call({ ...args, account }) },
              ctx.pool,
              callAction(ctx.validators, {
                abi: govValidatorsAbi,
                functionName: "createInternalProposal",
                args: [built.type, "ipfs://review", built.data],
              }),
              REVERT_ABIS,
            )
        : skipToken,
  });
}
