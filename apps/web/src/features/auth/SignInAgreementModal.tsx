import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import type { SignedAgreement } from "../../shared/auth/agreementApi.ts";
import { signAgreement } from "../../shared/tx/registryAgreement.ts";
import { TermsAgreementModal } from "./TermsAgreementModal.tsx";

/**
 * The terms dialog at sign-in, the one place they are shown. Accepting is the account's EIP-712
 * signature of the privacy policy's hash for the chain's UserRegistry (on a chain with one): the api
 * keeps it once signed in, and the account's first transaction on that chain records it on chain.
 */
export function SignInAgreementModal({
  isOpen,
  signIn,
  onDismiss,
  onAgreed,
}: {
  isOpen: boolean;
  /** The account and chain signing in (none: the dialog was opened without a sign-in). */
  signIn: { address: Address; chainId: number } | undefined;
  onDismiss(): void;
  onAgreed(agreement: SignedAgreement | undefined): void;
}) {
  const { t } = useTranslation("terms");
  const config = useConfig();
  return (
    <TermsAgreementModal
      isOpen={isOpen}
      hint={t("atSignIn")}
      errorContext="signIn"
      onDismiss={onDismiss}
      onAccept={async () => {
        const signature = signIn ? await signAgreement(config, signIn.chainId, signIn.address) : null;
        onAgreed(signIn && signature ? { chainId: signIn.chainId, signature } : undefined);
      }}
    />
  );
}
