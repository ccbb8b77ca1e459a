// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage, V_IN_LIST, V_NFT, M_BLACKLISTED} from "../gov/GovPoolStorage.sol";
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
/// Every NFT check is linear in the NFTs involved (L10): transient marks where the pool writes, a memory hash set
/// where it only reads.
library GovPoolLocks {
    uint256 internal constant MIRROR_SATURATED = type(uint112).max;
    /// @dev Transient (EIP-1153) slots of NFT membership checks: the epoch counter, and the salt of each NFT's
    /// mark slot `keccak256(id, MARK_SALT)`. Nothing persists past the transaction; storage is untouched.
    bytes32 private constant MARK_EPOCH_SLOT = keccak256("polity.transient.GovPool.nftMarkEpoch");
    bytes32 private constant MARK_SALT = keccak256("polity.transient.GovPool.nftMark");

    error GovPoolSameBlockDeposit(address account);
    error GovPoolWithdrawLocked(address account, uint256 withdrawable, uint256 requested);
    error GovPoolNftLocked(uint256 nftId);
    error GovPoolNftAlreadyVoted(uint256 proposalId, uint256 nftId);


    /// @notice Drops finished proposals from the user's list; returns the tokens still locked.
    function unlock(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators
    ) external returns (uint256 lockedTokens) {
        return _prune(proposals, votes, voteNfts, u, user, validators, 0);
    }

    /// @notice Withdraws the caller's unlocked deposited assets to `receiver` (after a lazy unlock) and updates
    /// the pool's mirror of the caller's deposited tokens. Reverts in the block of the caller's last deposit.
    /// @dev The NFTs locked in active proposals are marked in transient storage while the list is pruned, then
    /// each withdrawn NFT is looked up: linear in locked plus withdrawn NFTs (L10).
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
        _release(proposals, votes, voteNfts, u, validators, userKeeper, amount, nftIds);
        IUserKeeperBalances(userKeeper).withdraw(msg.sender, receiver, amount, nftIds);
    }

    /// @notice Checks that `amount` deposited tokens and `nftIds` of the caller are not locked by a vote (after a
    /// lazy unlock) and takes the tokens out of the pool's mirror: the caller is about to delegate them.
    function release(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address validators,
        address userKeeper,
        uint256 amount,
        uint256[] calldata nftIds
    ) external {
        _release(proposals, votes, voteNfts, u, validators, userKeeper, amount, nftIds);
    }

    function _release(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address validators,
        address userKeeper,
        uint256 amount,
        uint256[] calldata nftIds
    ) private {
        uint256 epoch = nftIds.length > 0 ? _newEpoch() : 0;
        uint256 lockedTokens = _prune(proposals, votes, voteNfts, u, msg.sender, validators, epoch);
        if (amount > 0) {
            uint256 deposited = IUserKeeperBalances(userKeeper).tokenBalance(msg.sender);
            uint256 free = deposited > lockedTokens ? deposited - lockedTokens : 0;
            if (amount > free) revert GovPoolWithdrawLocked(msg.sender, free, amount);
            uint256 rest = deposited - amount;
            u.deposited = uint112(rest < MIRROR_SATURATED ? rest : MIRROR_SATURATED);
        }
        for (uint256 i; i < nftIds.length; ++i) {
            if (_isMarked(nftIds[i], epoch)) revert GovPoolNftLocked(nftIds[i]);
        }
    }

    /// @notice Appends `nftIds` to a vote's NFTs, refusing one already voted: the voted ones and then each new
    /// one are marked in transient storage, so the check is linear in voted plus new NFTs (L10).
    function addVoteNfts(uint256[] storage voted, uint256[] calldata nftIds, uint256 proposalId) external {
        uint256 epoch = _newEpoch();
        uint256 existing = voted.length;
        for (uint256 i; i < existing; ++i) _mark(voted[i], epoch);
        for (uint256 i; i < nftIds.length; ++i) {
            if (_mark(nftIds[i], epoch)) revert GovPoolNftAlreadyVoted(proposalId, nftIds[i]);
            voted.push(nftIds[i]);
        }
    }

    /// @notice Sets or clears the M5 blacklist mark (`M_BLACKLISTED`) of `accounts` (`GovPool.syncBlacklist`, whose
    /// caller the pool checks).
    function setBlacklistMarks(
        mapping(address => GovPoolStorage.UserInfo) storage users,
        address[] calldata accounts,
        bool blacklisted
    ) external {
        for (uint256 i; i < accounts.length; ++i) {
            GovPoolStorage.UserInfo storage u = users[accounts[i]];
            u.marks = blacklisted ? u.marks | M_BLACKLISTED : u.marks & ~M_BLACKLISTED;
        }
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

    /// @notice The current lock of a user, without writing: the NFTs of every active proposal, gathered into one
    /// array grown by doubling (linear in their number; an NFT voted in two proposals appears twice).
    function locked(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators
    ) public view returns (uint256 lockedTokens, uint256[] memory lockedNfts) {
        uint256 count;
        uint256 id = u.head;
        while (id != 0) {
            GovPoolStorage.VoteRecord storage r = votes[id][user];
            if (GovPoolState.isActive(GovPoolState.state(proposals[id], id, validators))) {
                bool hasNfts = r.flags & V_NFT != 0;
                uint256 tokens = hasNfts ? r.tokensVoted : r.rawVoted;
                if (tokens > lockedTokens) lockedTokens = tokens;
                if (hasNfts) (lockedNfts, count) = _append(lockedNfts, count, voteNfts[id][user]);
            }
            id = r.prevActive;
        }
        assembly ("memory-safe") {
            if lockedNfts {
                mstore(lockedNfts, count)
            }
        }
    }

    /// @dev Walks the user's list: drops finished proposals, returns the maximum of the tokens voted in active
    /// ones and, when `epoch` is not zero, marks their NFTs with it.
    function _prune(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256[])) storage voteNfts,
        GovPoolStorage.UserInfo storage u,
        address user,
        address validators,
        uint256 epoch
    ) private returns (uint256 lockedTokens) {
        uint256 id = u.head;
        uint256 prev;
        uint256 count;
        while (id != 0) {
            GovPoolStorage.VoteRecord storage r = votes[id][user];
            uint256 next = r.prevActive;
            if (GovPoolState.isActive(GovPoolState.state(proposals[id], id, validators))) {
                bool hasNfts = r.flags & V_NFT != 0;
                uint256 tokens = hasNfts ? r.tokensVoted : r.rawVoted;
                if (tokens > lockedTokens) lockedTokens = tokens;
                if (hasNfts && epoch != 0) {
                    uint256[] storage nfts = voteNfts[id][user];
                    uint256 length = nfts.length;
                    for (uint256 i; i < length; ++i) _mark(nfts[i], epoch);
                }
                prev = id;
                ++count;
            } else {
                r.flags &= ~V_IN_LIST;
                r.prevActive = 0;
                if (prev == 0) u.head = uint48(next);
                else votes[prev][user].prevActive = uint64(next);
            }
            id = next;
        }
        u.activeCount = uint32(count);
    }

    /// @dev Appends `src` to the first `length` items of `dst`, reallocating at twice the needed size when full.
    function _append(
        uint256[] memory dst,
        uint256 length,
        uint256[] storage src
    ) private view returns (uint256[] memory, uint256) {
        uint256 add = src.length;
        if (add == 0) return (dst, length);
        if (length + add > dst.length) {
            uint256[] memory grown = new uint256[]((length + add) * 2);
            for (uint256 i; i < length; ++i) grown[i] = dst[i];
            dst = grown;
        }
        for (uint256 i; i < add; ++i) dst[length + i] = src[i];
        return (dst, length + add);
    }

    /// @dev A new marking epoch for this transaction (EIP-1153 transient counter): marks of an earlier check in
    /// the same transaction (a multicall) hold another epoch and never match, so none needs clearing.
    function _newEpoch() private returns (uint256 epoch) {
        bytes32 slot = MARK_EPOCH_SLOT;
        assembly ("memory-safe") {
            epoch := add(tload(slot), 1)
            tstore(slot, epoch)
        }
    }

    /// @dev Marks NFT `id` with `epoch`; whether it already was.
    function _mark(uint256 id, uint256 epoch) private returns (bool wasMarked) {
        bytes32 salt = MARK_SALT;
        assembly ("memory-safe") {
            mstore(0, id)
            mstore(0x20, salt)
            let slot := keccak256(0, 0x40)
            wasMarked := eq(tload(slot), epoch)
            tstore(slot, epoch)
        }
    }

    function _isMarked(uint256 id, uint256 epoch) private view returns (bool marked) {
        bytes32 salt = MARK_SALT;
        assembly ("memory-safe") {
            mstore(0, id)
            mstore(0x20, salt)
            marked := and(iszero(iszero(epoch)), eq(tload(keccak256(0, 0x40)), epoch))
        }
    }
}
