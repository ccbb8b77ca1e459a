import { toUserError } from "@polity/core/errors/toUserError";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../shared/ui/Button.tsx";
import { FieldMessage } from "../../shared/ui/Field.tsx";
import { Modal } from "../../shared/ui/Modal.tsx";

interface TermsAgreementModalProps {
  isOpen: boolean;
  onDismiss(): void;
  /** What accepting does: remember it, or sign it and record it on chain (may take a while, may fail). */
  onAccept(): void | Promise<void>;
  /** Shown under the checkbox: what accepting will ask of the wallet. */
  hint?: string;
  /** "signIn": accepting signs as part of the sign-in, so a refused signature reads the sign-in's message. */
  errorContext?: "signIn";
}

/** The terms dialog: asked before the first sign-in, and before an account's first transaction on a chain. */
export function TermsAgreementModal({
  isOpen,
  onDismiss,
  onAccept,
  hint,
  errorContext,
}: TermsAgreementModalProps) {
  const { t } = useTranslation("terms");
  const [isChecked, setIsChecked] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setIsBusy(true);
    setError(null);
    try {
      await onAccept();
    } catch (err) {
      setError(t(toUserError(err, errorContext ? { context: errorContext } : {}).messageKey));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isBusy) onDismiss();
      }}
      title={t("title")}
    >
      <label style={{ display: "flex", gap: 8, alignItems: "flex-start", margin: "16px 0" }}>
        <input
          type="checkbox"
          checked={isChecked}
          onChange={(event) => setIsChecked(event.target.checked)}
          data-testid="terms-checkbox"
        />
        <span>
          <Trans
            i18nKey="agree"
            ns="terms"
            components={{
              terms: <Link to="/service-terms" target="_blank" />,
              privacy: <Link to="/privacy-policy" target="_blank" />,
            }}
          />
        </span>
      </label>
      {hint ? <p className="muted">{hint}</p> : null}
      {error ? <FieldMessage message={error} /> : null}
      <Button isBlock disabled={!isChecked} isLoading={isBusy} onClick={() => void accept()}>
        {t("accept")}
      </Button>
    </Modal>
  );
}
