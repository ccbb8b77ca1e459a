import { parseAmount } from "@polity/core/bigAmount";
import { terminalButtonState } from "@polity/core/terminal";
import { issueMessage } from "@polity/core/validation/issues";
import { amountSchema } from "@polity/core/validation/rules";
import { formatUnits } from "viem";

export interface AmountTerminalInput {
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
  /** Input rule broken (invalid number, too many decimals), as a core message key. */
  inputError: string | null;
  /** The terminal button state (select amount, insufficient balance, overlimit, invalid address) or null. */
  blocker: string | null;
}

/** The spec's terminal rules over a typed amount: core's numeric input rules, then the button states. */
export function amountTerminal(input: AmountTerminalInput): AmountTerminalState {
  const text = input.amountText.trim();
  if (text !== "") {
    const parsed = amountSchema({ decimals: input.decimals }).safeParse(text);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue ? issueMessage(issue).key : "validation.invalidNumber";
      return { amount: 0n, inputError: key, blocker: key };
    }
  }
  const amount = text === "" ? 0n : parseAmount(text, input.decimals);
  const hasNfts = (input.nftCount ?? 0) > 0;
  const blocker = terminalButtonState({
    amount: hasNfts && amount === 0n ? 1n : text === "" ? null : amount,
    balance: hasNfts && amount === 0n ? 1n : input.balance,
    ...(input.limit !== undefined && { limit: hasNfts && amount === 0n ? 1n : input.limit }),
    ...(input.address !== undefined && { address: input.address }),
  });
  return { amount, inputError: null, blocker };
}

/** Amount text for a percent button (10/25/50/75) or Max (100) of a balance. */
export function percentOf(balance: bigint, percent: number, decimals: number): string {
  return formatUnits((balance * BigInt(percent)) / 100n, decimals);
}
