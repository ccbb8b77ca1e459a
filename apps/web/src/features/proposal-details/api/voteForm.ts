import { parseAmount } from "@polity/core/bigAmount";
import { PERCENT_BUTTONS } from "@polity/core/constants";
import { terminalButtonState } from "@polity/core/terminal";
import { issueMessage } from "@polity/core/validation/issues";
import { amountSchema } from "@polity/core/validation/rules";
import { formatUnits } from "viem";

export { PERCENT_BUTTONS };

export interface VoteFormInput {
  amountText: string;
  decimals: number;
  /** Tokens the user can still vote with. */
  balance: bigint;
  nftIds: readonly bigint[];
}

export interface VoteFormState {
  amount: bigint;
  /** An input error (invalid number, too many decimals) as a core message key. */
  inputError: string | null;
  /** The terminal button state blocking the vote (select amount, insufficient balance), or null. */
  blocker: string | null;
}

/**
 * The voting terminal's rules: a vote needs tokens or NFTs; typed amounts follow core's numeric
 * input rules and may not exceed what the user can still vote with.
 */
export function voteFormState(input: VoteFormInput): VoteFormState {
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
  if (amount === 0n && input.nftIds.length > 0) return { amount, inputError: null, blocker: null };
  return {
    amount,
    inputError: null,
    blocker: terminalButtonState({ amount: text === "" ? null : amount, balance: input.balance }),
  };
}

/** The amount text for a percent button (10/25/50/75) or Max (100) of a balance, truncated. */
export function percentOf(balance: bigint, percent: number, decimals: number): string {
  const value = (balance * BigInt(percent)) / 100n;
  return formatUnits(value, decimals);
}

export type VoteStep = "approve" | "depositAndVote" | "vote";

/**
 * The transactions a vote needs: tokens beyond what is deposited come from the wallet — approved
 * when the allowance is short, then deposited and voted in one pool `multicall`.
 */
export function voteSteps(input: { amount: bigint; deposited: bigint; allowance: bigint }): {
  steps: VoteStep[];
  depositAmount: bigint;
} {
  const depositAmount = input.amount > input.deposited ? input.amount - input.deposited : 0n;
  if (depositAmount === 0n) return { steps: ["vote"], depositAmount };
  const steps: VoteStep[] =
    input.allowance < depositAmount ? ["approve", "depositAndVote"] : ["depositAndVote"];
  return { steps, depositAmount };
}
