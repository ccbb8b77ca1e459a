// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {GovPoolState} from "./GovPoolState.sol";

interface IRegistryForView {
    function isBABTExempt(address account) external view returns (bool);

    function ERC20_GOV_NAME() external view returns (bytes32);

    function getImplementation(bytes32 name) external view returns (address);
}

interface ICorePropertiesForView {
    function getGovVotesLimit() external view returns (uint256);
}

/// @title GovPoolView
/// @notice Read helpers of GovPool, kept out of the pool for contract size.
library GovPoolView {
    uint256 internal constant CREDIT_PERIOD = 30 days;

    uint8 internal constant EARLY = 1;
    uint8 internal constant VALIDATORS_VOTE = 2;
    uint8 internal constant QUORUM = 4;
    uint8 internal constant EXECUTED = 8;
    uint8 internal constant MOVED = 32;
    uint8 internal constant HAS_AGAINST = 64;
    uint8 internal constant NONLINEAR = 128;
    uint8 internal constant V_FOR = 1;
    uint8 internal constant V_NFT = 4;

    /// @notice State of one proposal (the state machine of `GovPoolState`, kept out of the pool for its size).
    function proposalState(
        GovPoolStorage.Proposal storage p,
        uint256 proposalId,
        address validators
    ) external view returns (IGovTypes.ProposalState) {
        return GovPoolState.state(p, proposalId, validators);
    }

    /// @notice A page of proposals (ids offset+1 .. offset+limit, at most `total`) with their states.
    function proposalViews(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        uint256 offset,
        uint256 limit,
        uint256 total,
        address validators
    ) external view returns (GovPoolStorage.ProposalView[] memory views) {
        uint256 to = offset + limit > total ? total : offset + limit;
        if (offset >= to) return views;
        views = new GovPoolStorage.ProposalView[](to - offset);
        for (uint256 i = offset; i < to; ++i) {
            uint256 id = i + 1;
            GovPoolStorage.Proposal storage p = proposals[id];
            views[i - offset] = proposalView(p, id, GovPoolState.state(p, id, validators));
        }
    }

    /// @notice Flattened view of one proposal.
    function proposalView(
        GovPoolStorage.Proposal storage p,
        uint256 id,
        IGovTypes.ProposalState state
    ) public view returns (GovPoolStorage.ProposalView memory v) {
        uint8 flags = p.flags;
        v.id = id;
        v.state = state;
        v.settingsId = p.settingsId;
        v.creator = p.creator;
        v.voteEnd = p.voteEnd;
        v.executeAfter = p.executeAfter;
        v.executionDelay = p.executionDelay;
        v.earlyCompletion = flags & EARLY != 0;
        v.validatorsVote = flags & VALIDATORS_VOTE != 0;
        v.hasActionsOnAgainst = flags & HAS_AGAINST != 0;
        v.quorumReached = flags & QUORUM != 0;
        v.movedToValidators = flags & MOVED != 0;
        v.executed = flags & EXECUTED != 0;
        v.requiredQuorum = p.quorumVotes;
        v.minVotesForVoting = p.minVotesForVoting;
        v.votesFor = p.votesFor;
        v.votesAgainst = p.votesAgainst;
        v.rawVotesFor = flags & NONLINEAR != 0 ? p.rawVotesFor : p.votesFor;
        v.rawVotesAgainst = flags & NONLINEAR != 0 ? p.rawVotesAgainst : p.votesAgainst;
        v.actionsHash = p.actionsHash;
    }

    /// @notice A voter's record on one proposal.
    function voteInfo(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        uint256[] storage nfts
    ) external view returns (GovPoolStorage.VoteInfoView memory v) {
        v.isVoteFor = r.flags & V_FOR != 0;
        v.totalRawVoted = r.rawVoted;
        v.totalVoted = p.flags & NONLINEAR != 0 ? r.voted : r.rawVoted;
        v.tokensVoted = r.flags & V_NFT != 0 ? r.tokensVoted : r.rawVoted;
        v.nftsVoted = nfts;
    }

    /// @notice (proposal total post-formula votes, the voter's post-formula votes, raw votes, side).
    function totalVotes(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        IGovTypes.VoteType voteType
    ) external view returns (uint256 total, uint256 userVotes, uint256 userRawVotes, bool isVoteFor) {
        total = uint256(p.votesFor) + p.votesAgainst;
        if (voteType != IGovTypes.VoteType.PersonalVote) return (total, 0, 0, false);
        userRawVotes = r.rawVoted;
        userVotes = p.flags & NONLINEAR == 0 ? userRawVotes : r.voted;
        isVoteFor = r.flags & V_FOR != 0;
    }

    /// @notice Proposals in a user's lock list (as of the last unlock), newest first.
    function activeProposals(
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        GovPoolStorage.UserInfo storage u,
        address user
    ) external view returns (uint256[] memory ids) {
        ids = new uint256[](u.activeCount);
        uint256 id = u.head;
        for (uint256 i; id != 0 && i < ids.length; ++i) {
            ids[i] = id;
            id = votes[id][user].prevActive;
        }
    }

    /// @notice Credit the validators may still withdraw over the rolling 30 days.
    function creditAvailable(GovPoolStorage.CreditInfo storage credit) public view returns (uint256) {
        uint256 used;
        GovPoolStorage.Withdrawal[] storage history = credit.history;
        for (uint256 i = history.length; i > 0; --i) {
            GovPoolStorage.Withdrawal storage w = history[i - 1];
            if (w.timestamp + CREDIT_PERIOD <= block.timestamp) break;
            used += w.amount;
        }
        return used >= credit.monthLimit ? 0 : credit.monthLimit - used;
    }

    /// @notice `all` without the ids in `locked`.
    function withoutLocked(uint256[] memory all, uint256[] memory locked) external pure returns (uint256[] memory out) {
        out = new uint256[](all.length);
        uint256 n;
        for (uint256 i; i < all.length; ++i) {
            bool isLocked;
            for (uint256 j; j < locked.length; ++j) {
                if (all[i] == locked[j]) {
                    isLocked = true;
                    break;
                }
            }
            if (!isLocked) out[n++] = all[i];
        }
        assembly ("memory-safe") {
            mstore(out, n)
        }
    }

    /// @notice Validators' monthly credit: tokens, limits and what is available now.
    function creditInfo(
        mapping(address => GovPoolStorage.CreditInfo) storage credits,
        address[] storage creditTokens
    ) external view returns (address[] memory tokens, uint256[] memory monthLimits, uint256[] memory available) {
        tokens = creditTokens;
        monthLimits = new uint256[](tokens.length);
        available = new uint256[](tokens.length);
        for (uint256 i; i < tokens.length; ++i) {
            monthLimits[i] = credits[tokens[i]].monthLimit;
            available[i] = creditAvailable(credits[tokens[i]]);
        }
    }

    /// @notice Whether `signature` of `digest` is `signer`'s (ECDSA, or ERC-1271 for contract signers).
    function isValidSignature(address signer, bytes32 digest, bytes calldata signature) external view returns (bool) {
        return SignatureChecker.isValidSignatureNow(signer, digest, signature);
    }

    /// @notice Whether `account` is on the protocol owner's BABT allow-list (M4: not every registered GovPool).
    function isBABTExempt(address registry, address account) external view returns (bool) {
        return IRegistryForView(registry).isBABTExempt(account);
    }

    /// @notice Whether `token` is an EIP-1167 clone of the registry's ERC20Gov implementation (a DAO token the
    /// PoolFactory created). A clone's code and implementation never change.
    function isGovTokenClone(address registry, address token) external view returns (bool) {
        IRegistryForView r = IRegistryForView(registry);
        address implementation = r.getImplementation(r.ERC20_GOV_NAME());
        return
            token.codehash ==
            keccak256(
                abi.encodePacked(hex"363d3d373d3d3d363d73", implementation, hex"5af43d82803e903d91602b57fd5bf3")
            );
    }

    /// @notice Active proposals one user may vote in.
    function votesLimit(address coreProperties) external view returns (uint256) {
        return ICorePropertiesForView(coreProperties).getGovVotesLimit();
    }
}
