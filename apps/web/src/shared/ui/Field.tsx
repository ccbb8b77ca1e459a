import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TokenSuggestions } from "../tokens/TokenSuggestions.tsx";
import styles from "./Field.module.css";
import { type FieldMessageValue, translateMessage } from "./fieldMessage.ts";
import { type RichTextDocument, RichTextEditor } from "./RichTextEditor.tsx";

export { styles as fieldStyles };

type ControlIds = { id: string; describedBy: string | undefined; invalid: boolean };

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldMessageValue;
  /** Renders the control, given the ids it must carry for its label and messages. */
  children: (ids: ControlIds) => ReactNode;
}

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, "onChange" | "value"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldMessageValue;
  /** Controlled: the value and what receives the typed text. */
  value?: string;
  onChange?: (value: string) => void;
  /** Bound to react-hook-form instead. */
  registration?: UseFormRegisterReturn;
  multiline?: boolean;
  isMono?: boolean;
}

/** Text of a form's messages, looked up in its namespace (then `core`, `common`). */
export function useMessageText(namespace: string) {
  const { t } = useTranslation(namespace);
  return (message: FieldMessageValue | string) => translateMessage(t, message, namespace);
}

/** A message under a field or a form, announced to screen readers. */
export function FieldMessage({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} role="alert" className={styles.error}>
      {message}
    </p>
  );
}

/**
 * The form kit of a feature whose messages live in i18n namespace `namespace`: a labelled field,
 * a text field (controlled or bound to react-hook-form), a rich-text field, a checkbox and a
 * form-level error. Every
 * form of the app builds on these, so labels, hints, errors and their ARIA wiring are one thing.
 */
export function createFields(namespace: string) {
  function Field({ label, hint, error, children }: FieldProps) {
    const id = useId();
    const text = useMessageText(namespace)(error);
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const describedBy = [hint ? hintId : null, text ? errorId : null].filter(Boolean).join(" ") || undefined;
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {children({ id, describedBy, invalid: Boolean(text) })}
        {hint ? (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        ) : null}
        {text ? <FieldMessage id={errorId} message={text} /> : null}
      </div>
    );
  }

  function TextField({
    label,
    hint,
    error,
    value,
    onChange,
    registration,
    multiline = false,
    isMono = false,
    ...rest
  }: TextFieldProps) {
    return (
      <Field label={label} hint={hint} error={error}>
        {({ id, describedBy, invalid }) => {
          const props = {
            id,
            "aria-describedby": describedBy,
            "aria-invalid": invalid,
            ...(registration ?? {
              value,
              onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
            }),
          };
          return multiline ? (
            <textarea className={styles.input} rows={5} {...props} />
          ) : (
            <input
              className={isMono ? `${styles.input} ${styles.mono}` : styles.input}
              autoComplete={registration ? "off" : undefined}
              {...rest}
              {...props}
            />
          );
        }}
      </Field>
    );
  }

  /** A text field for an address: monospace, with the `0x…` placeholder. */
  function AddressField(props: Omit<TextFieldProps, "isMono" | "placeholder">) {
    return <TextField {...props} isMono placeholder="0x…" />;
  }

  /**
   * The token picker: an address field suggesting the chain's token list (default list, whitelist and
   * the user's custom tokens; never a blacklisted token), with "add to my tokens" for an unknown one.
   */
  function TokenField({
    chainId,
    ...props
  }: Omit<TextFieldProps, "isMono" | "placeholder" | "list"> & { chainId: number }) {
    const listId = useId();
    return (
      <div>
        <TextField {...props} isMono placeholder="0x…" list={listId} />
        <TokenSuggestions
          id={listId}
          chainId={chainId}
          value={props.registration ? undefined : props.value}
        />
      </div>
    );
  }

  function CheckboxField({
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
      <div className={styles.check}>
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    );
  }

  /** A form-level message (on an array, on the whole form). */
  function FormError({ error, id }: { error: FieldMessageValue; id?: string }) {
    const text = useMessageText(namespace)(error);
    return text ? <FieldMessage id={id} message={text} /> : null;
  }

  function RichTextField({
    label,
    hint,
    error,
    value,
    onChange,
  }: {
    label: string;
    hint?: ReactNode;
    error?: FieldMessageValue;
    value: RichTextDocument;
    onChange: (value: RichTextDocument) => void;
  }) {
    return (
      <Field label={label} hint={hint} error={error}>
        {({ id, describedBy, invalid }) => (
          <RichTextEditor
            id={id}
            label={label}
            value={value}
            onChange={onChange}
            describedBy={describedBy}
            invalid={invalid}
          />
        )}
      </Field>
    );
  }

  return { Field, TextField, AddressField, TokenField, RichTextField, CheckboxField, FormError };
}
