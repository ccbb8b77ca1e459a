import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { updatePreferences, usePreferences } from "../../shared/state/preferences.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { Modal } from "../../shared/ui/Modal.tsx";

/** Asked once, before the first sign-in; the answer is a stored preference. */
export function TermsAgreementModal({ onAccepted }: { onAccepted(): void }) {
  const { t } = useTranslation();
  const { showAgreement } = usePreferences();
  const [isChecked, setIsChecked] = useState(false);
  return (
    <Modal
      isOpen={showAgreement}
      onOpenChange={(open) => updatePreferences({ type: "agreementShown", show: open })}
      title={t("preferences.agreementTitle")}
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
            i18nKey="preferences.agreeTerms"
            components={{
              terms: <Link to="/service-terms" target="_blank" />,
              privacy: <Link to="/privacy-policy" target="_blank" />,
            }}
          />
        </span>
      </label>
      <Button
        isBlock
        disabled={!isChecked}
        onClick={() => {
          updatePreferences({ type: "termsAgreed", agreed: true });
          onAccepted();
        }}
      >
        {t("preferences.accept")}
      </Button>
    </Modal>
  );
}
