import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import { useDraft } from "../draft/DraftProvider.tsx";
import { nextStepPath } from "../wizardSteps.ts";

const CHECKLIST = ["basic", "governance", "voting", "validators", "deploy"] as const;

export function StartStep() {
  const { t } = useTranslation("createPool");
  const { draft, resetDraft } = useDraft();
  const navigate = useNavigate();
  const hasDraft = draft.daoName.trim() !== "";

  return (
    <WizardLayout
      step="start"
      title={t("start.title")}
      description={t("start.intro")}
      onSubmit={(event) => {
        event.preventDefault();
        navigate(nextStepPath("start", draft));
      }}
      actions={
        <div className={styles.actions}>
          {hasDraft ? (
            <button type="button" className={styles.buttonSecondary} onClick={resetDraft}>
              {t("start.startOver")}
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className={styles.button}>
            {hasDraft ? t("start.continue") : t("start.begin")}
          </button>
        </div>
      }
    >
      <ol className={styles.muted}>
        {CHECKLIST.map((item) => (
          <li key={item}>{t(`start.checklist.${item}`)}</li>
        ))}
      </ol>
      <p className={styles.muted}>{t("start.immutableName")}</p>
      {hasDraft ? (
        <p className={styles.status} role="status">
          {t("start.draftFound", { name: draft.daoName })}
        </p>
      ) : null}
    </WizardLayout>
  );
}
