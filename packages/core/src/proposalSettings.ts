import type { ContractFunctionReturnType } from "viem";
import type { govSettingsAbi } from "./generated/contracts.ts";

/**
 * One proposal-settings slot as GovSettings stores and returns it (`IGovTypes.ProposalSettings`):
 * durations in seconds, quorums with 25 decimals (100% = 10^27), amounts in token units.
 * Derived from the generated ABI, so a change of the struct reaches every user through the types.
 */
export type OnchainProposalSettings = ContractFunctionReturnType<
  typeof govSettingsAbi,
  "view",
  "getSettings"
>;

/** Rewards of a settings slot (`IGovTypes.RewardsInfo`). */
export type OnchainRewardsInfo = OnchainProposalSettings["rewardsInfo"];
