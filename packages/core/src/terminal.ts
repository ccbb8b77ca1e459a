/**
 * Terminal button states (spec section 5): the first reason a deposit/withdraw/claim/delegate
 * button cannot act — select amount, insufficient balance, invalid address, overlimit, already
 * claimed — or null when it can. Amounts are base units.
 */
import { isAddress } from "viem";
import type { MessageKey } from "./i18n/en.ts";

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
