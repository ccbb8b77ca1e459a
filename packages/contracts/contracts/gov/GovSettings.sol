// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {CreationWord} from "../libs/CreationWord.sol";

/// @notice The GovPool side of the settings copy (see `GovPool.syncSettings`).
interface IGovPoolSettingsSync {
    function syncSettings(uint256[] calldata entries) external;
}

/// @title GovSettings
/// @notice Proposal settings of one DAO: one slot per executor kind (default 0, internal 1, validators 2,
/// distribution 3, token sale 4) plus custom slots, and the executor -> settings mapping. Owned by the GovPool.
/// @dev Every change of a slot's creation fields or of an executor's slot is pushed to the DAO's GovPool in the
/// same transaction (`GovPool.syncSettings`), so proposal creation reads its own storage instead of calling
/// this contract. Settings of DAOs deployed before the push existed have no `_pool` and push nothing; their
/// pools keep reading this contract.
contract GovSettings is IGovTypes, OwnableUpgradeable {
    uint256 public constant PERCENTAGE_100 = 10 ** 27;
    uint256 public constant DEFAULT_SETTINGS = 0;
    uint256 public constant INTERNAL_SETTINGS = 1;
    uint256 public constant VALIDATORS_SETTINGS = 2;
    uint256 public constant DISTRIBUTION_SETTINGS = 3;
    uint256 public constant TOKEN_SALE_SETTINGS = 4;

    mapping(uint256 => ProposalSettings) private _settings;
    uint256 private _settingsCount;
    mapping(address => uint256) private _executorToSettings;
    /// @dev Per slot, the fields proposal creation needs packed in one word (see `CreationWord`); zero for
    /// slots written before this field existed, which are then read field by field. Appended (upgrade-safe).
    mapping(uint256 => uint256) private _creation;
    /// @dev The GovPool that keeps a copy of the creation fields and of the executor mapping (set at
    /// initialization; zero for settings initialized before the copy existed). Appended (upgrade-safe).
    address private _pool;

    error GovSettingsInvalidSettings(uint256 index);
    error GovSettingsLengthMismatch();
    error GovSettingsUnknownSettings(uint256 settingsId);
    error GovSettingsMissingDefaults();
    error GovSettingsTooManySettings();

    event SettingsChanged(uint256 indexed settingsId, string executorDescription);
    event ExecutorChanged(address indexed executor, uint256 indexed settingsId);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the settings. Called once by the PoolFactory.
    /// @param govPool the owner (the DAO's GovPool)
    /// @param internalExecutors executors mapped to the internal settings (pool, settings, user keeper)
    /// @param validators the GovValidators executor (mapped to the validators settings)
    /// @param standardExecutors the DAO's distribution and token sale executors (slots 3 and 4), in that order
    /// (zero addresses: none)
    /// @param settings at least the five standard slots, then custom ones
    /// @param customExecutors executors mapped to custom slots 5, 6, ... in order
    function initialize(
        address govPool,
        address[] calldata internalExecutors,
        address validators,
        address[2] calldata standardExecutors,
        ProposalSettings[] calldata settings,
        address[] calldata customExecutors
    ) external initializer {
        __Ownable_init(govPool);
        _pool = govPool;
        if (settings.length < 5 || customExecutors.length > settings.length - 5) revert GovSettingsMissingDefaults();
        (address[] memory executors, uint256[] memory executorIds) = _initialExecutors(
            internalExecutors,
            validators,
            standardExecutors,
            customExecutors
        );
        _initSlots(settings, executors, executorIds);
    }

    /// @dev Adds the initial slots, then maps the initial executors, and pushes both to the pool.
    function _initSlots(
        ProposalSettings[] calldata settings,
        address[] memory executors,
        uint256[] memory executorIds
    ) private {
        uint256[] memory ids = new uint256[](settings.length);
        for (uint256 i; i < settings.length; ++i) ids[i] = _addSettings(settings[i]);
        for (uint256 i; i < executors.length; ++i) _setExecutor(executors[i], executorIds[i]);
        _push(ids, executors, executorIds);
    }

    /// @notice Appends new settings slots. GovPool (proposal) only.
    function addSettings(ProposalSettings[] calldata settings) external onlyOwner {
        uint256[] memory ids = new uint256[](settings.length);
        for (uint256 i; i < settings.length; ++i) ids[i] = _addSettings(settings[i]);
        _push(ids, new address[](0), new uint256[](0));
    }

    /// @notice Replaces existing settings slots. GovPool (proposal) only.
    function editSettings(uint256[] calldata settingsIds, ProposalSettings[] calldata settings) external onlyOwner {
        if (settingsIds.length != settings.length) revert GovSettingsLengthMismatch();
        for (uint256 i; i < settings.length; ++i) {
            uint256 id = settingsIds[i];
            if (id >= _settingsCount) revert GovSettingsUnknownSettings(id);
            _validate(settings[i], i);
            _settings[id] = settings[i];
            _creation[id] = CreationWord.pack(settings[i]);
            emit SettingsChanged(id, settings[i].executorDescription);
        }
        _push(settingsIds, new address[](0), new uint256[](0));
    }

    /// @notice Maps executors to settings slots. GovPool (proposal) only.
    function changeExecutors(address[] calldata executors, uint256[] calldata settingsIds) external onlyOwner {
        if (executors.length != settingsIds.length) revert GovSettingsLengthMismatch();
        for (uint256 i; i < executors.length; ++i) {
            if (settingsIds[i] >= _settingsCount) revert GovSettingsUnknownSettings(settingsIds[i]);
            _setExecutor(executors[i], settingsIds[i]);
        }
        _push(new uint256[](0), executors, settingsIds);
    }

    /// @notice Settings slot governing proposals whose main executor is `executor`.
    function executorToSettings(address executor) external view returns (uint256) {
        return _executorToSettings[executor];
    }

    /// @notice One settings slot.
    function getSettings(uint256 settingsId) external view returns (ProposalSettings memory) {
        if (settingsId >= _settingsCount) revert GovSettingsUnknownSettings(settingsId);
        return _settings[settingsId];
    }

    /// @notice Settings governing proposals whose main executor is `executor`.
    function getExecutorSettings(address executor) external view returns (ProposalSettings memory) {
        return _settings[_executorToSettings[executor]];
    }

    /// @notice The default settings (slot 0).
    function getDefaultSettings() external view returns (ProposalSettings memory) {
        return _settings[DEFAULT_SETTINGS];
    }

    /// @notice The internal settings (slot 1).
    function getInternalSettings() external view returns (ProposalSettings memory) {
        return _settings[INTERNAL_SETTINGS];
    }

    /// @notice Number of settings slots.
    function settingsCount() external view returns (uint256) {
        return _settingsCount;
    }

    /// @notice Settings slot of `executor` and the fields a GovPool needs to create a proposal, in one call.
    function getCreationSettingsFor(
        address executor
    ) external view returns (uint256 settingsId, CreationWord.Fields memory fields) {
        settingsId = _executorToSettings[executor];
        fields = _creationSettings(settingsId);
    }

    /// @notice Fields a GovPool needs when a proposal is created (one call, packed reads).
    function getCreationSettings(uint256 settingsId) external view returns (CreationWord.Fields memory fields) {
        return _creationSettings(settingsId);
    }

    /// @notice Reward parameters of a settings slot.
    function getRewardsInfo(uint256 settingsId) external view returns (RewardsInfo memory) {
        return _settings[settingsId].rewardsInfo;
    }

    /// @notice Validators-stage parameters of a settings slot.
    function getValidatorsStageSettings(
        uint256 settingsId
    ) external view returns (uint64 durationValidators, uint128 quorumValidators) {
        ProposalSettings storage s = _settings[settingsId];
        return (s.durationValidators, s.quorumValidators);
    }

    function _addSettings(ProposalSettings calldata settings) private returns (uint256 id) {
        id = _settingsCount++;
        // proposals keep their settings slot in 16 bits
        if (id > type(uint16).max) revert GovSettingsTooManySettings();
        _validate(settings, id);
        _settings[id] = settings;
        _creation[id] = CreationWord.pack(settings);
        emit SettingsChanged(id, settings.executorDescription);
    }

    /// @dev Internal executors -> slot 1, the validators -> slot 2, the distribution and token sale
    /// executors -> slots 3 and 4, custom executors -> slots 5, 6, ...
    function _initialExecutors(
        address[] calldata internalExecutors,
        address validators,
        address[2] calldata standardExecutors,
        address[] calldata customExecutors
    ) private pure returns (address[] memory executors, uint256[] memory ids) {
        uint256 internals = internalExecutors.length;
        uint256 standard = standardExecutors[0] == address(0) ? 0 : 2;
        executors = new address[](internals + 1 + standard + customExecutors.length);
        ids = new uint256[](executors.length);
        for (uint256 i; i < internals; ++i) (executors[i], ids[i]) = (internalExecutors[i], INTERNAL_SETTINGS);
        (executors[internals], ids[internals]) = (validators, VALIDATORS_SETTINGS);
        uint256 next = internals + 1;
        for (uint256 i; i < standard; ++i) {
            (executors[next + i], ids[next + i]) = (standardExecutors[i], DISTRIBUTION_SETTINGS + i);
        }
        next += standard;
        for (uint256 i; i < customExecutors.length; ++i) {
            (executors[next + i], ids[next + i]) = (customExecutors[i], 5 + i);
        }
    }

    /// @dev Pushes the creation fields of slots `ids` and the slots of `executors` to the pool's copy.
    function _push(uint256[] memory ids, address[] memory executors, uint256[] memory executorIds) private {
        address pool = _pool;
        if (pool == address(0)) return;
        uint256 n = ids.length;
        uint256[] memory entries = new uint256[](1 + 3 * n + 2 * executors.length);
        entries[0] = n;
        for (uint256 i; i < n; ++i) {
            uint256 id = ids[i];
            uint256 word = _creation[id];
            entries[1 + 3 * i] = id;
            entries[2 + 3 * i] = word;
            if (word & CreationWord.NO_MIN_CREATING == 0) entries[3 + 3 * i] = _settings[id].minVotesForCreating;
        }
        for (uint256 i; i < executors.length; ++i) {
            entries[1 + 3 * n + 2 * i] = uint256(uint160(executors[i]));
            entries[2 + 3 * n + 2 * i] = executorIds[i];
        }
        IGovPoolSettingsSync(pool).syncSettings(entries);
    }

    function _setExecutor(address executor, uint256 settingsId) private {
        _executorToSettings[executor] = settingsId;
        emit ExecutorChanged(executor, settingsId);
    }

    /// @dev Creation fields of slot `settingsId`: two storage reads (packed word + minVotesForCreating).
    function _creationSettings(uint256 settingsId) private view returns (CreationWord.Fields memory f) {
        ProposalSettings storage s = _settings[settingsId];
        uint256 packed = _creation[settingsId];
        if (packed == 0) {
            return
                CreationWord.Fields(
                    s.earlyCompletion,
                    s.validatorsVote,
                    s.duration,
                    s.executionDelay,
                    s.quorum,
                    s.minVotesForVoting,
                    s.minVotesForCreating
                );
        }
        f = CreationWord.unpack(packed);
        if (packed & CreationWord.NO_MIN_CREATING == 0) f.minVotesForCreating = s.minVotesForCreating;
    }

    function _validate(ProposalSettings calldata s, uint256 index) private pure {
        // Proposals snapshot quorum, minimum votes and the vote rewards coefficient into packed 96-bit fields
        // (L5: a larger coefficient is refused, never silently cut).
        if (
            s.duration == 0 ||
            s.quorum == 0 ||
            s.quorum > PERCENTAGE_100 ||
            s.quorumValidators > PERCENTAGE_100 ||
            (s.validatorsVote && (s.durationValidators == 0 || s.quorumValidators == 0)) ||
            s.minVotesForVoting > type(uint96).max ||
            s.rewardsInfo.voteRewardsCoefficient > type(uint96).max ||
            s.executionDelay > type(uint32).max ||
            s.duration > type(uint32).max
        ) revert GovSettingsInvalidSettings(index);
    }
}
