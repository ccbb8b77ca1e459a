import { InternalProposalState, ProposalState, toProposalState } from "@polity/core/proposalStates";
import type { ProposalDetails } from "./fetchProposalDetails.ts";

export type ProposalActionId =
  | "vote"
  | "cancelVote"
  | "moveToValidators"
  | "validatorsVote"
  | "execute"
  | "claim"
  | "alreadyClaimed";

export interface ActionsView {
  actions: ProposalActionId[];
  /** Why nothing (or less) can be done now: an i18n key of the proposalDetails namespace. */
  notice: string | null;
}

export function pendingRewardsTotal(details: ProposalDetails): bigint {
  const r = details.user?.rewards;
  if (!r) return 0n;
  return (
    r.staticRewards +
    r.votingRewards.personal +
    r.votingRewards.micropool +
    r.votingRewards.treasury +
    r.multiplierBonus +
    r.offchainRewards.reduce((sum, v) => sum + v, 0n)
  );
}

/** Tokens the user may still add to their vote on this proposal. */
export function availableVoteTokens(details: ProposalDetails): bigint {
  const user = details.user;
  if (!user) return 0n;
  const used =
    user.vote.tokensVoted > 0n || user.vote.nftsVoted.length > 0
      ? user.vote.tokensVoted
      : user.vote.totalRawVoted;
  return user.deposited > used ? user.deposited - used : 0n;
}

/** Deposited NFTs not yet voted with on this proposal. */
export function availableVoteNfts(details: ProposalDetails): bigint[] {
  const user = details.user;
  if (!user) return [];
  const voted = new Set(user.vote.nftsVoted.map(String));
  return user.depositedNfts.filter((id) => !voted.has(String(id)));
}

/** Validator tokens the user may still put on the validators' stage. */
export function availableValidatorVotes(details: ProposalDetails): bigint {
  const user = details.user;
  if (!user) return 0n;
  const used = user.validatorVotes.votedFor + user.validatorVotes.votedAgainst;
  return user.validatorBalance > used ? user.validatorBalance - used : 0n;
}

/**
 * What the connected user can do with a proposal in its current state (spec section 4): vote and
 * cancel while members vote, move to validators, vote as a validator, execute once it succeeded (until
 * the DAO's execution window expires it), claim rewards once executed — or the reason nothing is available.
 */
export function proposalActions(details: ProposalDetails, nowSeconds: number): ActionsView {
  const state = toProposalState(details.proposal.state);
  const user = details.user;
  const actions: ProposalActionId[] = [];
  let notice: string | null = null;
  switch (state) {
    case ProposalState.Voting: {
      if (!user) {
        notice = "actions.connectToVote";
        break;
      }
      // Wallet tokens count too: the voting terminal deposits them first.
      const canAdd =
        availableVoteTokens(details) > 0n || availableVoteNfts(details).length > 0 || user.walletBalance > 0n;
      if (canAdd) actions.push("vote");
      else if (user.vote.totalRawVoted === 0n) notice = "actions.noTokens";
      if (user.vote.totalRawVoted > 0n) actions.push("cancelVote");
      break;
    }
    case ProposalState.WaitingForVotingTransfer:
      actions.push("moveToValidators");
      break;
    case ProposalState.ValidatorVoting:
      if (user?.isValidator && availableValidatorVotes(details) > 0n) actions.push("validatorsVote");
      else notice = "actions.validatorsOnly";
      break;
    case ProposalState.Locked: {
      const executeAfter = Number(
        details.validatorsStage && details.validatorsStage.state === InternalProposalState.Locked
          ? details.validatorsStage.executeAfter
          : details.proposal.executeAfter,
      );
      notice = executeAfter > nowSeconds ? "actions.lockedUntil" : "actions.lockedEnding";
      break;
    }
    case ProposalState.SucceededFor:
    case ProposalState.SucceededAgainst:
      // Execution needs the proposal's actions, which come from the indexer's record.
      if (details.indexed === "unavailable") notice = "actions.actionsUnavailable";
      else actions.push("execute");
      break;
    case ProposalState.ExecutedFor:
    case ProposalState.ExecutedAgainst:
      if (!user) break;
      if (pendingRewardsTotal(details) > 0n) actions.push("claim");
      else if (user.rewards.hasClaimed) actions.push("alreadyClaimed");
      break;
    case ProposalState.Defeated:
      notice = "actions.defeated";
      break;
    case ProposalState.Expired:
      notice = "actions.expired";
      break;
    default:
      notice = "actions.unknown";
  }
  return { actions, notice };
}
