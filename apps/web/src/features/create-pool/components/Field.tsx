import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import styles from "../createPool.module.css";
import { translateMessage } from "./errorMessage.ts";

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: { message?: string } | undefined;
  /** Renders the control, given the ids it must carry for its label and messages. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

export function Field({ label, hint, error, children }: FieldProps) {
  const { t } = useTranslation("createPool");
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = translateMessage(t, error?.message);
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(message) })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {message ? <FieldMessage id={errorId} message={message} /> : null}
    </div>
  );
}

export function FieldMessage({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} role="alert" className={styles.error}>
      {message}
    </p>
  );
}

/** A form-level error (e.g. on an array) translated from its key. */
export function FormError({ error }: { error?: { message?: string } | undefined }) {
  const { t } = useTranslation("createPool");
  const message = translateMessage(t, error?.message);
  return message ? <FieldMessage message={message} /> : null;
}
