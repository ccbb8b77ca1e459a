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
            WRITTEN |
            (s.minVotesForCreating == 0 ? NO_MIN_CREATING : 0) |
            (s.earlyCompletion ? 2 : 0) |
            (s.validatorsVote ? 4 : 0) |
            (uint256(s.duration) << 3) |
            (uint256(s.executionDelay) << 35) |
            (uint256(s.quorum) << 67) |
            (s.minVotesForVoting << 157);
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
