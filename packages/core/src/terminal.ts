/**
 * Terminal button states (spec section 5): the first reason a deposit/withdraw/claim/delegate
 * button cannot act — select amount, insufficient balance, invalid address, overlimit, already
 * claimed — or null when it can. Amounts are base units.
 */
import { formatUnits, isAddress } from "viem";
import { parseAmount } from "./bigAmount.ts";
import type { MessageKey } from "./i18n/en.ts";
import { amountTextIssue } from "./validation/amountText.ts";

export type TerminalInput = {
  amount: bigint | null;
  balance: bigint;
  /** Maximum allowed (e.g. a sale allocation); no limit when undefined. */
  limit?: bigint;
  /** Receiver/delegatee typed by the user, when the terminal has one. */
  address?: string;
  isClaimed?: boolean;
};

export function terminalButtonState(input: TerminalInput): MessageKey | null {
  if (input.isClaimed) return "terminal.alreadyClaimed";
  if (input.address !== undefined && !isAddress(input.address, { strict: false }))
    return "terminal.invalidAddress";
  if (input.amount === null || input.amount <= 0n) return "terminal.selectAmount";
  if (input.amount > input.balance) return "terminal.insufficientBalance";
  if (input.limit !== undefined && input.amount > input.limit) return "terminal.overlimit";
  return null;
}

export interface AmountTerminalInput {
  /** The amount as the user typed it. */
  amountText: string;
  decimals: number;
  balance: bigint;
  /** Upper bound besides the balance (overlimit). */
  limit?: bigint;
  /** NFTs chosen alongside the amount: an empty amount is then fine. */
  nftCount?: number;
  /** Receiver typed by the user, when the terminal has one. */
  address?: string;
}

export interface AmountTerminalState {
  amount: bigint;
  /** Input rule broken (invalid number, too many decimals), as a message key. */
  inputError: string | null;
  /** The first reason the terminal's button cannot act (an input error or a button state), or null. */
  blocker: string | null;
}

/**
 * A terminal over a typed amount (deposit, withdraw, vote, validators' vote): the numeric input
 * rules first, then the button states.
 */
export function amountTerminal(input: AmountTerminalInput): AmountTerminalState {
  const text = input.amountText.trim();
  if (text !== "") {
    const issue = amountTextIssue(text, { decimals: input.decimals });
    if (issue) return { amount: 0n, inputError: issue.key, blocker: issue.key };
  }
  const amount = text === "" ? 0n : parseAmount(text, input.decimals);
  const isNftsOnly = (input.nftCount ?? 0) > 0 && amount === 0n;
  const blocker = terminalButtonState({
    amount: isNftsOnly ? 1n : text === "" ? null : amount,
    balance: isNftsOnly ? 1n : input.balance,
    ...(input.limit !== undefined && { limit: isNftsOnly ? 1n : input.limit }),
    ...(input.address !== undefined && { address: input.address }),
  });
  return { amount, inputError: null, blocker };
}

/** Amount text for a percent button (10/25/50/75) or Max (100) of a balance, truncated. */
export function percentOf(balance: bigint, percent: number, decimals: number): string {
  return formatUnits((balance * BigInt(percent)) / 100n, decimals);
}
