import type { HTMLAttributes, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import styles from "../createPool.module.css";
import { Field } from "./Field.tsx";

type TextFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: { message?: string } | undefined;
  registration: UseFormRegisterReturn;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
  isMono?: boolean;
};

/** A labelled text input bound to react-hook-form, with its hint and translated error. */
export function TextField({
  label,
  hint,
  error,
  registration,
  inputMode,
  placeholder,
  isMono,
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={isMono ? `${styles.input} ${styles.mono}` : styles.input}
          inputMode={inputMode}
          placeholder={placeholder}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...registration}
        />
      )}
    </Field>
  );
}
