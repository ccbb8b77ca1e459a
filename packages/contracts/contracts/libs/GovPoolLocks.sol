// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage} from "../gov/GovPoolStorage.sol";
import {GovPoolState} from "./GovPoolState.sol";
import {GovPoolView} from "./GovPoolView.sol";

interface IUserKeeperBalances {
    function tokenBalance(address user) external view returns (uint256);

    function nftBalance(address user) external view returns (uint256[] memory);

    function withdraw(address payer, address receiver, uint256 amount, uint256[] calldata nftIds) external;
}

/// @title GovPoolLocks
/// @notice Lazy unlock. Each user keeps a linked list (through their vote records) of the proposals they
/// voted in; the lock is the maximum of tokens voted over proposals still active, plus their voted NFTs.
library GovPoolLocks {
    uint8 internal constant QUORUM = 4;
    uint8 internal constant NONLINEAR = 128;
    uint8 internal constant V_FOR = 1;
    uint8 internal constant V_IN_LIST = 2;
    uint8 internal constant V_NFT = 4;
    uint256 internal constant MIRROR_SATURATED = type(uint112).max;

    error GovPoolNothingToCancel(uint256 proposalId);
    error GovPoolSameBlockDeposit(address account);
    error GovPoolWithdrawLocked(address account, uint256 withdrawable, uint256 requested);
    error GovPoolNftLocked(uint256 nftId);

    event VoteCanceled(uint256 indexed proposalId, address indexed voter, bool isVoteFor, uint256 rawVoted, uint256 voted);
    event QuorumUnreached(uint256 indexed proposalId);

    /// @notice Removes the caller's whole vote from a proposal (the pool checked it is in Voting); drops the
    /// quorum flag when the remaining votes fall below it.
    function cancelVote(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        mapping(address => uint256[]) storage voteNfts,
        uint256 proposalId
    ) external {
        uint256 raw = r.rawVoted;
        if (raw == 0) revert GovPoolNothingToCancel(proposalId);
        bool nonlinear = p.flags & NONLINEAR != 0;
        uint256 voted = nonlinear ? r.voted : raw;
        bool isVoteFor = r.flags & V_FOR != 0;
        r.rawVoted = 0;
        r.flags &= V_IN_LIST;
        if (nonlinear) r.voted = 0;
        if (r.tokensVoted != 0) r.tokensVoted = 0;
        delete voteNfts[msg.sender];
        if (isVoteFor) {
            p.votesFor -= uint128(voted);
            if (nonlinear) p.rawVotesFor -= uint128(raw);
        } else {
            p.votesAgainst -= uint128(voted);
            if (nonlinear) p.rawVotesAgainst -= uint128(raw);
        }
        emit VoteCanceled(proposalId, msg.sender, isVoteFor, raw, voted);
        uint256 quorumVotes = p.quorumVotes;
        if (p.flags & QUORUM != 0 && p.votesFor < quorumVotes && p.votesAgainst < quorumVotes) {
            p.flags &= ~QUORUM;
            p.executeAfter = 0;
            emit QuorumUnreached(proposalId);
        }
    }

    /// @notice Drops finished proposals from the user's list and returns the current lock.
    function unlock(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators
    ) public returns (uint256 lockedTokens, uint256[] memory lockedNfts) {
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

    /// @notice Withdraws the caller's unlocked deposited assets to `receiver` (after a lazy unlock) and updates
    /// the pool's mirror of the caller's deposited tokens. Reverts in the block of the caller's last deposit.
    function withdraw(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address validators,
        address userKeeper,
        address receiver,
        uint256 amount,
        uint256[] calldata nftIds
    ) external {
        if (u.lastDepositBlock == block.number) revert GovPoolSameBlockDeposit(msg.sender);
        (uint256 lockedTokens, uint256[] memory lockedNfts) = unlock(
            proposals,
            votes,
            voteNfts,
            u,
            msg.sender,
            validators
        );
        if (amount > 0) {
            uint256 deposited = IUserKeeperBalances(userKeeper).tokenBalance(msg.sender);
            uint256 free = deposited > lockedTokens ? deposited - lockedTokens : 0;
            if (amount > free) revert GovPoolWithdrawLocked(msg.sender, free, amount);
            uint256 rest = deposited - amount;
            u.deposited = uint112(rest < MIRROR_SATURATED ? rest : MIRROR_SATURATED);
        }
        for (uint256 i; i < nftIds.length; ++i) {
            for (uint256 j; j < lockedNfts.length; ++j) {
                if (nftIds[i] == lockedNfts[j]) revert GovPoolNftLocked(nftIds[i]);
            }
        }
        IUserKeeperBalances(userKeeper).withdraw(msg.sender, receiver, amount, nftIds);
    }

    /// @notice Deposited assets `user` could withdraw now (after a lazy unlock): deposit minus locks, ABI-encoded
    /// as `GovPool.getWithdrawableAssets` returns them.
    function withdrawable(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators,
        address userKeeper
    ) external view returns (bytes memory) {
        (uint256 lockedTokens, uint256[] memory lockedNfts) = locked(proposals, votes, voteNfts, u, user, validators);
        uint256 deposited = IUserKeeperBalances(userKeeper).tokenBalance(user);
        uint256 tokens = deposited > lockedTokens ? deposited - lockedTokens : 0;
        uint256[] memory nfts = GovPoolView.withoutLocked(IUserKeeperBalances(userKeeper).nftBalance(user), lockedNfts);
        return abi.encode(tokens, nfts);
    }

    /// @notice The current lock of a user, without writing.
    function locked(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators
    ) public view returns (uint256 lockedTokens, uint256[] memory lockedNfts) {
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
