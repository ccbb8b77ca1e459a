import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrors } from "../lib/template.ts";
import styles from "../offchain.module.css";

type FieldError = FieldErrors[string] | undefined;

export function ErrorText({ error, id }: { error: FieldError; id?: string }) {
  const { t } = useTranslation("offchain");
  return error ? (
    <p id={id} role="alert" className={styles.error}>
      {t(error.key, { ...error.params })}
    </p>
  ) : null;
}

export function Input({
  label,
  hint,
  error,
  value,
  onChange,
  multiline = false,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          className={styles.input}
          rows={5}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          className={styles.input}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
      )}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <ErrorText error={error} id={`${id}-error`} />
    </div>
  );
}
