import { useQuery } from "@tanstack/react-query";
import type { ProposalAction } from "../../shared/actions/decodeAction.ts";
import { useReadClient } from "../../shared/chain/readClient.ts";
import type { PoolContext } from "./api/poolContext.ts";
import {
  actionReviewQuery,
  type ValidatorProposalPayload,
  validatorReviewQuery,
} from "./api/reviewQueries.ts";

/** The actions decoded and simulated before signing. */
export function useActionReview(ctx: PoolContext, chainId: number, actions: readonly ProposalAction[]) {
  const client = useReadClient({ chainId });
  return useQuery(actionReviewQuery(client, chainId, ctx, actions));
}

/** The validators' proposal creation simulated from the connected validator, once it is built. */
export function useValidatorReview(
  ctx: PoolContext,
  chainId: number,
  built: ValidatorProposalPayload | null,
) {
  const client = useReadClient({ chainId });
  return useQuery(validatorReviewQuery(client, chainId, ctx, built));
}
