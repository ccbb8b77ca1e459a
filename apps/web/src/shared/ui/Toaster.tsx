import { useTranslation } from "react-i18next";
import { dismissToast, useToasts } from "../state/toasts.ts";
import styles from "./Toaster.module.css";

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <section className={styles.region} aria-label={t("toasts.region")} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.key}
          role={toast.content.kind === "error" ? "alert" : "status"}
          className={`${styles.toast} ${styles[toast.content.kind] ?? ""} ${toast.visible ? "" : styles.hidden}`}
          data-testid="toast"
        >
          <span className={styles.title}>
            {toast.content.title ?? t(`notification.${toast.content.kind}`)}
          </span>
          <button
            type="button"
            className={styles.close}
            onClick={() => dismissToast(toast.key)}
            aria-label={t("actions.close")}
          >
            ×
          </button>
          <span className={styles.message}>{toast.content.message}</span>
          {toast.content.link ? (
            <a className={styles.message} href={toast.content.link.href} target="_blank" rel="noreferrer">
              {toast.content.link.label}
            </a>
          ) : null}
        </div>
      ))}
    </section>
  );
}
