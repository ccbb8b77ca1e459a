import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Routes } from "react-router";
import { lazyNamed } from "../../shared/ui/lazyNamed.ts";
import { LoadingState } from "../../shared/ui/StateViews.tsx";
import { DraftProvider } from "./draft/DraftProvider.tsx";
import { StartStep } from "./steps/StartStep.tsx";

/**
 * Steps after the first load on demand: a visitor who opens the wizard downloads step 0 only,
 * not the forms, the rich-text editor and the protocol bindings of the later steps.
 */
const step = lazyNamed;

const BasicSettingsStep = step(() => import("./steps/BasicSettingsStep.tsx"), "BasicSettingsStep");
const GovernanceStep = step(() => import("./steps/GovernanceStep.tsx"), "GovernanceStep");
const TokenCreationStep = step(() => import("./steps/TokenCreationStep.tsx"), "TokenCreationStep");
const VotingParametersStep = step(() => import("./steps/VotingParametersStep.tsx"), "VotingParametersStep");
const ValidatorsStep = step(() => import("./steps/ValidatorsStep.tsx"), "ValidatorsStep");
const SummaryStep = step(() => import("./steps/SummaryStep.tsx"), "SummaryStep");
const SuccessStep = step(() => import("./steps/SuccessStep.tsx"), "SuccessStep");

/** `/create-pool/*`: the DAO creation wizard, steps 0–6 (spec §2). */
export default function CreatePoolRoute() {
  const { t } = useTranslation("createPool");
  return (
    <DraftProvider>
      <Suspense fallback={<LoadingState label={t("wizard.loading")} />}>
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
      </Suspense>
    </DraftProvider>
  );
}
