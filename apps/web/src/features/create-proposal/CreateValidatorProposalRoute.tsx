import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { LoadingState } from "../../shared/ui/StateViews.tsx";
import { PoolGate } from "./components/PoolGate.tsx";

// The forms, their rules and the transaction code load once the pool is known, not with the page.
const ValidatorProposalPage = lazy(() =>
  import("./forms/ValidatorProposalForms.tsx").then((m) => ({ default: m.ValidatorProposalPage })),
);

/** `/dao/:daoAddress/create-validator-proposal/*`: validator-settings, voting-settings, monthly-withdraw, empty-tx. */
export default function CreateValidatorProposalRoute() {
  const type = useParams()["*"]?.split("/")[0] || undefined;
  return (
    <PoolGate>
      {(ctx, chainId) => (
        <Suspense fallback={<LoadingState />}>
          <ValidatorProposalPage key={type} ctx={ctx} chainId={chainId} type={type} />
        </Suspense>
      )}
    </PoolGate>
  );
}
