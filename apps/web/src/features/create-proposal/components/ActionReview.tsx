import { useTranslation } from "react-i18next";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import styles from "../createProposal.module.css";
import type { ProposalAction } from "../lib/decodeAction.ts";
import type { ReviewedAction } from "../lib/reviewActions.ts";
import { useActionReview } from "../useReview.ts";

/** Before signing: each action decoded and simulated from the pool, with the result or revert reason. */
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
  return <ReviewList items={review.data} />;
}

export function ReviewList({ items }: { items: readonly ReviewedAction[] }) {
  const { t } = useTranslation("createProposal");
  return (
    <section aria-label={t("review.title")} className={styles.list}>
      {items.map((item, index) => (
        <article
          // biome-ignore lint/suspicious/noArrayIndexKey: actions are positional and never reordered
          key={`${index}-${item.action.executor}`}
          className={styles.action}
          data-testid="reviewed-action"
        >
          <strong>
            {t("review.action", { index: index + 1 })}:{" "}
            {item.decoded.contractLabel ?? t("review.unknownContract")}{" "}
            <span className={fieldStyles.mono}>{item.action.executor}</span>
          </strong>
          <div>
            {t("review.function")}:{" "}
            <span className={fieldStyles.mono}>{item.decoded.functionName ?? t("review.undecoded")}</span>
          </div>
          {item.decoded.args.length > 0 ? (
            <dl className={styles.list}>
              {item.decoded.args.map((arg) => (
                <div key={arg.name}>
                  <dt>
                    {arg.name} <span className={styles.muted}>({arg.type})</span>
                  </dt>
                  <dd className={fieldStyles.mono}>{arg.display}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {item.action.value > 0n ? (
            <div>
              {t("review.value")}: {item.decoded.value}
            </div>
          ) : null}
          {item.decoded.functionName === null ? (
            <div className={fieldStyles.mono}>
              {t("review.data")}: {item.action.data}
            </div>
          ) : null}
          {item.simulation.ok ? (
            <div className={styles.ok}>
              {t("review.simulationOk")}{" "}
              <span className={fieldStyles.mono}>{item.simulation.returnData}</span>
            </div>
          ) : (
            <div className={styles.fail} role="alert">
              {t("review.simulationReverted", { reason: item.simulation.reason })}
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
