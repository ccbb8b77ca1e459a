import { PERCENT_BUTTONS } from "@polity/core/constants";
import { useTranslation } from "react-i18next";
import { Button } from "../../../shared/ui/Button.tsx";
import styles from "../Assets.module.css";
import { percentOf } from "../api/amountTerminal.ts";

interface AmountFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** What the percent buttons and Max take a share of. */
  balance: bigint;
  decimals: number;
  hint: string;
  inputError: string | null;
}

/** Amount input with the spec's 10/25/50/75 % buttons and Max. */
export function AmountField({
  id,
  label,
  value,
  onChange,
  balance,
  decimals,
  hint,
  inputError,
}: AmountFieldProps) {
  const { t } = useTranslation("assets");
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={value}
        aria-invalid={inputError !== null}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="muted">{hint}</span>
      <div className={styles.row}>
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
          {t("max")}
        </Button>
      </div>
      {inputError ? (
        <p className={styles.error} role="alert">
          {t(inputError, { ns: "core", decimals })}
        </p>
      ) : null}
    </div>
  );
}
