import { amountTerminal } from "@polity/core/terminal";
import { useState } from "react";
import type { Address } from "viem";
import { useContractWriter } from "./useContractWriter.ts";
import { useDaoTransaction } from "./useDaoTransaction.ts";

/** What a terminal's typed amount is checked against: the balance, and a lower limit when one applies. */
export interface AmountBounds {
  decimals: number;
  /** The token's symbol, for the limit 'Overlimit' names ("at most 60 PFR now"). */
  symbol?: string | undefined;
  balance: bigint;
  /** The part of the balance that may move now (over it: 'Overlimit'). */
  limit?: bigint;
}

/** What the transaction of an amount terminal sends: the typed amount and the chosen NFTs. */
export interface AmountInput {
  amount: bigint;
  nftIds: bigint[];
}

/**
 * An amount terminal on one DAO (deposit, withdraw, delegate, undelegate, treasury deposit): the
 * DAO's transaction runner and wallet writer, the typed amount and chosen NFTs with core's terminal
 * rules (`form`), and `submit(send)`, which sends unless the form blocks or a transaction is in
 * flight and clears the inputs once it succeeded.
 */
export function useAmountTerminal(dao: Address, bounds: AmountBounds) {
  const writer = useContractWriter();
  const transaction = useDaoTransaction(dao);
  const [amountText, setAmountText] = useState("");
  const [nftIds, setNftIds] = useState<bigint[]>([]);
  const form = amountTerminal({
    amountText,
    decimals: bounds.decimals,
    balance: bounds.balance,
    ...(bounds.limit !== undefined && { limit: bounds.limit }),
    nftCount: nftIds.length,
  });
  function clear() {
    setAmountText("");
    setNftIds([]);
  }
  function submit(send: (input: AmountInput) => Promise<unknown>) {
    if (form.blocker || transaction.isBusy) return;
    void send({ amount: form.amount, nftIds: [...nftIds] }).then(clear, () => undefined);
  }
  return { ...writer, ...transaction, bounds, amountText, setAmountText, nftIds, setNftIds, form, submit };
}

export type AmountTerminal = ReturnType<typeof useAmountTerminal>;
