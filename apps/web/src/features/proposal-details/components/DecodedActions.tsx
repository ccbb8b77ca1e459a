import { getChain } from "@polity/core/chains";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ActionList, type ActionListContext, ExecutionSummary } from "../../../shared/actions/ActionList.tsx";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import { actionsReviewQuery } from "../api/actionsReviewQuery.ts";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";

function ActionsSide({
  details,
  side,
  context,
}: {
  details: ProposalDetails;
  side: "for" | "against";
  context: ActionListContext;
}) {
  const { t } = useTranslation("proposalDetails");
  const client = useReadClient({ chainId: details.chainId });
  const review = useQuery(actionsReviewQuery(client, details, side));
  const id = `actions-${side}-title`;
  const count = side === "for" ? details.actionsOnFor.length : details.actionsOnAgainst.length;
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={`actions-${side}`}>
      <h3 id={id}>{t(side === "for" ? "about.actionsTitle" : "about.actionsAgainstTitle")}</h3>
      {count === 0 ? (
        <p className="muted">{t("about.noActions")}</p>
      ) : review.isPending ? (
        <LoadingState label={t("about.decoding")} />
      ) : review.isError ? (
        <p className="muted" role="status">
          {t("about.decodeFailed")}
        </p>
      ) : (
        <>
          <ActionList review={review.data} context={context} />
          {review.data.execution ? (
            <section aria-labelledby={`${id}-execution`} data-testid="execution-simulation">
              <h4 id={`${id}-execution`}>{t("decodedActions:execution.title")}</h4>
              <ExecutionSummary
                execution={review.data.execution}
                known={review.data.known}
                pool={details.dao}
                context={context}
              />
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The proposal's actions for a person (loaded with their own chunk: the decoder and its ABIs): what it
 * does if accepted and, when it has any, if rejected; the side that would run is simulated on the node.
 */
export function DecodedActions({ details }: { details: ProposalDetails }) {
  const context: ActionListContext = {
    chainId: details.chainId,
    daoName: details.daoName,
    native: getChain(details.chainId).nativeCurrency,
  };
  return (
    <>
      <ActionsSide details={details} side="for" context={context} />
      {details.actionsOnAgainst.length > 0 ? (
        <ActionsSide details={details} side="against" context={context} />
      ) : null}
    </>
  );
}
