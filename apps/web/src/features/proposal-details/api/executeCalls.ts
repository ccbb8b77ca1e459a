import { govPoolAbi } from "@polity/core/generated/contracts";
import { ProposalState } from "@polity/core/proposalStates";
import { type Address, encodeFunctionData, type Hex } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import type { ProposalDetails } from "./fetchProposalDetails.ts";

/** Native value the executed side's actions carry (execute is payable and forwards it). */
export function executeValue(details: ProposalDetails): bigint {
  const actions =
    details.proposal.state === ProposalState.SucceededAgainst
      ? details.actionsOnAgainst
      : details.actionsOnFor;
  return actions.reduce((sum, action) => sum + action.value, 0n);
}

export function executeArgs(details: ProposalDetails) {
  return [details.proposal.id, [...details.actionsOnFor], [...details.actionsOnAgainst]] as const;
}

/**
 * Execute, then claim the caller's rewards of the proposal — one atomic batch for wallets that
 * support EIP-5792 (`claimRewards` pays nothing and does not revert when there is nothing to claim).
 */
export function executeAndClaimCalls(
  details: ProposalDetails,
  user: Address,
): { to: Address; data: Hex; value: bigint }[] {
  return [
    {
      to: details.dao,
      value: executeValue(details),
      data: encodeFunctionData({ abi: govPoolAbi, functionName: "execute", args: executeArgs(details) }),
    },
    {
      to: details.dao,
      value: 0n,
      data: encodeFunctionData({
        abi: govPoolAbi,
        functionName: "claimRewards",
        args: [[details.proposal.id], user],
      }),
    },
  ];
}

/** Whether a wallet's EIP-5792 capabilities for a chain allow an atomic batch. */
export function supportsAtomicBatch(capabilities: unknown): boolean {
  const status = (capabilities as { atomic?: { status?: string } } | null | undefined)?.atomic?.status;
  return status === "supported" || status === "ready";
}

/**
 * Whether executing also claims the caller's rewards. `claimRewards` reverts (`GovPoolNothingToClaim`) when
 * nothing is owed, and a proposal whose settings have no reward token owes nothing: it is executed alone.
 */
export function claimsOnExecute(details: Pick<ProposalDetails, "rewardToken">): boolean {
  return details.rewardToken !== null;
}

/**
 * The same pair as one `multicall` of the pool (OpenZeppelin Multicall: delegatecalls keep the
 * caller). Only for proposals whose actions carry no native value: multicall is not payable.
 */
export function executeAndClaimMulticall(details: ProposalDetails, user: Address): Hex[] | null {
  if (executeValue(details) > 0n || !claimsOnExecute(details)) return null;
  return executeAndClaimCalls(details, user).map((call) => call.data);
}

/**
 * Whether the execute-and-claim `multicall` goes through for `user` now, asked of the node (`eth_call`):
 * `claimRewards` reverts when the caller is owed nothing (it did not vote, the settings pay no execution
 * reward, or the treasury cannot pay), and the proposal is then executed alone.
 */
export async function claimGoesThrough(
  client: Pick<ReadClient, "call">,
  details: Pick<ProposalDetails, "dao">,
  user: Address,
  batch: readonly Hex[],
): Promise<boolean> {
  try {
    await client.call({
      account: user,
      to: details.dao,
      data: encodeFunctionData({ abi: govPoolAbi, functionName: "multicall", args: [batch] }),
    });
    return true;
  } catch {
    return false;
  }
}
