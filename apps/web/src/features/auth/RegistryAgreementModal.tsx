import { useTranslation } from "react-i18next";
import { useConfig } from "wagmi";
import type { AgreementRequest } from "../../shared/tx/agreementRequest.ts";
import { acceptAgreement, dismissAgreement } from "../../shared/tx/registryAgreement.ts";
import { TermsAgreementModal } from "./TermsAgreementModal.tsx";

/**
 * The terms dialog before the first transaction of an account that never accepted them (it dismissed the
 * sign-in dialog): accepting signs the policy's hash and records it in the chain's UserRegistry; then the
 * transaction that asked goes on. An account that accepted at sign-in never sees it.
 */
export function RegistryAgreementModal({ request }: { request: AgreementRequest }) {
  const { t } = useTranslation("terms");
  const config = useConfig();
  return (
    <TermsAgreementModal
      isOpen
      hint={t("onChain")}
      onDismiss={() => dismissAgreement(request)}
      onAccept={() => acceptAgreement(config, request)}
    />
  );
}
