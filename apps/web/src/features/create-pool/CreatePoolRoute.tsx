import { Route, Routes } from "react-router";
import { DraftProvider } from "./draft/DraftProvider.tsx";
import { BasicSettingsStep } from "./steps/BasicSettingsStep.tsx";
import { GovernanceStep } from "./steps/GovernanceStep.tsx";
import { StartStep } from "./steps/StartStep.tsx";
import { SuccessStep } from "./steps/SuccessStep.tsx";
import { SummaryStep } from "./steps/SummaryStep.tsx";
import { TokenCreationStep } from "./steps/TokenCreationStep.tsx";
import { ValidatorsStep } from "./steps/ValidatorsStep.tsx";
import { VotingParametersStep } from "./steps/VotingParametersStep.tsx";

/** `/create-pool/*`: the DAO creation wizard, steps 0–6 (spec §2). */
export default function CreatePoolRoute() {
  return (
    <DraftProvider>
      <Routes>
        <Route index element={<StartStep />} />
        <Route path="basic" element={<BasicSettingsStep />} />
        <Route path="governance" element={<GovernanceStep />} />
        <Route path="token" element={<TokenCreationStep />} />
        <Route path="voting" element={<VotingParametersStep />} />
        <Route path="validators" element={<ValidatorsStep />} />
        <Route path="summary" element={<SummaryStep />} />
        <Route path="success/:txHash" element={<SuccessStep />} />
        <Route path="*" element={<StartStep />} />
      </Routes>
    </DraftProvider>
  );
}
