// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IGovTypes} from "../interfaces/IGovTypes.sol";

/// @title CreationWord
/// @notice The fields of a settings slot that proposal creation needs, packed in one storage word. Written by
/// GovSettings (its own copy and the copy it pushes to the GovPool), read by both.
/// @dev bit 0: written (a zero word means "absent"); 1: earlyCompletion; 2: validatorsVote; 3-34: duration;
/// 35-66: executionDelay; 67-156: quorum (<= 10^27 < 2^90); 157-252: minVotesForVoting; 255:
/// minVotesForCreating is zero (its own slot is then not read). GovSettings validates every bound before
/// packing: duration and executionDelay < 2^32, quorum <= 10^27, minVotesForVoting < 2^96.
library CreationWord {
    uint256 internal constant WRITTEN = 1;
    uint256 internal constant NO_MIN_CREATING = 1 << 255;
    uint256 private constant QUORUM_MASK = (1 << 90) - 1;

    struct Fields {
        bool earlyCompletion;
        bool validatorsVote;
        uint64 duration;
        uint64 executionDelay;
        uint128 quorum;
        uint256 minVotesForVoting;
        /// @dev not in the word (its own slot); `unpack` leaves it zero
        uint256 minVotesForCreating;
    }

    function pack(IGovTypes.ProposalSettings calldata s) internal pure returns (uint256) {
        return
            (s.minVotesForCreating == 0 ? NO_MIN_CREATING : 0) |
            _word(s.earlyCompletion, s.validatorsVote, s.duration, s.executionDelay, s.quorum, s.minVotesForVoting);
    }

    /// @notice The word of `f` (GovSettings validated its bounds), without the minVotesForCreating flag.
    function packFields(Fields memory f) internal pure returns (uint256) {
        return _word(f.earlyCompletion, f.validatorsVote, f.duration, f.executionDelay, f.quorum, f.minVotesForVoting);
    }

    function _word(
        bool earlyCompletion,
        bool validatorsVote,
        uint256 duration,
        uint256 executionDelay,
        uint256 quorum,
        uint256 minVotesForVoting
    ) private pure returns (uint256) {
        return
            WRITTEN |
            (earlyCompletion ? 2 : 0) |
            (validatorsVote ? 4 : 0) |
            (duration << 3) |
            (executionDelay << 35) |
            (quorum << 67) |
            (minVotesForVoting << 157);
    }

    function unpack(uint256 word) internal pure returns (Fields memory f) {
        f.earlyCompletion = word & 2 != 0;
        f.validatorsVote = word & 4 != 0;
        f.duration = uint64((word >> 3) & type(uint32).max);
        f.executionDelay = uint64((word >> 35) & type(uint32).max);
        f.quorum = uint128((word >> 67) & QUORUM_MASK);
        f.minVotesForVoting = (word >> 157) & type(uint96).max;
    }
}
