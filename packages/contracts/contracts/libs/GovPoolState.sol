// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage, EARLY, VALIDATORS_VOTE, QUORUM, EXECUTED, EXECUTED_FOR, MOVED, HAS_AGAINST} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";

interface IValidatorsState {
    function getProposalState(uint256 proposalId, bool isInternal) external view returns (uint8);

    function getExecuteAfter(uint256 proposalId, bool isInternal) external view returns (uint256);

    function hasValidators() external view returns (bool);
}

/// @title GovPoolState
/// @notice The proposal state machine of PROTOCOL.md ("Proposals"), shared by GovPool and its libraries.
library GovPoolState {

    /// @notice Execution window when the DAO set none.
    uint256 internal constant DEFAULT_EXECUTION_WINDOW = 30 days;
    /// @dev ERC-7201 slot of the DAO's execution window in seconds (zero: the default), outside the pool's
    /// sequential layout so that the state machine, inlined in the pool and its libraries, reads it without a
    /// parameter: keccak256(abi.encode(uint256(keccak256("polity.storage.GovPool.executionWindow")) - 1)) &
    /// ~bytes32(uint256(0xff)).
    bytes32 internal constant EXECUTION_WINDOW_SLOT = 0xe906816d8f357b8b7376e1004e3e040fe7d15d6d2f912e1f9dbce02ddbabbc00;

    /// @notice How long a succeeded proposal may be executed before it is Expired.
    function executionWindow() internal view returns (uint256 window) {
        assembly ("memory-safe") {
            window := sload(EXECUTION_WINDOW_SLOT)
        }
        if (window == 0) window = DEFAULT_EXECUTION_WINDOW;
    }

    function setExecutionWindow(uint256 window) internal {
        assembly ("memory-safe") {
            sstore(EXECUTION_WINDOW_SLOT, window)
        }
    }

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
                if (v == 2 || v == 4) {
                    return _expired(IValidatorsState(validators).getExecuteAfter(proposalId, false)) ? IGovTypes.ProposalState.Expired : succeeded;
                }
                return IGovTypes.ProposalState.Defeated;
            }
            if (flags & VALIDATORS_VOTE != 0 && IValidatorsState(validators).hasValidators()) {
                return IGovTypes.ProposalState.WaitingForVotingTransfer;
            }
            uint256 executeAfter = p.executeAfter;
            if (block.timestamp < executeAfter) return IGovTypes.ProposalState.Locked;
            return _expired(executeAfter) ? IGovTypes.ProposalState.Expired : succeeded;
        }
        return ended ? IGovTypes.ProposalState.Defeated : IGovTypes.ProposalState.Voting;
    }

    /// @dev A proposal executable since `executeAfter` that was not executed within the window is Expired (H2):
    /// it no longer locks its voters, and nothing can execute it.
    function _expired(uint256 executeAfter) private view returns (bool) {
        return block.timestamp >= executeAfter + executionWindow();
    }

    /// @notice Whether a proposal in `s` still locks the votes cast on it (not Expired).
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
