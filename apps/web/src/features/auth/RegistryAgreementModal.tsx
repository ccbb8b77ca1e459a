import { userRegistryAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import { useConfig } from "wagmi";
import type { AgreementRequest } from "../../shared/tx/agreementRequest.ts";
import { acceptAgreement, dismissAgreement } from "../../shared/tx/registryAgreement.ts";
import { writeContractOnDemand } from "../../shared/tx/useContractWriter.ts";
import { TermsAgreementModal } from "./TermsAgreementModal.tsx";

/**
 * The terms dialog before an account's first transaction on a chain: accepting signs the policy's hash
 * and records it in the chain's UserRegistry; then the transaction that asked goes on.
 */
export function RegistryAgreementModal({ request }: { request: AgreementRequest }) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <TermsAgreementModal
      isOpen
      hint={t("preferences.agreementOnChain")}
      onDismiss={() => dismissAgreement(request)}
      onAccept={() =>
        acceptAgreement(config, request, async (signature) => {
          const hash = await writeContractOnDemand(config, {
            chainId: request.chainId,
            account: request.account,
            address: request.registry,
            abi: userRegistryAbi,
            functionName: "agreeToPrivacyPolicy",
            args: [signature],
          });
          const { waitForTransactionReceipt } = await import("../../shared/tx/walletActions.ts");
          const receipt = await waitForTransactionReceipt(config, { hash, chainId: request.chainId });
          if (receipt.status !== "success") throw new Error(`Agreement transaction ${hash} reverted`);
        })
      }
    />
  );
}
