import { useTranslation } from "react-i18next";
import type { SubmitStatus as Status } from "../../../shared/tx/submitReducer.ts";
import styles from "../Assets.module.css";

export function SubmitStatus({ status }: { status: Status }) {
  const { t } = useTranslation("assets");
  return (
    <>
      {status.error ? (
        <p className={styles.error} role="alert">
          {t(status.error, { ns: ["core", "common"] })}
        </p>
      ) : null}
      {status.state !== "IDLE" ? (
        <p className="muted" data-testid="submit-state">
          {t(`submit.${status.state}`)}
        </p>
      ) : null}
    </>
  );
}
