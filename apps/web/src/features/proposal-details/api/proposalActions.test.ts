import { InternalProposalState, ProposalState } from "@polity/core/proposalStates";
import { describe, expect, it } from "vitest";
import {
  availableValidatorVotes,
  availableVoteNfts,
  availableVoteTokens,
  pendingRewardsTotal,
  proposalActions,
} from "./proposalActions.ts";
import { fixtureDetails, fixtureUser } from "./proposalDetailsFixture.ts";

const E = (n: number) => BigInt(n) * 10n ** 18n;
const NOW = 1_899_500_000;
const VOTE = { isVoteFor: true, totalVoted: E(40), tokensVoted: 0n, totalRawVoted: E(40), nftsVoted: [] };

describe("proposalActions", () => {
  it("offers voting to a member with deposited tokens while members vote", () => {
    expect(proposalActions(fixtureDetails(ProposalState.Voting), NOW)).toEqual({
      actions: ["vote"],
      notice: null,
    });
  });

  it("offers adding to and cancelling an existing vote", () => {
    const details = fixtureDetails(ProposalState.Voting, { user: fixtureUser({ vote: VOTE }) });
    expect(proposalActions(details, NOW).actions).toEqual(["vote", "cancelVote"]);
  });

  it("only offers cancelling when every deposited token already votes", () => {
    const details = fixtureDetails(ProposalState.Voting, {
      user: fixtureUser({ walletBalance: 0n, vote: { ...VOTE, totalRawVoted: E(100) } }),
    });
    expect(proposalActions(details, NOW).actions).toEqual(["cancelVote"]);
  });

  it("lets a member vote with wallet tokens they have not deposited yet", () => {
    const details = fixtureDetails(ProposalState.Voting, { user: fixtureUser({ deposited: 0n }) });
    expect(proposalActions(details, NOW).actions).toEqual(["vote"]);
  });

  it("tells a user without tokens why they cannot vote, and asks a visitor to connect", () => {
    const broke = fixtureDetails(ProposalState.Voting, {
      user: fixtureUser({ deposited: 0n, walletBalance: 0n }),
    });
    expect(proposalActions(broke, NOW)).toEqual({ actions: [], notice: "actions.noTokens" });
    expect(proposalActions(fixtureDetails(ProposalState.Voting, { user: null }), NOW)).toEqual({
      actions: [],
      notice: "actions.connectToVote",
    });
  });

  it("lets anyone move a proposal waiting for the voting transfer", () => {
    expect(
      proposalActions(fixtureDetails(ProposalState.WaitingForVotingTransfer, { user: null }), NOW).actions,
    ).toEqual(["moveToValidators"]);
  });

  it("offers the validators' vote only to a validator with unused snapshot balance", () => {
    const validator = fixtureUser({ isValidator: true, validatorBalance: E(10) });
    expect(
      proposalActions(fixtureDetails(ProposalState.ValidatorVoting, { user: validator }), NOW).actions,
    ).toEqual(["validatorsVote"]);
    const spent = fixtureUser({
      isValidator: true,
      validatorBalance: E(10),
      validatorVotes: { votedFor: E(6), votedAgainst: E(4) },
    });
    expect(proposalActions(fixtureDetails(ProposalState.ValidatorVoting, { user: spent }), NOW)).toEqual({
      actions: [],
      notice: "actions.validatorsOnly",
    });
    expect(proposalActions(fixtureDetails(ProposalState.ValidatorVoting), NOW).notice).toBe(
      "actions.validatorsOnly",
    );
  });

  it("explains the execution delay while Locked", () => {
    const locked = fixtureDetails(ProposalState.Locked, {}, { executeAfter: BigInt(NOW + 3600) });
    expect(proposalActions(locked, NOW)).toEqual({ actions: [], notice: "actions.lockedUntil" });
    const ending = fixtureDetails(ProposalState.Locked, {}, { executeAfter: BigInt(NOW - 1) });
    expect(proposalActions(ending, NOW).notice).toBe("actions.lockedEnding");
  });

  it("reads the validators' delay when their stage is locked", () => {
    const details = fixtureDetails(
      ProposalState.Locked,
      {
        validatorsStage: {
          voteEnd: 0n,
          executeAfter: BigInt(NOW + 60),
          snapshotId: 1n,
          executed: false,
          quorumReached: true,
          quorum: 0n,
          votesFor: 0n,
          votesAgainst: 0n,
          totalSupply: 0n,
          state: InternalProposalState.Locked,
        },
      },
      { executeAfter: BigInt(NOW - 100) },
    );
    expect(proposalActions(details, NOW).notice).toBe("actions.lockedUntil");
  });

  it("offers execution once the proposal succeeded either way", () => {
    expect(proposalActions(fixtureDetails(ProposalState.SucceededFor), NOW).actions).toEqual(["execute"]);
    expect(proposalActions(fixtureDetails(ProposalState.SucceededAgainst), NOW).actions).toEqual(["execute"]);
  });

  it("offers claiming pending rewards, then shows 'already claimed'", () => {
    const rewards = {
      ...fixtureUser().rewards,
      staticRewards: E(10),
      votingRewards: { personal: E(2), micropool: 0n, treasury: 0n },
      multiplierBonus: E(1),
    };
    const pending = fixtureDetails(ProposalState.ExecutedFor, { user: fixtureUser({ rewards }) });
    // a locked multiplier NFT's bonus is paid by the same claim
    expect(pendingRewardsTotal(pending)).toBe(E(13));
    expect(proposalActions(pending, NOW).actions).toEqual(["claim"]);
    const claimed = fixtureDetails(ProposalState.ExecutedFor, {
      user: fixtureUser({ rewards: { ...fixtureUser().rewards, hasClaimed: true } }),
    });
    expect(proposalActions(claimed, NOW).actions).toEqual(["alreadyClaimed"]);
    expect(proposalActions(fixtureDetails(ProposalState.ExecutedAgainst), NOW).actions).toEqual([]);
  });

  it("says a defeated proposal was rejected", () => {
    expect(proposalActions(fixtureDetails(ProposalState.Defeated), NOW)).toEqual({
      actions: [],
      notice: "actions.defeated",
    });
    expect(proposalActions(fixtureDetails(ProposalState.Undefined), NOW).notice).toBe("actions.unknown");
  });

  it("offers nothing on an expired proposal and says it can no longer execute", () => {
    expect(proposalActions(fixtureDetails(ProposalState.Expired), NOW)).toEqual({
      actions: [],
      notice: "actions.expired",
    });
  });
});

describe("what is left to vote with", () => {
  it("subtracts the tokens already voted, counting NFT votes apart", () => {
    expect(availableVoteTokens(fixtureDetails(0, { user: fixtureUser({ vote: VOTE }) }))).toBe(E(60));
    const withNfts = fixtureUser({
      depositedNfts: [1n, 2n, 3n],
      vote: {
        isVoteFor: true,
        totalVoted: E(2540),
        tokensVoted: E(40),
        totalRawVoted: E(2540),
        nftsVoted: [2n],
      },
    });
    const details = fixtureDetails(0, { user: withNfts });
    expect(availableVoteTokens(details)).toBe(E(60));
    expect(availableVoteNfts(details)).toEqual([1n, 3n]);
    expect(availableVoteTokens(fixtureDetails(0, { user: null }))).toBe(0n);
  });

  it("subtracts validator votes from the snapshot balance", () => {
    const user = fixtureUser({
      validatorBalance: E(10),
      validatorVotes: { votedFor: E(6), votedAgainst: 0n },
    });
    expect(availableValidatorVotes(fixtureDetails(2, { user }))).toBe(E(4));
  });
});
