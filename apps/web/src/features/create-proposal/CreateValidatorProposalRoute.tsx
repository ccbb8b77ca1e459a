import { useParams } from "react-router";
import { PoolGate } from "./components/PoolGate.tsx";
import { ValidatorProposalPage } from "./forms/ValidatorProposalForms.tsx";

/** `/dao/:daoAddress/create-validator-proposal/*`: validator-settings, voting-settings, monthly-withdraw, empty-tx. */
export default function CreateValidatorProposalRoute() {
  const type = useParams()["*"]?.split("/")[0] || undefined;
  return (
    <PoolGate>
      {(ctx, chainId) => <ValidatorProposalPage key={type} ctx={ctx} chainId={chainId} type={type} />}
    </PoolGate>
  );
}
