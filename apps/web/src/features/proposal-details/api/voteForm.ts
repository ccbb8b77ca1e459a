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
