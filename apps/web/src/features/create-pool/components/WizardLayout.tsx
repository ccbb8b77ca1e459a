import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import styles from "../createPool.module.css";
import { useDraft } from "../draft/DraftProvider.tsx";
import { previousStepPath, visibleSteps, type WizardStepId } from "../wizardSteps.ts";

type WizardLayoutProps = {
  step: WizardStepId;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Replaces the default Back / Next buttons. */
  actions?: ReactNode;
  submitLabel?: string;
  isSubmitting?: boolean;
};

export function WizardLayout({
  step,
  title,
  description,
  children,
  onSubmit,
  actions,
  submitLabel,
  isSubmitting,
}: WizardLayoutProps) {
  const { t } = useTranslation("createPool");
  const { draft } = useDraft();
  const navigate = useNavigate();
  const steps = visibleSteps(draft);
  const currentIndex = steps.findIndex((s) => s.id === step);
  const current = steps[currentIndex];

  return (
    <div className={styles.page}>
      <nav aria-label={t("wizard.progress")}>
        <ol className={styles.stepper}>
          {steps.map((s, index) => {
            const label = (
              <>
                <span className={styles.stepperNumber}>{s.number}</span>
                <span>{t(`steps.${s.id}`)}</span>
              </>
            );
            return (
              <li key={s.id} className={styles.stepperItem} aria-current={s.id === step ? "step" : undefined}>
                {/* Earlier steps can be revisited; later ones open through Next, which checks this one. */}
                {index < currentIndex ? (
                  <Link className={styles.stepperLink} to={s.path}>
                    {label}
                  </Link>
                ) : (
                  label
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="create-pool-step-title">
        <header>
          <p className={styles.muted}>{t("wizard.stepOf", { number: current?.number ?? "" })}</p>
          <h1 id="create-pool-step-title" className={styles.title}>
            {title}
          </h1>
          {description ? <p className={styles.muted}>{description}</p> : null}
        </header>
        {children}
        {actions ?? (
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.buttonSecondary}
              onClick={() => navigate(previousStepPath(step, draft))}
            >
              {t("wizard.back")}
            </button>
            <button type="submit" className={styles.button} disabled={isSubmitting}>
              {submitLabel ?? t("wizard.next")}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
