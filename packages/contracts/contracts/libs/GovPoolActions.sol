// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {CreationWord} from "./CreationWord.sol";
import {GovPoolStorage, EXECUTED, EXECUTED_FOR, MOVED} from "../gov/GovPoolStorage.sol";
import {IExecutorValidator} from "../interfaces/IExecutorValidator.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {GovPoolState} from "./GovPoolState.sol";

interface IExecutionRewards {
    function getRewardsInfo(uint256 settingsId) external view returns (IGovTypes.RewardsInfo memory);
}

interface ISettingsLookup {
    function executorToSettings(address executor) external view returns (uint256);
}

interface IRegistryLookup {
    function isGovPool(address pool) external view returns (bool);
}

interface IKeeperLookup {
    function owner() external view returns (address);

    function tokenAddress() external view returns (address);

    function nftAddress() external view returns (address);
}

interface IPoolHelpers {
    function getHelperContracts()
        external
        view
        returns (address settings, address userKeeper, address validators, address poolRegistry, address votePower);
}

interface IValidatorsBalances {
    function changeBalances(uint256[] calldata newValues, address[] calldata users) external;
}

interface IGovPoolMeta {
    function deposit(uint256 amount, uint256[] calldata nftIds) external;

    function vote(uint256 proposalId, bool isVoteFor, uint256 amount, uint256[] calldata nftIds) external;

    function cancelVote(uint256 proposalId) external;

    function withdraw(address receiver, uint256 amount, uint256[] calldata nftIds) external;
}

/// @title GovPoolActions
/// @notice Validation and execution of proposal actions, kept out of GovPool for contract size.
library GovPoolActions {
    uint256 internal constant DEFAULT_SETTINGS = 0;
    uint256 internal constant INTERNAL_SETTINGS = 1;
    uint256 internal constant VALIDATORS_SETTINGS = 2;
    /// @dev Gas given to an executor's `validate` hook.
    uint256 internal constant VALIDATE_GAS = 100_000;
    /// @dev Bytes of revert data surfaced from a failed action (no return-bomb).
    uint256 internal constant MAX_REVERT_DATA = 256;

    error GovPoolNoActions();
    error GovPoolInvalidInternalActions(uint256 index);
    error GovPoolInvalidValidatorsActions();
    error GovPoolInvalidAgainstActions(uint256 index);
    error GovPoolRejectedByExecutor(address executor);
    error GovPoolActionFailed(uint256 index, bytes reason);
    error GovPoolUserKeeperAction(uint256 index);
    error GovPoolUserKeeperExecutor(uint256 settingsId);
    error GovPoolWrongState(uint256 proposalId, IGovTypes.ProposalState state);
    error GovPoolActionsMismatch(uint256 proposalId);
    /// @dev The code of an action's target is not the one pinned when the proposal was created (or the actions
    /// given name other targets than those voted).
    error GovPoolTargetCodeChanged(uint256 proposalId);

    event ProposalExecuted(uint256 indexed proposalId, bool isFor, address indexed sender);


    /// @notice Settings slot governing `actionsOnFor`, after validating both action lists.
    /// @dev The last for-action's executor decides; when executors disagree the default slot governs, except
    /// that internal and validators actions may never be mixed with others (that would let a weaker slot
    /// approve them). Zero-value `approve` calls to the main executor are neutral.
    /// No action may call the GovUserKeeper (H2: it would succeed in the vote and fail at every execution).
    /// @param mainSettingsId the settings slot of the last for-action's executor
    /// @param registry the PoolRegistry (only read when there are against-actions)
    /// @param ownToken the DAO's own ERC20Gov clone (`OWN_TOKEN`; zero otherwise): that implementation has no
    /// `validate` hook and no fallback, so asking it could only revert without a reason (never veto) and is skipped
    function getSettingsId(
        address settings,
        address userKeeper,
        address registry,
        address ownToken,
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        IGovTypes.ProposalAction[] calldata actionsOnAgainst,
        uint256 mainSettingsId
    ) external view returns (uint256 settingsId) {
        uint256 length = actionsOnFor.length;
        if (length == 0) revert GovPoolNoActions();
        address mainExecutor = actionsOnFor[length - 1].executor;
        settingsId = mainSettingsId;
        if (mainExecutor == userKeeper) revert GovPoolUserKeeperAction(length - 1);

        for (uint256 i; i + 1 < length; ++i) {
            IGovTypes.ProposalAction calldata action = actionsOnFor[i];
            if (action.executor == userKeeper) revert GovPoolUserKeeperAction(i);
            if (action.executor == mainExecutor || _isNeutralApprove(action, mainExecutor)) continue;
            uint256 other = ISettingsLookup(settings).executorToSettings(action.executor);
            if (other == settingsId) continue;
            if (
                other == INTERNAL_SETTINGS ||
                other == VALIDATORS_SETTINGS ||
                settingsId == INTERNAL_SETTINGS ||
                settingsId == VALIDATORS_SETTINGS
            ) revert GovPoolInvalidInternalActions(i);
            settingsId = DEFAULT_SETTINGS;
        }

        if (settingsId == VALIDATORS_SETTINGS) {
            if (length != 1 || bytes4(actionsOnFor[0].data) != IValidatorsBalances.changeBalances.selector) {
                revert GovPoolInvalidValidatorsActions();
            }
        }

        if (actionsOnAgainst.length > 0) _validateMetaGovernance(registry, actionsOnFor, actionsOnAgainst);

        _askExecutors(actionsOnFor, ownToken);
    }

    /// @notice Digest of the code of every for-action's target (`extcodehash`, zero for an address without an
    /// account), in order. Against-actions have the same targets (they mirror the for-actions pair by pair).
    function codeDigest(IGovTypes.ProposalAction[] calldata actions) internal view returns (bytes32 digest) {
        for (uint256 i; i < actions.length; ++i) {
            bytes32 codeHash = actions[i].executor.codehash;
            assembly ("memory-safe") {
                mstore(0, digest)
                mstore(0x20, codeHash)
                digest := keccak256(0, 0x40)
            }
        }
    }

    /// @notice `codeDigest`, and whether an action calls the pool itself (only then can it change a treasury
    /// delegation, whose expert's treasury power is left out of the proposal).
    function codeDigestAndSelf(
        IGovTypes.ProposalAction[] calldata actions
    ) internal view returns (bytes32 digest, bool callsSelf) {
        for (uint256 i; i < actions.length; ++i) {
            address executor = actions[i].executor;
            if (executor == address(this)) callsSelf = true;
            bytes32 codeHash = executor.codehash;
            assembly ("memory-safe") {
                mstore(0, digest)
                mstore(0x20, codeHash)
                digest := keccak256(0, 0x40)
            }
        }
    }

    /// @notice The hash a proposal stores (L4): its actions' hash with its targets' code pinned —
    /// `keccak256(actionsHash, codes)` in the upper 224 bits, the low 32 bits of `codes` below them (to tell
    /// a changed target code from other actions at execution). 224 bits keep 112-bit collision resistance.
    function pin(bytes32 actionsHash, bytes32 codes) internal pure returns (bytes32 pinned) {
        assembly ("memory-safe") {
            mstore(0, actionsHash)
            mstore(0x20, codes)
            pinned := or(and(keccak256(0, 0x40), not(0xffffffff)), and(codes, 0xffffffff))
        }
    }

    /// @notice `getSettingsId` for the common single for-action proposal without against-actions, inlined
    /// into the pool (no library call): the same checks, the settings slot cannot change.
    /// @dev The `validate` payload is encoded by hand: array offset, length 1, element offset, then the
    /// element (executor, value, data offset, data length, data zero-padded) — exactly the standard encoding
    /// of `validate([action])`, in a few dozen steps instead of the generic calldata-array encoder.
    /// @param askExecutor whether to call the executor's `validate` hook (the pool skips it only for its own
    /// ERC20Gov clone, which has none)
    function checkSingleAction(
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        uint256 settingsId,
        bool askExecutor
    ) internal view {
        IGovTypes.ProposalAction calldata action = actionsOnFor[0];
        address executor = action.executor;
        if (settingsId == VALIDATORS_SETTINGS && bytes4(action.data) != IValidatorsBalances.changeBalances.selector) {
            revert GovPoolInvalidValidatorsActions();
        }
        if (!askExecutor || executor.code.length == 0) return;
        bytes calldata data = action.data;
        uint256 value = action.value;
        bytes4 selector = IExecutorValidator.validate.selector;
        bool success;
        uint256 result;
        uint256 size;
        assembly ("memory-safe") {
            // scratch memory past the free memory pointer (not allocated: nothing else is written meanwhile)
            let ptr := mload(0x40)
            mstore(ptr, selector)
            mstore(add(ptr, 0x04), 0x20)
            mstore(add(ptr, 0x24), 1)
            mstore(add(ptr, 0x44), 0x20)
            mstore(add(ptr, 0x64), executor)
            mstore(add(ptr, 0x84), value)
            mstore(add(ptr, 0xa4), 0x60)
            mstore(add(ptr, 0xc4), data.length)
            calldatacopy(add(ptr, 0xe4), data.offset, data.length)
            mstore(add(add(ptr, 0xe4), data.length), 0)
            let payloadSize := add(0xe4, and(add(data.length, 31), not(31)))
            success := staticcall(VALIDATE_GAS, executor, ptr, payloadSize, 0, 0x20)
            size := returndatasize()
            result := mload(0)
        }
        // An executor without the hook (an empty revert or answer) does not veto; an explicit `false` or a
        // revert with a reason does (L4)
        if (success ? size == 32 && result == 0 : size > 0) revert GovPoolRejectedByExecutor(executor);
    }

    /// @notice Writes the pool's copy of settings slots' creation words (with their minVotesForCreating, kept
    /// only when the word says it is not zero) and of executors' slots. See `GovPool.syncSettings` for `entries`.
    /// The user keeper stays an internal executor: the pool refuses its creation only in that slot (H2).
    function copySettings(
        GovPoolStorage.SettingsCopy storage copy,
        uint256[] calldata entries,
        address userKeeper
    ) external {
        uint256 end = 1 + entries[0] * 3;
        for (uint256 i = 1; i < end; i += 3) {
            uint256 id = entries[i];
            uint256 word = entries[i + 1];
            copy.creationWords[id] = word;
            if (word & CreationWord.NO_MIN_CREATING == 0) copy.minVotesForCreating[id] = entries[i + 2];
        }
        for (uint256 i = end; i < entries.length; i += 2) {
            address executor = address(uint160(entries[i]));
            uint256 settingsId = entries[i + 1];
            if (executor == userKeeper && settingsId != INTERNAL_SETTINGS) revert GovPoolUserKeeperExecutor(settingsId);
            copy.executorSettings[executor] = settingsId;
        }
    }

    /// @notice Executes a succeeded proposal (the pool's `execute`): its for-actions (SucceededFor) or
    /// against-actions (SucceededAgainst), which must be those given at creation with their targets' code the one
    /// pinned then (L4). Records the rewards with the settings current at execution: the reward token and vote
    /// coefficient on the proposal, the creation reward to its creator and the execution reward to the caller —
    /// unless the proposal went through the validators, whose mover already earned it (L5: paid once).
    function executeProposal(
        GovPoolStorage.Proposal storage p,
        mapping(address => uint256) storage staticRewards,
        address settings,
        address validators,
        address userKeeper,
        uint256 proposalId,
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        IGovTypes.ProposalAction[] calldata actionsOnAgainst
    ) external {
        IGovTypes.ProposalState state = GovPoolState.state(p, proposalId, validators);
        if (state != IGovTypes.ProposalState.SucceededFor && state != IGovTypes.ProposalState.SucceededAgainst) {
            revert GovPoolWrongState(proposalId, state);
        }
        _checkActions(proposalId, p.actionsHash, actionsOnFor, actionsOnAgainst);
        bool isFor = state == IGovTypes.ProposalState.SucceededFor;
        p.flags |= isFor ? EXECUTED | EXECUTED_FOR : EXECUTED;

        IGovTypes.RewardsInfo memory rewards = IExecutionRewards(settings).getRewardsInfo(p.settingsId);
        p.rewardToken = rewards.rewardToken;
        p.voteRewardsCoefficient = uint96(rewards.voteRewardsCoefficient);
        staticRewards[p.creator] += rewards.creationReward;
        if (p.flags & MOVED == 0) staticRewards[msg.sender] += rewards.executionReward;

        _run(isFor ? actionsOnFor : actionsOnAgainst, userKeeper);
        emit ProposalExecuted(proposalId, isFor, msg.sender);
    }

    /// @dev The actions must be those voted and their targets' code the one pinned at creation (L4). A proposal
    /// created before the pin stored the actions' hash alone, which only those actions can match.
    function _checkActions(
        uint256 proposalId,
        bytes32 stored,
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        IGovTypes.ProposalAction[] calldata actionsOnAgainst
    ) private view {
        bytes32 actionsHash = keccak256(abi.encode(actionsOnFor, actionsOnAgainst));
        bytes32 codes = codeDigest(actionsOnFor);
        if (pin(actionsHash, codes) == stored || actionsHash == stored) return;
        if (uint32(uint256(codes)) != uint32(uint256(stored))) revert GovPoolTargetCodeChanged(proposalId);
        revert GovPoolActionsMismatch(proposalId);
    }

    /// @dev Runs `actions` in order; any failure reverts everything. Return data is never copied.
    /// No action may call the DAO's GovUserKeeper: it holds the members' deposits and has no governance
    /// function, only custody calls the pool makes for the members themselves (and the pool mirrors their
    /// deposits, which a direct call would bypass).
    function _run(IGovTypes.ProposalAction[] calldata actions, address userKeeper) private {
        for (uint256 i; i < actions.length; ++i) {
            IGovTypes.ProposalAction calldata action = actions[i];
            address target = action.executor;
            if (target == userKeeper) revert GovPoolUserKeeperAction(i);
            bytes memory data = action.data;
            uint256 value = action.value;
            bool success;
            assembly ("memory-safe") {
                success := call(gas(), target, value, add(data, 0x20), mload(data), 0, 0)
            }
            if (!success) {
                bytes memory reason;
                assembly ("memory-safe") {
                    let size := returndatasize()
                    if gt(size, MAX_REVERT_DATA) {
                        size := MAX_REVERT_DATA
                    }
                    reason := mload(0x40)
                    mstore(reason, size)
                    returndatacopy(add(reason, 0x20), 0, size)
                    mstore(0x40, add(add(reason, 0x20), size))
                }
                revert GovPoolActionFailed(i, reason);
            }
        }
    }

    /// @dev Against-actions exist only for meta-governance: they mirror the for-actions call by call with only
    /// the vote side flipped, so members rejecting a proposal can never run anything the for-side would not:
    /// - every pair has the same executor and no value;
    /// - `approve` (ERC-20 or ERC-721): identical data, the spender being the user keeper of another GovPool and
    ///   the executor that keeper's token or NFT collection;
    /// - `deposit`, `cancelVote`: identical data; `withdraw`: identical data, the receiver being this pool;
    /// - `vote`: identical but for `isVoteFor`, which is flipped;
    /// - the executor of those four is a GovPool of the protocol other than this one.
    function _validateMetaGovernance(
        address registry,
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        IGovTypes.ProposalAction[] calldata actionsOnAgainst
    ) private view {
        if (actionsOnFor.length != actionsOnAgainst.length) revert GovPoolInvalidAgainstActions(0);
        for (uint256 i; i < actionsOnFor.length; ++i) {
            if (!_isMirrored(registry, actionsOnFor[i], actionsOnAgainst[i])) revert GovPoolInvalidAgainstActions(i);
        }
    }

    function _isMirrored(
        address registry,
        IGovTypes.ProposalAction calldata f,
        IGovTypes.ProposalAction calldata a
    ) private view returns (bool) {
        bytes calldata fd = f.data;
        bytes calldata ad = a.data;
        if (f.executor != a.executor || f.value != 0 || a.value != 0 || fd.length < 36 || ad.length != fd.length) {
            return false;
        }
        bytes4 selector = bytes4(fd);
        if (selector == IERC20.approve.selector) {
            return keccak256(fd) == keccak256(ad) && _isOtherKeeperOf(registry, address(uint160(uint256(bytes32(fd[4:36])))), f.executor);
        }
        if (f.executor == address(this) || !IRegistryLookup(registry).isGovPool(f.executor)) return false;
        if (selector == IGovPoolMeta.vote.selector) {
            if (fd.length < 68) return false;
            uint256 side = uint256(bytes32(fd[36:68]));
            return
                side <= 1 &&
                uint256(bytes32(ad[36:68])) == 1 - side &&
                keccak256(fd[:36]) == keccak256(ad[:36]) &&
                keccak256(fd[68:]) == keccak256(ad[68:]);
        }
        if (keccak256(fd) != keccak256(ad)) return false;
        if (selector == IGovPoolMeta.withdraw.selector) return address(uint160(uint256(bytes32(fd[4:36])))) == address(this);
        return selector == IGovPoolMeta.deposit.selector || selector == IGovPoolMeta.cancelVote.selector;
    }

    /// @dev Whether `spender` is the user keeper of a GovPool of the protocol (not this one) whose token or NFT
    /// collection is `asset`. The keeper's answers are trusted only once the registered pool confirms them.
    function _isOtherKeeperOf(address registry, address spender, address asset) private view returns (bool) {
        if (spender.code.length == 0) return false;
        try IKeeperLookup(spender).owner() returns (address pool) {
            if (pool == address(this) || !IRegistryLookup(registry).isGovPool(pool)) return false;
            (, address keeper, , , ) = IPoolHelpers(pool).getHelperContracts();
            if (keeper != spender) return false;
            return IKeeperLookup(spender).tokenAddress() == asset || IKeeperLookup(spender).nftAddress() == asset;
        } catch {
            return false;
        }
    }

    /// @dev Asks `validate` of every distinct executor with code (L4: not only the main one).
    function _askExecutors(IGovTypes.ProposalAction[] calldata actions, address ownToken) private view {
        uint256 length = actions.length;
        for (uint256 i; i < length; ++i) {
            address executor = actions[i].executor;
            bool seen;
            for (uint256 j; j < i; ++j) {
                if (actions[j].executor == executor) {
                    seen = true;
                    break;
                }
            }
            if (!seen && executor != ownToken && executor.code.length > 0) _askExecutor(executor, actions);
        }
    }

    function _askExecutor(address executor, IGovTypes.ProposalAction[] calldata actions) private view {
        bytes memory payload = abi.encodeCall(IExecutorValidator.validate, (actions));
        bool success;
        uint256 result;
        uint256 size;
        assembly ("memory-safe") {
            success := staticcall(VALIDATE_GAS, executor, add(payload, 0x20), mload(payload), 0, 0x20)
            size := returndatasize()
            result := mload(0)
        }
        // An executor without the hook (an empty revert or answer) does not veto; an explicit `false` or a
        // revert with a reason does (L4)
        if (success ? size == 32 && result == 0 : size > 0) revert GovPoolRejectedByExecutor(executor);
    }

    /// @dev A zero-value `approve` to the main executor (funding the contract whose slot governs) is neutral. An
    /// approval to anyone else moves treasury rights and falls back to the default slot like any other action
    /// (M1: a weak custom slot must not approve treasury spending).
    function _isNeutralApprove(
        IGovTypes.ProposalAction calldata action,
        address mainExecutor
    ) private pure returns (bool) {
        bytes calldata data = action.data;
        return
            action.value == 0 &&
            data.length >= 36 &&
            bytes4(data) == IERC20.approve.selector &&
            address(uint160(uint256(bytes32(data[4:36])))) == mainExecutor;
    }
}
