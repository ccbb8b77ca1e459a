// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";

interface IValidatorsState {
    function getProposalState(uint256 proposalId, bool isInternal) external view returns (uint8);

    function hasValidators() external view returns (bool);
}

/// @title GovPoolState
/// @notice The proposal state machine of PROTOCOL.md ("Proposals"), shared by GovPool and its libraries.
library GovPoolState {
    uint8 internal constant EARLY = 1;
    uint8 internal constant VALIDATORS_VOTE = 2;
    uint8 internal constant QUORUM = 4;
    uint8 internal constant EXECUTED = 8;
    uint8 internal constant EXECUTED_FOR = 16;
    uint8 internal constant MOVED = 32;
    uint8 internal constant HAS_AGAINST = 64;

    function state(
        GovPoolStorage.Proposal storage p,
        uint256 proposalId,
        address validators
    ) internal view returns (IGovTypes.ProposalState) {
        uint8 flags = p.flags;
        uint256 voteEnd = p.voteEnd;
        if (voteEnd == 0) return IGovTypes.ProposalState.Undefined;
        if (flags & EXECUTED != 0) {
            return flags & EXECUTED_FOR != 0 ? IGovTypes.ProposalState.ExecutedFor : IGovTypes.ProposalState.ExecutedAgainst;
        }
        bool ended = block.timestamp >= voteEnd;
        if (flags & QUORUM != 0 && (ended || flags & EARLY != 0)) {
            uint256 votesFor = p.votesFor;
            uint256 votesAgainst = p.votesAgainst;
            if (votesAgainst >= votesFor && flags & HAS_AGAINST == 0) return IGovTypes.ProposalState.Defeated;
            IGovTypes.ProposalState succeeded = votesFor > votesAgainst ? IGovTypes.ProposalState.SucceededFor : IGovTypes.ProposalState.SucceededAgainst;
            if (flags & MOVED != 0) {
                uint256 v = uint256(IValidatorsState(validators).getProposalState(proposalId, false));
                // validators' states: Voting 0, Defeated 1, Succeeded 2, Locked 3, Executed 4, Undefined 5
                if (v == 0) return IGovTypes.ProposalState.ValidatorVoting;
                if (v == 3) return IGovTypes.ProposalState.Locked;
                if (v == 2 || v == 4) return succeeded;
                return IGovTypes.ProposalState.Defeated;
            }
            if (flags & VALIDATORS_VOTE != 0 && IValidatorsState(validators).hasValidators()) {
                return IGovTypes.ProposalState.WaitingForVotingTransfer;
            }
            return block.timestamp < p.executeAfter ? IGovTypes.ProposalState.Locked : succeeded;
        }
        return ended ? IGovTypes.ProposalState.Defeated : IGovTypes.ProposalState.Voting;
    }

    /// @notice Whether a proposal in `s` still locks the votes cast on it.
    function isActive(IGovTypes.ProposalState s) internal pure returns (bool) {
        return
            s == IGovTypes.ProposalState.Voting ||
            s == IGovTypes.ProposalState.WaitingForVotingTransfer ||
            s == IGovTypes.ProposalState.ValidatorVoting ||
            s == IGovTypes.ProposalState.Locked ||
            s == IGovTypes.ProposalState.SucceededFor ||
            s == IGovTypes.ProposalState.SucceededAgainst;
    }
}
