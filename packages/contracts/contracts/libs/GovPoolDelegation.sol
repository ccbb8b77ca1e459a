// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {GovPoolStorage, EARLY, QUORUM, EXECUTED, NONLINEAR, V_FOR, V_IN_LIST, V_KINDS, M_DELEGATED} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {IVotePower} from "../interfaces/IVotePower.sol";
import {GovPoolState} from "./GovPoolState.sol";

interface IKeeperForDelegation {
    function getTotalPower() external view returns (uint256);

    function tokenAddress() external view returns (address);

    function nftAddress() external view returns (address);

    function delegate(
        address delegator,
        address delegatee,
        uint256 amount,
        uint256[] calldata nftIds
    ) external returns (uint256 power);

    function undelegate(
        address delegator,
        address delegatee,
        uint256 amount,
        uint256[] calldata nftIds
    ) external returns (uint256 power);

    function delegateTreasury(address expert, uint256 amount, uint256[] calldata nftIds) external returns (uint256);

    function undelegateTreasury(address expert, uint256 amount, uint256[] calldata nftIds) external returns (uint256);
}

interface ISettingsForDelegation {
    function getSettings(uint256 settingsId) external view returns (IGovTypes.ProposalSettings memory);
}

interface IExpertForDelegation {
    function isExpert(address user) external view returns (bool);
}

/// @title GovPoolDelegation
/// @notice Delegation of GovPool (PROTOCOL.md "Assets, locking, delegation"): members delegate deposited assets
/// into a delegatee's micropool, and the DAO (by proposal) delegates treasury assets to experts. A delegatee's
/// vote counts its micropool and treasury power as aggregates — one record per (proposal, delegatee), whatever the
/// number of delegators — and is re-cast on the delegatee's proposals still in Voting whenever that power changes.
/// @dev Re-casting walks the delegatee's list of voted proposals, which the votes limit bounds (`CoreProperties`,
/// 50 by default: a vote at the limit first drops finished proposals, then reverts `GovPoolVotesLimitReached`), so
/// a delegation costs at most that many re-casts, paid by whoever changes the delegation. Power is raw (tokens +
/// NFTs × individual power); post-formula power is computed per voter from its three kinds together.
library GovPoolDelegation {
    using Checkpoints for Checkpoints.Trace208;
    using SafeERC20 for IERC20;

    error GovPoolSameBlockDelegation(address delegator, address delegatee);
    error GovPoolInvalidDelegatee(address delegatee);
    error GovPoolZeroDelegation();
    error GovPoolMicropoolLocked(address delegatee, uint256 remaining, uint256 locked);
    error GovPoolTreasuryLocked(address expert, uint256 remaining, uint256 locked);
    error GovPoolNotExpert(address account);
    error GovPoolZeroVote();
    error GovPoolVoteTooLarge(uint256 rawVotes);
    error GovPoolNothingToCancel(uint256 proposalId);
    error GovPoolVoteSideMismatch(uint256 proposalId);
    error GovPoolLowVotingPower(address account, uint256 power, uint256 required);
    /// @dev The proposal's settings slot does not allow delegators to vote with their delegated power.
    error GovPoolDelegatedVotingNotAllowed(uint256 proposalId);
    /// @dev A delegated vote on a proposal names one delegatee: the caller already voted delegated with `delegatee`.
    error GovPoolDelegatedVoteElsewhere(uint256 proposalId, address delegatee);
    /// @dev What the caller voted itself with its delegation to `delegatee` on active proposals stays delegated
    /// until they end.
    error GovPoolDelegatedVoteLocked(address delegatee, uint256 remaining, uint256 locked);

    /// @notice `delegator` delegated `amount` tokens and `nftIds` (raw `power`) to `delegatee`, whose micropool now
    /// holds `micropoolPower`.
    event Delegated(
        address indexed delegator,
        address indexed delegatee,
        uint256 amount,
        uint256[] nftIds,
        uint256 power,
        uint256 micropoolPower
    );
    event Undelegated(
        address indexed delegator,
        address indexed delegatee,
        uint256 amount,
        uint256[] nftIds,
        uint256 power,
        uint256 micropoolPower
    );
    /// @notice The DAO delegated `amount` treasury tokens and `nftIds` (raw `power`) to `expert`, who now holds
    /// `treasuryPower`.
    event TreasuryDelegated(address indexed expert, uint256 amount, uint256[] nftIds, uint256 power, uint256 treasuryPower);
    event TreasuryUndelegated(
        address indexed expert,
        uint256 amount,
        uint256[] nftIds,
        uint256 power,
        uint256 treasuryPower
    );
    /// @notice `voter`'s vote on `proposalId` counts `rawVoted` raw power of `voteType` (micropool, delegated or
    /// treasury) now;
    /// `totalVoted` is the voter's whole post-formula vote on the proposal. Emitted when cast and on every re-cast.
    event PowerVoted(
        uint256 indexed proposalId,
        address indexed voter,
        IGovTypes.VoteType voteType,
        bool isVoteFor,
        uint256 rawVoted,
        uint256 totalVoted
    );
    event VoteCanceled(uint256 indexed proposalId, address indexed voter, bool isVoteFor, uint256 rawVoted, uint256 voted);
    event QuorumReached(uint256 indexed proposalId, uint256 executeAfter);
    event QuorumUnreached(uint256 indexed proposalId);
    /// @notice Proposal `proposalId` changes `expert`'s treasury delegation: that expert's treasury power does not
    /// count on it, and its quorum was computed without that power.
    event TreasuryVoteExcluded(uint256 indexed proposalId, address indexed expert, uint256 excludedPower);

    /// @dev One (re-)cast of a voter's micropool, treasury and delegated power on a proposal.
    struct Cast {
        uint256 proposalId;
        address voter;
        bool isVoteFor;
        uint256 oldPersonal;
        uint256 newPersonal;
        uint256 micropool;
        uint256 treasury;
        uint256 delegated;
        address votePower;
    }

    uint8 internal constant OP_DELEGATE = 0;
    uint8 internal constant OP_UNDELEGATE = 1;
    uint8 internal constant OP_DELEGATE_TREASURY = 2;
    uint8 internal constant OP_UNDELEGATE_TREASURY = 3;
    uint256 internal constant MIRROR_SATURATED = type(uint112).max;
    uint256 internal constant PERCENTAGE_100 = 10 ** 27;

    /// @dev One delegation change and the pool's addresses it needs.
    struct Change {
        uint8 op;
        address account;
        uint256 amount;
        address userKeeper;
        address validators;
        address votePower;
        address expertNft;
        address globalExpertNft;
    }

    /// @notice One delegation change, `c.op` (see the constants): delegate or undelegate the caller's assets to or
    /// from `c.account`'s micropool, or (the pool itself, by proposal) delegate or undelegate treasury assets to or
    /// from expert `c.account`. Re-casts the account's votes on proposals in Voting; a decrease is refused when it
    /// would leave less power than its votes on active proposals past Voting counted.
    function change(
        GovPoolStorage.DelegationState storage ds,
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(address => GovPoolStorage.UserInfo) storage users,
        Change calldata c,
        uint256[] calldata nftIds
    ) external {
        if (c.amount == 0 && nftIds.length == 0) revert GovPoolZeroDelegation();
        address account = c.account;
        uint8 op = c.op;
        uint256 power;
        uint256 total;
        if (op == OP_DELEGATE) {
            if (account == msg.sender || account == address(0)) revert GovPoolInvalidDelegatee(account);
            power = IKeeperForDelegation(c.userKeeper).delegate(msg.sender, account, c.amount, nftIds);
            ds.lastDelegateBlock[msg.sender][account] = block.number;
            total = _move(ds, account, power, true);
        } else if (op == OP_UNDELEGATE) {
            if (ds.lastDelegateBlock[msg.sender][account] == block.number) {
                revert GovPoolSameBlockDelegation(msg.sender, account);
            }
            power = IKeeperForDelegation(c.userKeeper).undelegate(msg.sender, account, c.amount, nftIds);
            total = _move(ds, account, power, false);
            _checkDelegatedVotes(proposals, votes, ds, users[msg.sender], account, c.validators);
            _returnToDeposit(users[msg.sender], c.amount);
        } else if (op == OP_DELEGATE_TREASURY) {
            if (!_isExpert(c.expertNft, account) && !_isExpert(c.globalExpertNft, account)) {
                revert GovPoolNotExpert(account);
            }
            _approveKeeper(c.userKeeper, c.amount, nftIds);
            power = IKeeperForDelegation(c.userKeeper).delegateTreasury(account, c.amount, nftIds);
            total = _moveTreasury(ds, account, power, true);
        } else {
            power = IKeeperForDelegation(c.userKeeper).undelegateTreasury(account, c.amount, nftIds);
            total = _moveTreasury(ds, account, power, false);
        }
        _markDelegated(ds.delegatees[account], users[account]);
        (uint256 lockedMicropool, uint256 lockedTreasury) = _recast(proposals, votes, ds, users[account], c, account);
        if (op == OP_UNDELEGATE && total < lockedMicropool) {
            revert GovPoolMicropoolLocked(account, total, lockedMicropool);
        }
        if (op == OP_UNDELEGATE_TREASURY && total < lockedTreasury) {
            revert GovPoolTreasuryLocked(account, total, lockedTreasury);
        }
        _emitChange(op, account, c.amount, nftIds, power, total);
    }

    /// @dev Whether the account holds micropool or treasury power, in its own slot: the pool's vote reads it there
    /// (DELEGATION_MARKS) instead of the account's `Delegatee` slot.
    function _markDelegated(GovPoolStorage.Delegatee storage d, GovPoolStorage.UserInfo storage u) private {
        uint16 marks = u.marks;
        uint16 marked = d.micropool != 0 || d.treasury != 0 ? marks | M_DELEGATED : marks & ~M_DELEGATED;
        if (marked != marks) u.marks = marked;
    }

    function _emitChange(
        uint8 op,
        address account,
        uint256 amount,
        uint256[] calldata nftIds,
        uint256 power,
        uint256 total
    ) private {
        if (op == OP_DELEGATE) emit Delegated(msg.sender, account, amount, nftIds, power, total);
        else if (op == OP_UNDELEGATE) emit Undelegated(msg.sender, account, amount, nftIds, power, total);
        else if (op == OP_DELEGATE_TREASURY) emit TreasuryDelegated(account, amount, nftIds, power, total);
        else emit TreasuryUndelegated(account, amount, nftIds, power, total);
    }

    /// @dev Undelegated tokens are deposited tokens again: mirrored for the pool, and not withdrawable in this block
    /// (same-block guard: a flash loan cannot delegate, vote through the micropool and leave in one transaction).
    function _returnToDeposit(GovPoolStorage.UserInfo storage u, uint256 amount) private {
        u.lastDepositBlock = uint48(block.number);
        uint256 mirrored = u.deposited + amount;
        u.deposited = mirrored < MIRROR_SATURATED ? uint112(mirrored) : uint112(MIRROR_SATURATED);
    }

    /// @notice Counts the caller's micropool and treasury power in its vote on `proposalId` beside its personal
    /// votes (`oldPersonal` → `newPersonal`); returns the caller's post-formula and raw totals on the proposal.
    function voteKinds(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        uint256 proposalId,
        bool isVoteFor,
        uint256 oldPersonal,
        uint256 newPersonal,
        address votePower
    ) external returns (uint256 totalVoted, uint256 totalRaw) {
        Cast memory c = _castOf(ds, proposalId, msg.sender, isVoteFor, oldPersonal, newPersonal, votePower);
        (totalVoted, totalRaw) = _apply(ds, p, r, c);
        // an expert whose only power is a treasury delegation left out of this proposal votes nothing
        if (totalRaw == 0) revert GovPoolZeroVote();
    }

    /// @notice The caller votes on `proposalId` (in Voting: the pool checked it) with all the power it delegated to
    /// `delegatee` (vote type delegated), when the proposal's settings slot has `delegatedVotingAllowed`; its own
    /// kinds are counted beside it, on one side. `delegatee`'s micropool vote on the proposal shrinks by as much
    /// (re-cast at once when it voted; left out of its vote when it votes later), so no power counts twice; the
    /// delegation stays locked until the proposal ends (`GovPoolDelegatedVoteLocked`). Voting again adds what was
    /// delegated to `delegatee` since. One delegatee per voter and proposal.
    function voteDelegated(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        mapping(address => GovPoolStorage.VoteRecord) storage proposalVotes,
        uint256 proposalId,
        bool isVoteFor,
        address delegatee,
        address settings,
        address votePower
    ) external {
        if (!ISettingsForDelegation(settings).getSettings(p.settingsId).delegatedVotingAllowed) {
            revert GovPoolDelegatedVotingNotAllowed(proposalId);
        }
        GovPoolStorage.VoteRecord storage r = proposalVotes[msg.sender];
        uint8 rFlags = r.flags;
        if ((r.rawVoted != 0 || rFlags & V_KINDS != 0) && (rFlags & V_FOR != 0) != isVoteFor) {
            revert GovPoolVoteSideMismatch(proposalId);
        }
        uint256 delegated = _takeFromMicropool(ds, p, proposalVotes, proposalId, delegatee, votePower);
        uint256 personal = r.rawVoted;
        Cast memory c = _castOf(ds, proposalId, msg.sender, isVoteFor, personal, personal, votePower);
        c.delegated = delegated;
        (, uint256 totalRaw) = _apply(ds, p, r, c);
        if (totalRaw < p.minVotesForVoting) revert GovPoolLowVotingPower(msg.sender, totalRaw, p.minVotesForVoting);
        r.flags = isVoteFor ? r.flags | V_FOR : r.flags & ~V_FOR;
        _checkQuorum(ds, p, proposalId);
    }

    /// @dev Moves the caller's delegation to `delegatee` (all of it, less what it already voted itself; past the
    /// quorum, no more than it had delegated at the quorum) out of the delegatee's micropool vote on the proposal;
    /// returns the delegated power the caller now votes itself.
    function _takeFromMicropool(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        mapping(address => GovPoolStorage.VoteRecord) storage proposalVotes,
        uint256 proposalId,
        address delegatee,
        address votePower
    ) private returns (uint256 delegated) {
        GovPoolStorage.VoteKinds storage k = ds.kinds[proposalId][msg.sender];
        address votedWith = k.delegatedTo;
        if (votedWith != address(0) && votedWith != delegatee) revert GovPoolDelegatedVoteElsewhere(proposalId, votedWith);
        Checkpoints.Trace208 storage pair = ds.delegationHistory[msg.sender][delegatee];
        delegated = pair.latest();
        // past the quorum, only what was delegated at it: the micropool's reward shares are read there, and every
        // delegated vote must fit in its voter's share (`delegatorShare`)
        if (p.flags & QUORUM != 0) {
            uint256 atQuorum = pair.upperLookup(uint48(ds.quorumClock[proposalId]));
            if (atQuorum < delegated) delegated = atQuorum;
        }
        uint256 voted = k.delegated;
        if (delegated <= voted) revert GovPoolZeroVote();
        k.delegatedTo = delegatee;
        ds.delegatedOut[proposalId][delegatee] += delegated - voted;
        // the delegatee's micropool vote leaves it out from now on
        _recastVoter(ds, p, proposalVotes[delegatee], proposalId, delegatee, votePower);
    }

    /// @notice Removes the caller's whole vote from a proposal (the pool checked it is in Voting) — personal, and
    /// the micropool, treasury and delegated power it counted (the delegatee's micropool vote takes the delegated
    /// power back); the quorum flag follows the totals both ways.
    function cancelVote(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        mapping(address => GovPoolStorage.VoteRecord) storage proposalVotes,
        mapping(address => uint256[]) storage voteNfts,
        uint256 proposalId,
        address votePower
    ) external {
        GovPoolStorage.VoteRecord storage r = proposalVotes[msg.sender];
        uint256 raw = r.rawVoted;
        uint256 delegated;
        address delegatee;
        if (r.flags & V_KINDS != 0) {
            GovPoolStorage.VoteKinds storage k = ds.kinds[proposalId][msg.sender];
            delegated = k.delegated;
            raw += uint256(k.micropool) + k.treasury + delegated;
            delete k.micropool;
            delete k.treasury;
            if (delegated != 0) {
                delegatee = k.delegatedTo;
                k.delegated = 0;
                k.delegatedTo = address(0);
            }
        }
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
        if (delegated != 0) {
            ds.delegatedOut[proposalId][delegatee] -= delegated;
            _recastVoter(ds, p, proposalVotes[delegatee], proposalId, delegatee, votePower);
        }
        _checkQuorum(ds, p, proposalId);
    }

    /// @notice Marks the experts whose treasury delegation proposal `proposalId`'s actions change (a direct
    /// `delegateTreasury`/`undelegateTreasury` call to the pool, or one inside a `multicall` of the pool): their
    /// treasury power will not count on it, and its quorum is taken again of the total power without theirs.
    /// Returns the proposal's quorum (unchanged when no expert is left out).
    /// @dev Called at creation only when a for-action calls the pool itself, so other proposals pay nothing.
    function excludeTreasuryVoters(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        IGovTypes.ProposalAction[] calldata actions,
        uint256 proposalId,
        uint256 quorum,
        address userKeeper
    ) external returns (uint256 quorumVotes) {
        uint256 excluded;
        for (uint256 i; i < actions.length; ++i) {
            if (actions[i].executor != address(this)) continue;
            excluded += _excludeCall(ds, actions[i].data, proposalId, true);
        }
        quorumVotes = p.quorumVotes;
        if (excluded == 0) return quorumVotes;
        uint256 totalPower = IKeeperForDelegation(userKeeper).getTotalPower();
        totalPower = totalPower > excluded ? totalPower - excluded : 0;
        // the creation's formula, of the power that can vote
        quorumVotes = (totalPower * quorum + PERCENTAGE_100 - 1) / PERCENTAGE_100;
        p.quorumVotes = uint120(quorumVotes);
    }

    function _excludeCall(
        GovPoolStorage.DelegationState storage ds,
        bytes calldata data,
        uint256 proposalId,
        bool nested
    ) private returns (uint256 excluded) {
        if (data.length < 4) return 0;
        bytes4 selector = bytes4(data[:4]);
        if (selector == DELEGATE_TREASURY || selector == UNDELEGATE_TREASURY) {
            address expert = abi.decode(data[4:36], (address));
            if (ds.treasuryExcluded[proposalId][expert]) return 0;
            ds.treasuryExcluded[proposalId][expert] = true;
            excluded = ds.delegatees[expert].treasury;
            emit TreasuryVoteExcluded(proposalId, expert, excluded);
        } else if (selector == MULTICALL && nested) {
            bytes[] memory calls = abi.decode(data[4:], (bytes[]));
            for (uint256 i; i < calls.length; ++i) excluded += _excludeMemory(ds, calls[i], proposalId);
        }
    }

    /// @dev A multicall entry (memory): a treasury delegation call is excluded; a multicall nested in a multicall
    /// is not looked into (the pool's `multicall` delegatecalls itself, so it could hold one: refused at creation).
    function _excludeMemory(
        GovPoolStorage.DelegationState storage ds,
        bytes memory data,
        uint256 proposalId
    ) private returns (uint256 excluded) {
        if (data.length < 36) return 0;
        bytes4 selector;
        address expert;
        assembly ("memory-safe") {
            selector := and(mload(add(data, 0x20)), shl(224, 0xffffffff))
            expert := and(mload(add(data, 0x24)), 0xffffffffffffffffffffffffffffffffffffffff)
        }
        if (selector == MULTICALL) revert GovPoolNestedMulticall();
        if (selector != DELEGATE_TREASURY && selector != UNDELEGATE_TREASURY) return 0;
        if (ds.treasuryExcluded[proposalId][expert]) return 0;
        ds.treasuryExcluded[proposalId][expert] = true;
        excluded = ds.delegatees[expert].treasury;
        emit TreasuryVoteExcluded(proposalId, expert, excluded);
    }

    error GovPoolNestedMulticall();

    /// @dev `delegateTreasury(address,uint256,uint256[])`, `undelegateTreasury(address,uint256,uint256[])`,
    /// `multicall(bytes[])`.
    bytes4 internal constant DELEGATE_TREASURY = bytes4(keccak256("delegateTreasury(address,uint256,uint256[])"));
    bytes4 internal constant UNDELEGATE_TREASURY = bytes4(keccak256("undelegateTreasury(address,uint256,uint256[])"));
    bytes4 internal constant MULTICALL = bytes4(keccak256("multicall(bytes[])"));

    // ───────────────────────────── internals ────────────────────────────

    /// @dev Re-casts `delegatee`'s votes on its proposals in Voting with its current micropool and treasury power,
    /// and returns the largest micropool (its vote plus the delegated votes taken out of it) and treasury power its
    /// votes count on active proposals past Voting (what must stay delegated until they end). Bounded by the votes limit (the length of the delegatee's list).
    function _recast(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.UserInfo storage info,
        Change calldata env,
        address delegatee
    ) private returns (uint256 lockedMicropool, uint256 lockedTreasury) {
        uint256 id = info.head;
        while (id != 0) {
            GovPoolStorage.VoteRecord storage r = votes[id][delegatee];
            uint256 next = r.prevActive;
            uint8 rFlags = r.flags;
            if (r.rawVoted != 0 || rFlags & V_KINDS != 0) {
                GovPoolStorage.Proposal storage p = proposals[id];
                if (_isVoting(p)) {
                    _recastVoter(ds, p, r, id, delegatee, env.votePower);
                    _checkQuorum(ds, p, id);
                } else if (
                    rFlags & V_KINDS != 0 && GovPoolState.isActive(GovPoolState.state(p, id, env.validators))
                ) {
                    GovPoolStorage.VoteKinds storage k = ds.kinds[id][delegatee];
                    // the whole micropool the proposal counted: the delegatee's vote and what its delegators voted
                    // out of it themselves (each also holds its own part: the others' must cover the vote)
                    uint256 micropool = k.micropool + ds.delegatedOut[id][delegatee];
                    if (micropool > lockedMicropool) lockedMicropool = micropool;
                    if (k.treasury > lockedTreasury) lockedTreasury = k.treasury;
                }
            }
            id = next;
        }
    }

    /// @dev Sets the voter's micropool (`m`) and treasury (`t`) power on a proposal beside its personal votes and
    /// moves the proposal's totals by the difference. Post-formula power is the model's answer for the three kinds
    /// together (the polynomial model weighs the treasury share r); the voter's record keeps it, and the side never
    /// underflows (it holds every amount the record ever added).
    function _apply(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        Cast memory c
    ) private returns (uint256 totalVoted, uint256 newRaw) {
        GovPoolStorage.VoteKinds storage k = ds.kinds[c.proposalId][c.voter];
        uint256 oldM = k.micropool;
        uint256 oldT = k.treasury;
        uint256 oldD = k.delegated;
        uint256 oldRaw = c.oldPersonal + oldM + oldT + oldD;
        newRaw = c.newPersonal + c.micropool + c.treasury + c.delegated;
        if (newRaw > type(uint128).max) revert GovPoolVoteTooLarge(newRaw);
        uint256 oldVoted;
        if (p.flags & NONLINEAR == 0) {
            oldVoted = oldRaw;
            totalVoted = newRaw;
        } else {
            oldVoted = r.voted;
            totalVoted = newRaw == 0
                ? 0
                : IVotePower(c.votePower).transformVotes(c.voter, c.newPersonal + c.delegated, c.micropool, c.treasury);
            if (totalVoted > type(uint128).max) revert GovPoolVoteTooLarge(totalVoted);
            r.voted = uint128(totalVoted);
            if (c.isVoteFor) p.rawVotesFor = uint128(p.rawVotesFor - oldRaw + newRaw);
            else p.rawVotesAgainst = uint128(p.rawVotesAgainst - oldRaw + newRaw);
        }
        if (c.isVoteFor) p.votesFor = uint128(p.votesFor - oldVoted + totalVoted);
        else p.votesAgainst = uint128(p.votesAgainst - oldVoted + totalVoted);
        k.micropool = uint128(c.micropool);
        k.treasury = uint128(c.treasury);
        if (c.delegated != oldD) k.delegated = uint128(c.delegated);
        if (c.micropool != 0 || c.treasury != 0 || c.delegated != 0) r.flags |= V_KINDS;
        if (c.micropool != oldM) {
            emit PowerVoted(c.proposalId, c.voter, IGovTypes.VoteType.MicropoolVote, c.isVoteFor, c.micropool, totalVoted);
        }
        if (c.treasury != oldT) {
            emit PowerVoted(c.proposalId, c.voter, IGovTypes.VoteType.TreasuryVote, c.isVoteFor, c.treasury, totalVoted);
        }
        if (c.delegated != oldD) {
            emit PowerVoted(c.proposalId, c.voter, IGovTypes.VoteType.DelegatedVote, c.isVoteFor, c.delegated, totalVoted);
        }
    }

    /// @dev A voter's cast on a proposal with its current power of every kind: its micropool less what its
    /// delegators vote themselves there, its treasury power unless the proposal changes its treasury delegation,
    /// and the delegated power it votes itself (unchanged).
    function _castOf(
        GovPoolStorage.DelegationState storage ds,
        uint256 proposalId,
        address voter,
        bool isVoteFor,
        uint256 oldPersonal,
        uint256 newPersonal,
        address votePower
    ) private view returns (Cast memory) {
        GovPoolStorage.Delegatee memory d = ds.delegatees[voter];
        return
            Cast(
                proposalId,
                voter,
                isVoteFor,
                oldPersonal,
                newPersonal,
                d.micropool - ds.delegatedOut[proposalId][voter],
                ds.treasuryExcluded[proposalId][voter] ? 0 : d.treasury,
                ds.kinds[proposalId][voter].delegated,
                votePower
            );
    }

    /// @dev Re-casts `voter`'s vote on a proposal in Voting with its current power (nothing when it has not voted).
    function _recastVoter(
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        uint256 proposalId,
        address voter,
        address votePower
    ) private {
        if (r.rawVoted == 0 && r.flags & V_KINDS == 0) return;
        uint256 personal = r.rawVoted;
        _apply(ds, p, r, _castOf(ds, proposalId, voter, r.flags & V_FOR != 0, personal, personal, votePower));
    }

    /// @dev The largest delegated vote the caller cast with its delegation to `delegatee` on a proposal still
    /// active must stay delegated: refused below it (the pair's power now, after the change). Walks the caller's
    /// list of voted proposals (bounded by the votes limit).
    function _checkDelegatedVotes(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        GovPoolStorage.DelegationState storage ds,
        GovPoolStorage.UserInfo storage info,
        address delegatee,
        address validators
    ) private view {
        uint256 locked;
        uint256 id = info.head;
        while (id != 0) {
            GovPoolStorage.VoteRecord storage r = votes[id][msg.sender];
            if (r.flags & V_KINDS != 0) {
                GovPoolStorage.VoteKinds storage k = ds.kinds[id][msg.sender];
                uint256 voted = k.delegated;
                if (
                    voted > locked &&
                    k.delegatedTo == delegatee &&
                    GovPoolState.isActive(GovPoolState.state(proposals[id], id, validators))
                ) locked = voted;
            }
            id = r.prevActive;
        }
        if (locked == 0) return;
        uint256 remaining = ds.delegationHistory[msg.sender][delegatee].latest();
        if (remaining < locked) revert GovPoolDelegatedVoteLocked(delegatee, remaining, locked);
    }

    /// @dev After a re-cast: a proposal reaching its quorum is marked as a vote marks it (with the delegation clock:
    /// `GovPool._checkQuorumReached`); one falling below it is unmarked as a cancelled vote unmarks it.
    function _checkQuorum(GovPoolStorage.DelegationState storage ds, GovPoolStorage.Proposal storage p, uint256 proposalId) private {
        uint256 quorumVotes = p.quorumVotes;
        bool met = p.votesFor >= quorumVotes || p.votesAgainst >= quorumVotes;
        uint8 flags = p.flags;
        if (flags & QUORUM == 0 && met) {
            p.flags = flags | QUORUM;
            uint256 clock = ds.clock;
            if (clock != 0) ds.quorumClock[proposalId] = clock;
            uint256 delay = p.executionDelay;
            uint256 executeAfter = flags & EARLY != 0 ? block.timestamp + (delay == 0 ? 1 : delay) : p.voteEnd + delay;
            p.executeAfter = uint40(executeAfter);
            emit QuorumReached(proposalId, executeAfter);
        } else if (flags & QUORUM != 0 && !met) {
            p.flags = flags & ~QUORUM;
            p.executeAfter = 0;
            emit QuorumUnreached(proposalId);
        }
    }

    /// @notice What `delegator` had delegated to `delegatee` and did not vote itself, and the micropool the
    /// delegators' reward shares divide (less the delegated votes), both when proposal `proposalId` last reached its
    /// quorum: the delegators' part of the micropool reward is split pro rata to them (PROTOCOL.md "Rewards"). A
    /// delegation made after the quorum has no share; a delegated vote cast after it is capped at its voter's
    /// delegation at the quorum (`_takeFromMicropool`), so the shares never sum above the micropool divided.
    function delegatorShare(
        GovPoolStorage.DelegationState storage ds,
        uint256 proposalId,
        address delegator,
        address delegatee
    ) internal view returns (uint256 delegated, uint256 total) {
        uint256 clock = ds.quorumClock[proposalId];
        // a proposal that reached its quorum before the pool's clock existed: the micropool's key of its last cast
        if (clock == 0) clock = ds.kinds[proposalId][delegatee].clock;
        total = ds.micropoolHistory[delegatee].upperLookup(uint48(clock));
        uint256 out = ds.delegatedOut[proposalId][delegatee];
        total = total > out ? total - out : 0;
        delegated = ds.delegationHistory[delegator][delegatee].upperLookup(uint48(clock));
        GovPoolStorage.VoteKinds storage own = ds.kinds[proposalId][delegator];
        if (own.delegatedTo == delegatee) {
            uint256 votedItself = own.delegated;
            delegated = delegated > votedItself ? delegated - votedItself : 0;
        }
    }

    /// @dev Voting as `GovPool._requireVoting` decides it.
    function _isVoting(GovPoolStorage.Proposal storage p) private view returns (bool) {
        uint256 voteEnd = p.voteEnd;
        uint8 flags = p.flags;
        return
            voteEnd != 0 &&
            block.timestamp < voteEnd &&
            flags & EXECUTED == 0 &&
            !(flags & QUORUM != 0 && flags & EARLY != 0);
    }

    /// @dev Adds (or takes) `power` to the caller's delegation to `delegatee` and its micropool: the pool's
    /// delegation clock ticks and both histories are written at it, so the clock a proposal reached its quorum at
    /// names every micropool and delegation it counted then. (Histories written before the pool's clock existed are
    /// keyed by their length: the clock starts past it.)
    function _move(
        GovPoolStorage.DelegationState storage ds,
        address delegatee,
        uint256 power,
        bool isAdd
    ) private returns (uint256 micropool) {
        GovPoolStorage.Delegatee storage d = ds.delegatees[delegatee];
        micropool = isAdd ? d.micropool + power : d.micropool - power;
        if (micropool > type(uint128).max) revert GovPoolVoteTooLarge(micropool);
        d.micropool = uint128(micropool);
        Checkpoints.Trace208 storage history = ds.micropoolHistory[delegatee];
        Checkpoints.Trace208 storage pair = ds.delegationHistory[msg.sender][delegatee];
        uint256 clock = ds.clock;
        uint256 keyed = history.length();
        if (clock < keyed) clock = keyed;
        ds.clock = ++clock;
        history.push(uint48(clock), uint208(micropool));
        uint256 pairPower = pair.latest();
        pair.push(uint48(clock), uint208(isAdd ? pairPower + power : pairPower - power));
    }

    function _moveTreasury(
        GovPoolStorage.DelegationState storage ds,
        address expert,
        uint256 power,
        bool isAdd
    ) private returns (uint256 treasury) {
        GovPoolStorage.Delegatee storage d = ds.delegatees[expert];
        treasury = isAdd ? d.treasury + power : d.treasury - power;
        if (treasury > type(uint128).max) revert GovPoolVoteTooLarge(treasury);
        d.treasury = uint128(treasury);
    }

    /// @dev The keeper pulls the treasury's tokens and NFTs: approve exactly them.
    function _approveKeeper(address keeper, uint256 amount, uint256[] calldata nftIds) private {
        if (amount > 0) IERC20(IKeeperForDelegation(keeper).tokenAddress()).forceApprove(keeper, amount);
        if (nftIds.length > 0) {
            address nft = IKeeperForDelegation(keeper).nftAddress();
            for (uint256 i; i < nftIds.length; ++i) IERC721(nft).approve(keeper, nftIds[i]);
        }
    }

    function _isExpert(address badge, address account) private view returns (bool) {
        return badge != address(0) && IExpertForDelegation(badge).isExpert(account);
    }
}
