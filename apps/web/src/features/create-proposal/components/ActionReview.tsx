import { getChain } from "@polity/core/chains";
import { useTranslation } from "react-i18next";
import { ActionList, type ActionListContext, ExecutionSummary } from "../../../shared/actions/ActionList.tsx";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import type { ActionsReview } from "../../../shared/actions/reviewActions.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import styles from "../createProposal.module.css";
import { useActionReview } from "../useReview.ts";

/**
 * Before signing: each action decoded for a person and simulated from the pool (alone, with the revert
 * reason when it fails), and the balance changes executing them all would cause.
 */
export function ActionReview({
  ctx,
  chainId,
  actions,
}: {
  ctx: PoolContext;
  chainId: number;
  actions: readonly ProposalAction[];
}) {
  const { t } = useTranslation("createProposal");
  const review = useActionReview(ctx, chainId, actions);
  if (review.isPending) return <LoadingState label={t("review.simulating")} />;
  if (review.isError) {
    return (
      <p role="alert" className={fieldStyles.error}>
        {t("review.failed")}
      </p>
    );
  }
  return (
    <ReviewList
      review={review.data}
      pool={ctx.pool}
      context={{ chainId, daoName: ctx.name, native: getChain(chainId).nativeCurrency }}
    />
  );
}

export function ReviewList({
  review,
  pool,
  context,
}: {
  review: ActionsReview;
  pool: `0x${string}`;
  context: ActionListContext;
}) {
  const { t } = useTranslation("decodedActions");
  return (
    <section aria-label={t("createProposal:review.title")} className={styles.list}>
      <ActionList review={review} context={context} />
      {review.execution ? (
        <section aria-labelledby="review-execution-title">
          <h3 id="review-execution-title">{t("execution.title")}</h3>
          <ExecutionSummary execution={review.execution} known={review.known} pool={pool} context={context} />
        </section>
      ) : null}
    </section>
  );
}
