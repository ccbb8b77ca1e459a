// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage} from "../gov/GovPoolStorage.sol";
import {GovPoolState} from "./GovPoolState.sol";

/// @title GovPoolLocks
/// @notice Lazy unlock. Each user keeps a linked list (through their vote records) of the proposals they
/// voted in; the lock is the maximum of tokens voted over proposals still active, plus their voted NFTs.
library GovPoolLocks {
    uint8 internal constant V_IN_LIST = 2;
    uint8 internal constant V_NFT = 4;

    /// @notice Drops finished proposals from the user's list and returns the current lock.
    function unlock(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators
    ) external returns (uint256 lockedTokens, uint256[] memory lockedNfts) {
        uint256 id = u.head;
        uint256 prev;
        uint256 count;
        while (id != 0) {
            GovPoolStorage.VoteRecord storage r = votes[id][user];
            uint256 next = r.prevActive;
            if (GovPoolState.isActive(GovPoolState.state(proposals[id], id, validators))) {
                (lockedTokens, lockedNfts) = _accumulate(r, voteNfts[id][user], lockedTokens, lockedNfts);
                prev = id;
                ++count;
            } else {
                r.flags &= ~V_IN_LIST;
                r.prevActive = 0;
                if (prev == 0) u.head = uint64(next);
                else votes[prev][user].prevActive = uint64(next);
            }
            id = next;
        }
        u.activeCount = uint32(count);
    }

    /// @notice The current lock of a user, without writing.
    function locked(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators
    ) external view returns (uint256 lockedTokens, uint256[] memory lockedNfts) {
        uint256 id = u.head;
        while (id != 0) {
            GovPoolStorage.VoteRecord storage r = votes[id][user];
            if (GovPoolState.isActive(GovPoolState.state(proposals[id], id, validators))) {
                (lockedTokens, lockedNfts) = _accumulate(r, voteNfts[id][user], lockedTokens, lockedNfts);
            }
            id = r.prevActive;
        }
    }

    function _accumulate(
        GovPoolStorage.VoteRecord storage r,
        uint256[] storage nfts,
        uint256 lockedTokens,
        uint256[] memory lockedNfts
    ) private view returns (uint256, uint256[] memory) {
        bool hasNfts = r.flags & V_NFT != 0;
        uint256 tokens = hasNfts ? r.tokensVoted : r.rawVoted;
        if (tokens > lockedTokens) lockedTokens = tokens;
        if (hasNfts && nfts.length > 0) {
            uint256[] memory merged = new uint256[](lockedNfts.length + nfts.length);
            for (uint256 i; i < lockedNfts.length; ++i) merged[i] = lockedNfts[i];
            for (uint256 i; i < nfts.length; ++i) merged[lockedNfts.length + i] = nfts[i];
            lockedNfts = merged;
        }
        return (lockedTokens, lockedNfts);
    }
}
