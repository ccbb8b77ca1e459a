import type { ReactNode } from "react";
import { tokenAmount } from "../format/tokenAmount.ts";
import { TerminalSubmit } from "../tx/TerminalSubmit.tsx";
import type { AmountTerminal } from "../tx/useAmountTerminal.ts";
import { AmountField } from "./AmountField.tsx";
import { Form } from "./Form.tsx";
import { NftPicker } from "./NftPicker.tsx";
import styles from "./Terminal.module.css";
import { TxSteps } from "./TxSteps.tsx";

interface AmountTerminalFormProps {
  terminal: AmountTerminal;
  title: string;
  /** Under the title (to whom, from whom). */
  intro?: ReactNode;
  /** The token amount field; null when the DAO has no governance token. */
  amount: { id: string; label: string; hint: string; hintTestId?: string } | null;
  /** The NFTs to choose from (nothing is shown when there are none). */
  nfts: { legend: string; ids: readonly bigint[] } | null;
  /** Explanations between the inputs and the button. */
  children?: ReactNode;
  /** The transactions the wallet will be asked to sign, in order. */
  steps?: { label: string; items: readonly { key: string; text: string }[] };
  submit: { testId: string; label: string };
  onSubmit(): void;
}

/**
 * The card of an amount terminal: title, amount with percent buttons (up to the limit when there is
 * one), NFTs, explanations, the transactions to sign, and the button with the terminal's states.
 */
export function AmountTerminalForm({
  terminal,
  title,
  intro,
  amount,
  nfts,
  children,
  steps,
  submit,
  onSubmit,
}: AmountTerminalFormProps) {
  const { bounds, form } = terminal;
  return (
    <Form className={styles.card} onSubmit={onSubmit}>
      <h1>{title}</h1>
      {intro}
      {amount ? (
        <AmountField
          id={amount.id}
          label={amount.label}
          value={terminal.amountText}
          onChange={terminal.setAmountText}
          balance={bounds.limit ?? bounds.balance}
          decimals={bounds.decimals}
          hint={amount.hint}
          {...(amount.hintTestId !== undefined && { hintTestId: amount.hintTestId })}
          inputError={form.inputError}
        />
      ) : null}
      {nfts ? (
        <NftPicker
          legend={nfts.legend}
          ids={nfts.ids}
          selected={terminal.nftIds}
          onChange={terminal.setNftIds}
        />
      ) : null}
      {children}
      {steps ? <TxSteps label={steps.label} steps={steps.items} /> : null}
      <TerminalSubmit
        blocker={form.blocker}
        decimals={bounds.decimals}
        limit={bounds.limit === undefined ? undefined : tokenAmount(bounds.limit, bounds)}
        testId={submit.testId}
        status={terminal.status}
      >
        {submit.label}
      </TerminalSubmit>
    </Form>
  );
}
