import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";
import { Spinner } from "./Spinner.tsx";
import styles from "./StateViews.module.css";

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t("state.loading");
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <Spinner size={28} />
      <span>{text}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.state}>
      <span className={styles.title}>{title}</span>
      {children}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <span className={styles.title}>{t("errors.somethingWentWrong")}</span>
      {message ? <span>{message}</span> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t("actions.retry")}
        </Button>
      ) : null}
    </div>
  );
}
