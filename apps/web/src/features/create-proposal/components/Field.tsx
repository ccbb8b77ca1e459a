import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import styles from "../createProposal.module.css";
import type { FieldError } from "../lib/validate.ts";

export function useErrorText() {
  const { t } = useTranslation("createProposal");
  return (error: FieldError | undefined) => (error ? t(error.key, { ...error.params }) : undefined);
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const text = useErrorText()(error);
  const describedBy =
    [hint ? `${id}-hint` : null, text ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(text) })}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {text ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {text}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError | undefined;
  value: string;
  onChange: (value: string) => void;
}

export function TextField({ label, hint, error, value, onChange, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={styles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function FormError({ error }: { error: FieldError | undefined }) {
  const text = useErrorText()(error);
  return text ? (
    <p role="alert" className={styles.error}>
      {text}
    </p>
  ) : null;
}
