// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";

/// @title GovSettings
/// @notice Proposal settings of one DAO: one slot per executor kind (default 0, internal 1, validators 2,
/// distribution 3, token sale 4) plus custom slots, and the executor -> settings mapping. Owned by the GovPool.
contract GovSettings is IGovTypes, OwnableUpgradeable {
    uint256 public constant PERCENTAGE_100 = 10 ** 27;
    uint256 public constant DEFAULT_SETTINGS = 0;
    uint256 public constant INTERNAL_SETTINGS = 1;
    uint256 public constant VALIDATORS_SETTINGS = 2;
    uint256 public constant DISTRIBUTION_SETTINGS = 3;
    uint256 public constant TOKEN_SALE_SETTINGS = 4;
    uint256 private constant QUORUM_MASK = (1 << 90) - 1;
    uint256 private constant NO_MIN_CREATING = 1 << 255;

    mapping(uint256 => ProposalSettings) private _settings;
    uint256 private _settingsCount;
    mapping(address => uint256) private _executorToSettings;
    /// @dev Per slot, the fields proposal creation needs packed in one word (see `_packCreation`); zero for
    /// slots written before this field existed, which are then read field by field. Appended (upgrade-safe).
    mapping(uint256 => uint256) private _creation;

    error GovSettingsInvalidSettings(uint256 index);
    error GovSettingsLengthMismatch();
    error GovSettingsUnknownSettings(uint256 settingsId);
    error GovSettingsMissingDefaults();

    event SettingsChanged(uint256 indexed settingsId, string executorDescription);
    event ExecutorChanged(address indexed executor, uint256 indexed settingsId);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the settings. Called once by the PoolFactory.
    /// @param govPool the owner (the DAO's GovPool)
    /// @param internalExecutors executors mapped to the internal settings (pool, settings, user keeper)
    /// @param validators the GovValidators executor (mapped to the validators settings)
    /// @param settings at least the five standard slots, then custom ones
    /// @param customExecutors executors mapped to custom slots 5, 6, ... in order
    function initialize(
        address govPool,
        address[] calldata internalExecutors,
        address validators,
        ProposalSettings[] calldata settings,
        address[] calldata customExecutors
    ) external initializer {
        __Ownable_init(govPool);
        if (settings.length < 5 || customExecutors.length > settings.length - 5) revert GovSettingsMissingDefaults();
        for (uint256 i; i < settings.length; ++i) _addSettings(settings[i]);
        for (uint256 i; i < internalExecutors.length; ++i) _setExecutor(internalExecutors[i], INTERNAL_SETTINGS);
        _setExecutor(validators, VALIDATORS_SETTINGS);
        for (uint256 i; i < customExecutors.length; ++i) _setExecutor(customExecutors[i], 5 + i);
    }

    /// @notice Appends new settings slots. GovPool (proposal) only.
    function addSettings(ProposalSettings[] calldata settings) external onlyOwner {
        for (uint256 i; i < settings.length; ++i) _addSettings(settings[i]);
    }

    /// @notice Replaces existing settings slots. GovPool (proposal) only.
    function editSettings(uint256[] calldata settingsIds, ProposalSettings[] calldata settings) external onlyOwner {
        if (settingsIds.length != settings.length) revert GovSettingsLengthMismatch();
        for (uint256 i; i < settings.length; ++i) {
            uint256 id = settingsIds[i];
            if (id >= _settingsCount) revert GovSettingsUnknownSettings(id);
            _validate(settings[i], i);
            _settings[id] = settings[i];
            _creation[id] = _packCreation(settings[i]);
            emit SettingsChanged(id, settings[i].executorDescription);
        }
    }

    /// @notice Maps executors to settings slots. GovPool (proposal) only.
    function changeExecutors(address[] calldata executors, uint256[] calldata settingsIds) external onlyOwner {
        if (executors.length != settingsIds.length) revert GovSettingsLengthMismatch();
        for (uint256 i; i < executors.length; ++i) {
            if (settingsIds[i] >= _settingsCount) revert GovSettingsUnknownSettings(settingsIds[i]);
            _setExecutor(executors[i], settingsIds[i]);
        }
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
    )
        external
        view
        returns (
            uint256 settingsId,
            bool earlyCompletion,
            bool validatorsVote,
            uint64 duration,
            uint64 executionDelay,
            uint128 quorum,
            uint256 minVotesForVoting,
            uint256 minVotesForCreating
        )
    {
        settingsId = _executorToSettings[executor];
        (
            earlyCompletion,
            validatorsVote,
            duration,
            executionDelay,
            quorum,
            minVotesForVoting,
            minVotesForCreating
        ) = _creationSettings(settingsId);
    }

    /// @notice Fields a GovPool needs when a proposal is created (one call, packed reads).
    function getCreationSettings(
        uint256 settingsId
    )
        external
        view
        returns (
            bool earlyCompletion,
            bool validatorsVote,
            uint64 duration,
            uint64 executionDelay,
            uint128 quorum,
            uint256 minVotesForVoting,
            uint256 minVotesForCreating
        )
    {
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

    function _addSettings(ProposalSettings calldata settings) private {
        uint256 id = _settingsCount++;
        _validate(settings, id);
        _settings[id] = settings;
        _creation[id] = _packCreation(settings);
        emit SettingsChanged(id, settings.executorDescription);
    }

    function _setExecutor(address executor, uint256 settingsId) private {
        _executorToSettings[executor] = settingsId;
        emit ExecutorChanged(executor, settingsId);
    }

    /// @dev Creation fields of slot `settingsId`: two storage reads (packed word + minVotesForCreating).
    function _creationSettings(
        uint256 settingsId
    )
        private
        view
        returns (
            bool earlyCompletion,
            bool validatorsVote,
            uint64 duration,
            uint64 executionDelay,
            uint128 quorum,
            uint256 minVotesForVoting,
            uint256 minVotesForCreating
        )
    {
        ProposalSettings storage s = _settings[settingsId];
        uint256 packed = _creation[settingsId];
        if (packed == 0) {
            return (
                s.earlyCompletion,
                s.validatorsVote,
                s.duration,
                s.executionDelay,
                s.quorum,
                s.minVotesForVoting,
                s.minVotesForCreating
            );
        }
        if (packed & NO_MIN_CREATING == 0) minVotesForCreating = s.minVotesForCreating;
        earlyCompletion = packed & 2 != 0;
        validatorsVote = packed & 4 != 0;
        duration = uint64((packed >> 3) & type(uint32).max);
        executionDelay = uint64((packed >> 35) & type(uint32).max);
        quorum = uint128((packed >> 67) & QUORUM_MASK);
        minVotesForVoting = (packed >> 157) & type(uint96).max;
    }

    /// @dev bit 0: written; 1: earlyCompletion; 2: validatorsVote; 3-34: duration; 35-66: executionDelay;
    /// 67-156: quorum (<= 10^27 < 2^90); 157-252: minVotesForVoting; 255: minVotesForCreating is zero (its
    /// slot is then not read). `_validate` guarantees every bound.
    function _packCreation(ProposalSettings calldata s) private pure returns (uint256) {
        return
            1 |
            (s.minVotesForCreating == 0 ? NO_MIN_CREATING : 0) |
            (s.earlyCompletion ? 2 : 0) |
            (s.validatorsVote ? 4 : 0) |
            (uint256(s.duration) << 3) |
            (uint256(s.executionDelay) << 35) |
            (uint256(s.quorum) << 67) |
            (s.minVotesForVoting << 157);
    }

    function _validate(ProposalSettings calldata s, uint256 index) private pure {
        // Proposals snapshot quorum and minimum votes into packed 96-bit fields.
        if (
            s.duration == 0 ||
            s.quorum == 0 ||
            s.quorum > PERCENTAGE_100 ||
            s.quorumValidators > PERCENTAGE_100 ||
            (s.validatorsVote && (s.durationValidators == 0 || s.quorumValidators == 0)) ||
            s.minVotesForVoting > type(uint96).max ||
            s.executionDelay > type(uint32).max ||
            s.duration > type(uint32).max
        ) revert GovSettingsInvalidSettings(index);
    }
}
