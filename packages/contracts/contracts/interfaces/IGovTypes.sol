// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Shared types of the Polity governance protocol
/// @notice Structs and enums used across GovPool, GovSettings, GovUserKeeper, GovValidators and PoolFactory.
interface IGovTypes {
    /// @notice Proposal states, numbered as the product spec numbers them; Expired (10) follows them: a
    /// proposal that could execute but was not executed within the DAO's execution window.
    enum ProposalState {
        Voting,
        WaitingForVotingTransfer,
        ValidatorVoting,
        Defeated,
        SucceededFor,
        SucceededAgainst,
        Locked,
        ExecutedFor,
        ExecutedAgainst,
        Undefined,
        Expired
    }

    /// @notice Vote kinds (spec): personal 0, micropool 1, delegated 2, treasury 3.
    enum VoteType {
        PersonalVote,
        MicropoolVote,
        DelegatedVote,
        TreasuryVote
    }

    /// @notice Vote-power models: linear 0, polynomial 1, custom 2.
    enum VotePowerType {
        Linear,
        Polynomial,
        Custom
    }

    /// @notice One call of a proposal.
    struct ProposalAction {
        address executor;
        uint256 value;
        bytes data;
    }

    struct RewardsInfo {
        address rewardToken;
        uint256 creationReward;
        uint256 executionReward;
        uint256 voteRewardsCoefficient;
    }

    /// @notice Settings governing a proposal (one per executor slot).
    /// @dev Percentages have 25 decimals (100% = 10**27). Durations are seconds.
    struct ProposalSettings {
        bool earlyCompletion;
        bool delegatedVotingAllowed;
        bool validatorsVote;
        uint64 duration;
        uint64 durationValidators;
        uint64 executionDelay;
        uint128 quorum;
        uint128 quorumValidators;
        uint256 minVotesForVoting;
        uint256 minVotesForCreating;
        RewardsInfo rewardsInfo;
        string executorDescription;
    }

    struct ProposalView {
        uint256 id;
        ProposalState state;
        uint256 settingsId;
        address creator;
        uint256 voteEnd;
        uint256 executeAfter;
        uint256 executionDelay;
        bool earlyCompletion;
        bool validatorsVote;
        bool hasActionsOnAgainst;
        bool quorumReached;
        bool movedToValidators;
        bool executed;
        uint256 requiredQuorum;
        uint256 minVotesForVoting;
        uint256 votesFor;
        uint256 votesAgainst;
        uint256 rawVotesFor;
        uint256 rawVotesAgainst;
        bytes32 actionsHash;
    }
}
