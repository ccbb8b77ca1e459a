import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button.tsx";
import { isSubmitting, type SubmitStatus } from "./submitReducer.ts";
import styles from "./TerminalSubmit.module.css";

/**
 * A transaction's outcome under the control that sent it: the error (a `core` or `common` message
 * key) and, with `showsProgress`, the step it is at (sign, wait for confirmation, confirmed).
 */
export function TransactionStatus({
  status,
  showsProgress = true,
}: {
  status: SubmitStatus;
  showsProgress?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {status.error ? (
        <p className={styles.error} role="alert">
          {t(status.error, { ns: ["core", "common"] })}
        </p>
      ) : null}
      {showsProgress && status.state !== "IDLE" ? (
        <p className="muted" data-testid="submit-state">
          {t(`submit.${status.state}`)}
        </p>
      ) : null}
    </>
  );
}

/**
 * A terminal's submit button: it names the first reason it cannot act (`amountTerminal`'s blocker,
 * a `core` message key) or else its action (`children`), and spins while a transaction is under way.
 */
export function TerminalButton({
  blocker,
  decimals,
  limit,
  isBusy,
  testId,
  children,
}: {
  blocker: string | null;
  /** Decimals of the amount, for the blocker's message. */
  decimals: number;
  /** The limit an amount may not pass, as shown ("1,000 PFR"): 'Overlimit' then says it. */
  limit?: string | undefined;
  isBusy: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Button type="submit" isBlock isLoading={isBusy} disabled={blocker !== null} data-testid={testId}>
      {blocker === "terminal.overlimit" && limit
        ? t("terminal.overlimitOf", { ns: "core", limit })
        : blocker
          ? t(blocker, { ns: "core", decimals })
          : children}
    </Button>
  );
}

/**
 * The foot of a terminal: its submit button (`TerminalButton`, spinning while the transaction is
 * signed or confirmed) with the transaction's outcome under it (`TransactionStatus`).
 */
export function TerminalSubmit({
  blocker,
  decimals,
  limit,
  status,
  testId,
  showsProgress = true,
  children,
}: {
  blocker: string | null;
  decimals: number;
  /** The amount's limit as shown, when there is one besides the balance. */
  limit?: string | undefined;
  status: SubmitStatus;
  testId: string;
  showsProgress?: boolean;
  children: ReactNode;
}) {
  const isBusy = isSubmitting(status);
  return (
    <>
      <TerminalButton blocker={blocker} decimals={decimals} limit={limit} isBusy={isBusy} testId={testId}>
        {children}
      </TerminalButton>
      <TransactionStatus status={status} showsProgress={showsProgress} />
    </>
  );
}
