import { PERCENT_BUTTONS } from "@polity/core/constants";
import { percentOf } from "@polity/core/terminal";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./AmountField.module.css";
import { Button } from "./Button.tsx";
import { fieldStyles } from "./Field.tsx";

interface AmountFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** What the percent buttons and Max take a share of. */
  balance: bigint;
  decimals: number;
  /** What the user has to spend, under the input. */
  hint: ReactNode;
  hintTestId?: string;
  /** The typed amount's input error (core's `amountTerminal`), as a `core` message key. */
  inputError: string | null;
}

/**
 * The amount input of every terminal (deposit, withdraw, treasury, vote, validators' vote): the spec's
 * 10/25/50/75 % buttons and Max, and the typed amount's input error. The terminal's button shows
 * `amountTerminal`'s blocker (select amount, insufficient balance, invalid address, overlimit).
 */
export function AmountField({
  id,
  label,
  value,
  onChange,
  balance,
  decimals,
  hint,
  hintTestId,
  inputError,
}: AmountFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={fieldStyles.input}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={value}
        aria-invalid={inputError !== null}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className={fieldStyles.hint} data-testid={hintTestId}>
        {hint}
      </span>
      <div className={styles.percents}>
        {PERCENT_BUTTONS.map((percent) => (
          <Button
            key={percent}
            variant="secondary"
            size="small"
            onClick={() => onChange(percentOf(balance, percent, decimals))}
          >
            {percent}%
          </Button>
        ))}
        <Button variant="secondary" size="small" onClick={() => onChange(percentOf(balance, 100, decimals))}>
          {t("amount.max")}
        </Button>
      </div>
      {inputError ? (
        <p className={fieldStyles.error} role="alert">
          {t(inputError, { ns: "core", decimals })}
        </p>
      ) : null}
    </div>
  );
}
