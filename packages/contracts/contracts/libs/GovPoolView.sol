// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovPoolStorage, EARLY, VALIDATORS_VOTE, QUORUM, EXECUTED, MOVED, HAS_AGAINST, NONLINEAR, V_FOR, V_NFT, V_KINDS} from "../gov/GovPoolStorage.sol";
import {SETTINGS_COPY, POWER_MIRROR, OWN_TOKEN, GOV_TOKEN, BLACKLIST_MARKS, DELEGATION_MARKS, SUPPLY_COPY, NO_MIN_VOTING} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {CreationWord} from "./CreationWord.sol";
import {GovPoolState} from "./GovPoolState.sol";

interface IRegistryForView {
    function isBABTExempt(address account) external view returns (bool);

    function ERC20_GOV_NAME() external view returns (bytes32);

    function getImplementation(bytes32 name) external view returns (address);
}

interface IKeeperForView {
    function tokenAddress() external view returns (address);

    function nftAddress() external view returns (address);
}

interface IGovSettingsForView {
    /// @dev GovSettings deployed before it returned `CreationWord.Fields` answer the seven fields flat: a static
    /// struct has the same encoding.
    function getCreationSettingsFor(
        address executor
    ) external view returns (uint256 settingsId, CreationWord.Fields memory fields);

    function getCreationSettings(uint256 settingsId) external view returns (CreationWord.Fields memory fields);
}

interface IERC20ForView {
    function totalSupply() external view returns (uint256);
}

interface IBlacklistPushForView {
    function blacklistPool() external view returns (address);
}

interface ICorePropertiesForView {
    function getGovVotesLimit() external view returns (uint256);
}

/// @title GovPoolView
/// @notice Read helpers of GovPool, kept out of the pool for contract size.
library GovPoolView {
    uint256 internal constant CREDIT_PERIOD = 30 days;


    /// @notice State of one proposal (the state machine of `GovPoolState`, kept out of the pool for its size).
    function proposalState(
        GovPoolStorage.Proposal storage p,
        uint256 proposalId,
        address validators
    ) external view returns (IGovTypes.ProposalState) {
        return GovPoolState.state(p, proposalId, validators);
    }

    /// @notice A page of proposals (ids offset+1 .. offset+limit, at most `total`) with their states, ABI-encoded
    /// as `GovPool.getProposals` returns it (the pool returns these bytes as they are: no decoder nor encoder of
    /// the struct array in the pool, for its size).
    function proposalViews(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        uint256 offset,
        uint256 limit,
        uint256 total,
        address validators
    ) external view returns (bytes memory) {
        IGovTypes.ProposalView[] memory views;
        uint256 to = offset + limit > total ? total : offset + limit;
        if (offset >= to) return abi.encode(views);
        views = new IGovTypes.ProposalView[](to - offset);
        for (uint256 i = offset; i < to; ++i) {
            uint256 id = i + 1;
            GovPoolStorage.Proposal storage p = proposals[id];
            views[i - offset] = proposalView(p, id, GovPoolState.state(p, id, validators));
        }
        return abi.encode(views);
    }

    /// @notice Flattened view of one proposal.
    function proposalView(
        GovPoolStorage.Proposal storage p,
        uint256 id,
        IGovTypes.ProposalState state
    ) public view returns (IGovTypes.ProposalView memory v) {
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

    /// @notice A voter's record on one proposal for one vote type, ABI-encoded as `GovPool.getUserVotes` returns
    /// it: personal (its own deposit, with the NFTs), micropool or treasury (the raw power of that kind its vote
    /// counts, as tokens). `totalVoted` is the kind's share of the voter's post-formula vote.
    function voteInfo(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.VoteKinds storage k,
        uint256[] storage nfts,
        IGovTypes.VoteType voteType
    ) external view returns (bytes memory) {
        GovPoolStorage.VoteInfoView memory v;
        uint256 raw = kindRaw(r, k, voteType);
        if (raw == 0) return abi.encode(v);
        v.isVoteFor = r.flags & V_FOR != 0;
        v.totalRawVoted = raw;
        v.totalVoted = kindVoted(p, r, k, raw);
        if (voteType == IGovTypes.VoteType.PersonalVote) {
            v.tokensVoted = r.flags & V_NFT != 0 ? r.tokensVoted : r.rawVoted;
            v.nftsVoted = nfts;
        } else {
            v.tokensVoted = raw;
        }
        return abi.encode(v);
    }

    /// @notice (proposal total post-formula votes, the voter's post-formula votes of the type, its raw votes of the
    /// type, side), ABI-encoded as `GovPool.getTotalVotes` returns them.
    function totalVotes(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.VoteKinds storage k,
        IGovTypes.VoteType voteType
    ) external view returns (bytes memory) {
        uint256 total = uint256(p.votesFor) + p.votesAgainst;
        uint256 raw = kindRaw(r, k, voteType);
        if (raw == 0) return abi.encode(total, 0, 0, false);
        return abi.encode(total, kindVoted(p, r, k, raw), raw, r.flags & V_FOR != 0);
    }

    /// @notice Raw votes of one kind in a voter's record.
    function kindRaw(
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.VoteKinds storage k,
        IGovTypes.VoteType voteType
    ) internal view returns (uint256) {
        if (voteType == IGovTypes.VoteType.PersonalVote) return r.rawVoted;
        if (r.flags & V_KINDS == 0) return 0;
        if (voteType == IGovTypes.VoteType.MicropoolVote) return k.micropool;
        if (voteType == IGovTypes.VoteType.TreasuryVote) return k.treasury;
        return k.delegated;
    }

    /// @notice The share of a voter's post-formula vote that `raw` raw votes of one of its kinds carry.
    function kindVoted(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.VoteKinds storage k,
        uint256 raw
    ) internal view returns (uint256) {
        if (p.flags & NONLINEAR == 0) return raw;
        uint256 all = r.rawVoted;
        if (r.flags & V_KINDS != 0) all += uint256(k.micropool) + k.treasury + k.delegated;
        return all == raw ? r.voted : (uint256(r.voted) * raw) / all;
    }

    /// @notice The pool's creation flags and power token, computed once at initialization: the settings copy and
    /// the delegation marks always; GOV_TOKEN when the keeper's token is a clone of the protocol's ERC20Gov, with
    /// BLACKLIST_MARKS when that token reports its blacklist to this pool; POWER_MIRROR for a token-only DAO, and
    /// OWN_TOKEN when that token is also the DAO's own clone, with SUPPLY_COPY when it reports (its mints) too.
    /// The values are GovPoolStorage's `_creationFlags` bits.
    function creationFlags(
        address registry,
        address userKeeper
    ) external view returns (uint8 flags, address token, uint96 supply) {
        flags = SETTINGS_COPY | DELEGATION_MARKS | NO_MIN_VOTING; // no proposal yet
        token = IKeeperForView(userKeeper).tokenAddress();
        bool govToken = token != address(0) && isGovTokenClone(registry, token);
        if (govToken) {
            flags |= GOV_TOKEN;
            if (_pushesBlacklist(token)) flags |= BLACKLIST_MARKS;
        }
        if (IKeeperForView(userKeeper).nftAddress() == address(0)) {
            flags |= POWER_MIRROR;
            if (govToken) flags |= OWN_TOKEN;
            if (flags & 16 != 0) {
                flags |= SUPPLY_COPY; // the token reports its mints too; its initial supply is read here
                supply = saturated96(IERC20ForView(token).totalSupply());
            }
        }
    }

    /// @notice A pool initialized before its settings copy: GovSettings' creation settings for `executor` (when
    /// `byExecutor`) or slot `id`, as its slot, the `CreationWord` of the fields and minVotesForCreating.
    function govSettingsCreation(
        address settings,
        address executor,
        uint256 id,
        bool byExecutor
    ) external view returns (uint256 settingsId, uint256 word, uint256 minVotesForCreating) {
        CreationWord.Fields memory f;
        if (byExecutor) (settingsId, f) = IGovSettingsForView(settings).getCreationSettingsFor(executor);
        else (settingsId, f) = (id, IGovSettingsForView(settings).getCreationSettings(id));
        return (settingsId, CreationWord.packFields(f), f.minVotesForCreating);
    }

    /// @notice `value`, or 2^96 - 1 when it does not fit (the pool's supply copy: "ask the token").
    function saturated96(uint256 value) internal pure returns (uint96) {
        return value < type(uint96).max ? uint96(value) : type(uint96).max;
    }

    /// @dev Whether the token reports its blacklist to this pool (ERC20Gov since `blacklistPool`); an older
    /// implementation has no such function and is asked at each vote instead.
    function _pushesBlacklist(address token) private view returns (bool) {
        try IBlacklistPushForView(token).blacklistPool() returns (address pool) {
            return pool == address(this);
        } catch {
            return false;
        }
    }

    /// @notice Proposals in a user's lock list (as of the last unlock), newest first, ABI-encoded as
    /// `GovPool.getUserActiveProposals` returns them.
    function activeProposals(
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        GovPoolStorage.UserInfo storage u,
        address user
    ) external view returns (bytes memory) {
        uint256[] memory ids = new uint256[](u.activeCount);
        uint256 id = u.head;
        for (uint256 i; id != 0 && i < ids.length; ++i) {
            ids[i] = id;
            id = votes[id][user].prevActive;
        }
        return abi.encode(ids);
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

    /// @notice `all` without the ids in `locked`: `locked` goes into a memory hash set (open addressing, at most
    /// half full), so the cost is linear in both lists, never their product (L10).
    function withoutLocked(uint256[] memory all, uint256[] memory locked) external pure returns (uint256[] memory out) {
        uint256 size = 1;
        while (size < locked.length * 2) size <<= 1;
        uint256 mask = size - 1;
        uint256[] memory keys = new uint256[](size);
        bool[] memory used = new bool[](size);
        for (uint256 i; i < locked.length; ++i) {
            uint256 x = locked[i];
            uint256 h = _hash(x) & mask;
            while (used[h] && keys[h] != x) h = (h + 1) & mask;
            used[h] = true;
            keys[h] = x;
        }
        out = new uint256[](all.length);
        uint256 n;
        for (uint256 i; i < all.length; ++i) {
            uint256 x = all[i];
            uint256 h = _hash(x) & mask;
            bool isLocked;
            while (used[h]) {
                if (keys[h] == x) {
                    isLocked = true;
                    break;
                }
                h = (h + 1) & mask;
            }
            if (!isLocked) out[n++] = x;
        }
        assembly ("memory-safe") {
            mstore(out, n)
        }
    }

    function _hash(uint256 x) private pure returns (uint256 h) {
        assembly ("memory-safe") {
            mstore(0, x)
            h := keccak256(0, 0x20)
        }
    }

    /// @notice Validators' monthly credit: tokens, limits and what is available now, ABI-encoded as
    /// `GovPool.getCreditInfo` returns them.
    function creditInfo(
        mapping(address => GovPoolStorage.CreditInfo) storage credits,
        address[] storage creditTokens
    ) external view returns (bytes memory) {
        address[] memory tokens = creditTokens;
        uint256[] memory monthLimits = new uint256[](tokens.length);
        uint256[] memory available = new uint256[](tokens.length);
        for (uint256 i; i < tokens.length; ++i) {
            monthLimits[i] = credits[tokens[i]].monthLimit;
            available[i] = creditAvailable(credits[tokens[i]]);
        }
        return abi.encode(tokens, monthLimits, available);
    }

    /// @notice The pool's ERC-5267 `eip712Domain()` answer, ABI-encoded: fields 0x0f (name, version, chainId,
    /// verifyingContract), the domain `GovPoolRewards` signs off-chain results under.
    function eip712Domain() external view returns (bytes memory) {
        return abi.encode(bytes1(0x0f), "Polity GovPool", "1", block.chainid, address(this), bytes32(0), new uint256[](0));
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
    function isGovTokenClone(address registry, address token) public view returns (bool) {
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
