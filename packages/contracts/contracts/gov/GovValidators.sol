// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {GovValidatorsToken} from "./GovValidatorsToken.sol";

interface IGovPoolCredit {
    function transferCreditAmount(address[] calldata tokens, uint256[] calldata amounts, address destination) external;
}

/// @title GovValidators
/// @notice Optional second chamber. Validators hold a non-transferable snapshot token; they vote on member
/// proposals moved to them (external stage) and on their own internal proposals: change balances, change
/// validator settings, monthly withdraw within the DAO's credit, and off-chain (empty) proposals.
/// @dev Executing an internal proposal is `nonReentrant` (transient storage: the upgradeable layout is unchanged).
contract GovValidators is OwnableUpgradeable, ReentrancyGuardTransient {
    uint256 public constant PERCENTAGE_100 = 10 ** 27;

    enum ValidatorProposalState {
        Voting,
        Defeated,
        Succeeded,
        Locked,
        Executed,
        Undefined
    }

    enum ProposalType {
        ChangeSettings,
        ChangeBalances,
        MonthlyWithdraw,
        OffchainProposal
    }

    struct ValidatorSettings {
        uint64 duration;
        uint64 executionDelay;
        uint128 quorum;
    }

    struct ProposalCore {
        uint48 voteEnd;
        uint48 executeAfter;
        uint48 snapshotId;
        uint32 executionDelay;
        bool executed;
        bool quorumReached;
        uint128 quorum;
        uint256 votesFor;
        uint256 votesAgainst;
    }

    struct InternalProposal {
        ProposalType proposalType;
        ProposalCore core;
        string descriptionURL;
        bytes data;
    }

    struct InternalProposalView {
        uint256 id;
        InternalProposal proposal;
        ValidatorProposalState state;
        uint256 requiredQuorum;
    }

    GovValidatorsToken public validatorsToken;
    ValidatorSettings private _settings;
    uint256 public latestInternalProposalId;

    mapping(uint256 => ProposalCore) private _externalProposals;
    mapping(uint256 => InternalProposal) private _internalProposals;
    // proposalId => isInternal => voter => [for, against]
    mapping(uint256 => mapping(bool => mapping(address => uint256[2]))) private _votes;

    error GovValidatorsNotValidator(address caller);
    error GovValidatorsInvalidSettings();
    error GovValidatorsLengthMismatch();
    error GovValidatorsInvalidData();
    error GovValidatorsProposalExists(uint256 proposalId);
    error GovValidatorsNotVoting(uint256 proposalId, bool isInternal);
    error GovValidatorsVoteExceedsBalance(address voter, uint256 available, uint256 requested);
    error GovValidatorsZeroAmount();
    error GovValidatorsNotSucceeded(uint256 proposalId);
    error GovValidatorsNothingToCancel(uint256 proposalId);
    error GovValidatorsNoValidators();

    event ValidatorProposalCreated(
        uint256 indexed proposalId,
        bool indexed isInternal,
        uint8 proposalType,
        string descriptionURL,
        uint256 voteEnd,
        uint256 quorum,
        address indexed sender
    );
    event ValidatorVoted(
        uint256 indexed proposalId,
        bool indexed isInternal,
        address indexed voter,
        uint256 amount,
        bool isVoteFor
    );
    event ValidatorVoteCanceled(uint256 indexed proposalId, bool indexed isInternal, address indexed voter);
    event ValidatorQuorumReached(uint256 indexed proposalId, bool indexed isInternal, uint256 executeAfter);
    event ValidatorProposalExecuted(uint256 indexed proposalId, bool indexed isInternal, address indexed sender);
    event ChangedValidatorsBalances(address[] validators, uint256[] newBalance);
    event ValidatorSettingsChanged(uint256 duration, uint256 executionDelay, uint256 quorum);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the chamber. Called once by the PoolFactory.
    /// @param govPool the owner
    /// @param token the validator token (already initialized with this contract as minter)
    /// @param settings duration, execution delay and quorum of internal proposals and the external stage
    /// @param validators initial validators
    /// @param balances initial balances
    function initialize(
        address govPool,
        address token,
        ValidatorSettings calldata settings,
        address[] calldata validators,
        uint256[] calldata balances
    ) external initializer {
        __Ownable_init(govPool);
        validatorsToken = GovValidatorsToken(token);
        _changeSettings(settings.duration, settings.executionDelay, settings.quorum);
        _changeBalances(balances, validators);
    }

    modifier onlyValidator() {
        if (validatorsToken.balanceOf(msg.sender) == 0) revert GovValidatorsNotValidator(msg.sender);
        _;
    }

    /// @notice Opens the validators' stage of member proposal `proposalId`. GovPool only.
    function createExternalProposal(
        uint256 proposalId,
        uint256 duration,
        uint256 quorum
    ) external onlyOwner {
        ProposalCore storage core = _externalProposals[proposalId];
        if (core.voteEnd != 0) revert GovValidatorsProposalExists(proposalId);
        if (validatorsToken.totalSupply() == 0) revert GovValidatorsNoValidators();
        _initCore(core, duration, quorum);
        emit ValidatorProposalCreated(proposalId, false, 0, "", core.voteEnd, quorum, msg.sender);
    }

    /// @notice Creates an internal proposal. Validators only.
    /// @param proposalType change settings, change balances, monthly withdraw or off-chain
    /// @param descriptionURL IPFS link of the description
    /// @param data ABI-encoded arguments: (uint64 duration, uint64 executionDelay, uint128 quorum) |
    /// (uint256[] balances, address[] validators) | (address[] tokens, uint256[] amounts, address destination) | empty
    function createInternalProposal(
        ProposalType proposalType,
        string calldata descriptionURL,
        bytes calldata data
    ) external onlyValidator returns (uint256 proposalId) {
        _validateInternalData(proposalType, data);
        proposalId = ++latestInternalProposalId;
        InternalProposal storage p = _internalProposals[proposalId];
        p.proposalType = proposalType;
        p.descriptionURL = descriptionURL;
        p.data = data;
        ValidatorSettings memory s = _settings;
        _initCore(p.core, s.duration, s.quorum);
        emit ValidatorProposalCreated(
            proposalId,
            true,
            uint8(proposalType),
            descriptionURL,
            p.core.voteEnd,
            s.quorum,
            msg.sender
        );
    }

    /// @notice Votes `amount` of the caller's snapshot balance; a validator may split it between sides.
    function vote(uint256 proposalId, uint256 amount, bool isVoteFor, bool isInternal) external {
        if (amount == 0) revert GovValidatorsZeroAmount();
        ProposalCore storage core = _core(proposalId, isInternal);
        if (_state(core) != ValidatorProposalState.Voting) revert GovValidatorsNotVoting(proposalId, isInternal);
        uint256[2] storage voted = _votes[proposalId][isInternal][msg.sender];
        uint256 balance = validatorsToken.balanceOfAt(msg.sender, core.snapshotId);
        uint256 used = voted[0] + voted[1];
        if (used + amount > balance) revert GovValidatorsVoteExceedsBalance(msg.sender, balance - used, amount);
        if (isVoteFor) {
            voted[0] += amount;
            core.votesFor += amount;
        } else {
            voted[1] += amount;
            core.votesAgainst += amount;
        }
        emit ValidatorVoted(proposalId, isInternal, msg.sender, amount, isVoteFor);
        _updateQuorum(proposalId, isInternal, core);
    }

    /// @notice Withdraws all the caller's votes on a proposal still in Voting.
    function cancelVote(uint256 proposalId, bool isInternal) external {
        ProposalCore storage core = _core(proposalId, isInternal);
        if (_state(core) != ValidatorProposalState.Voting) revert GovValidatorsNotVoting(proposalId, isInternal);
        uint256[2] storage voted = _votes[proposalId][isInternal][msg.sender];
        if (voted[0] + voted[1] == 0) revert GovValidatorsNothingToCancel(proposalId);
        core.votesFor -= voted[0];
        core.votesAgainst -= voted[1];
        delete _votes[proposalId][isInternal][msg.sender];
        emit ValidatorVoteCanceled(proposalId, isInternal, msg.sender);
    }

    /// @notice Executes a succeeded internal proposal. Anyone.
    function executeInternalProposal(uint256 proposalId) external nonReentrant {
        InternalProposal storage p = _internalProposals[proposalId];
        if (_state(p.core) != ValidatorProposalState.Succeeded) revert GovValidatorsNotSucceeded(proposalId);
        p.core.executed = true;
        ProposalType proposalType = p.proposalType;
        bytes memory data = p.data;
        if (proposalType == ProposalType.ChangeSettings) {
            (uint64 duration, uint64 executionDelay, uint128 quorum) = abi.decode(data, (uint64, uint64, uint128));
            _changeSettings(duration, executionDelay, quorum);
        } else if (proposalType == ProposalType.ChangeBalances) {
            (uint256[] memory balances, address[] memory users) = abi.decode(data, (uint256[], address[]));
            _changeBalances(balances, users);
        } else if (proposalType == ProposalType.MonthlyWithdraw) {
            (address[] memory tokens, uint256[] memory amounts, address destination) = abi.decode(
                data,
                (address[], uint256[], address)
            );
            IGovPoolCredit(owner()).transferCreditAmount(tokens, amounts, destination);
        }
        emit ValidatorProposalExecuted(proposalId, true, msg.sender);
    }

    /// @notice Sets validator balances (zero removes a validator). GovPool (member proposal) only.
    function changeBalances(uint256[] calldata newValues, address[] calldata users) external onlyOwner {
        _changeBalances(newValues, users);
    }

    /// @notice Changes the validator settings. GovPool (member proposal) only.
    function changeSettings(uint64 duration, uint64 executionDelay, uint128 quorum) external onlyOwner {
        _changeSettings(duration, executionDelay, quorum);
    }

    /// @notice State of a validators' proposal (external: keyed by the member proposal id).
    function getProposalState(uint256 proposalId, bool isInternal) external view returns (ValidatorProposalState) {
        return _state(_core(proposalId, isInternal));
    }

    /// @notice When a validators' proposal that reached its quorum may execute (zero before the quorum).
    function getExecuteAfter(uint256 proposalId, bool isInternal) external view returns (uint256) {
        return _core(proposalId, isInternal).executeAfter;
    }

    /// @notice Whether the validators approved member proposal `proposalId`, and when it may execute.
    function getExternalProposal(uint256 proposalId) external view returns (ProposalCore memory) {
        return _externalProposals[proposalId];
    }

    /// @notice A page of internal proposals with their states.
    function getInternalProposals(
        uint256 offset,
        uint256 limit
    ) external view returns (InternalProposalView[] memory views) {
        uint256 total = latestInternalProposalId;
        uint256 to = offset + limit > total ? total : offset + limit;
        if (offset >= to) return views;
        views = new InternalProposalView[](to - offset);
        for (uint256 i = offset; i < to; ++i) {
            InternalProposal storage p = _internalProposals[i + 1];
            views[i - offset] = InternalProposalView({
                id: i + 1,
                proposal: p,
                state: _state(p.core),
                requiredQuorum: (validatorsToken.totalSupplyAt(p.core.snapshotId) * p.core.quorum) / PERCENTAGE_100
            });
        }
    }

    /// @notice Votes of `voter` on a proposal: (for, against).
    function addressVoted(
        uint256 proposalId,
        bool isInternal,
        address voter
    ) external view returns (uint256 votedFor, uint256 votedAgainst) {
        uint256[2] storage voted = _votes[proposalId][isInternal][voter];
        return (voted[0], voted[1]);
    }

    /// @notice Current validator settings.
    function getSettings() external view returns (ValidatorSettings memory) {
        return _settings;
    }

    /// @notice Whether `user` currently holds validator balance.
    function isValidator(address user) external view returns (bool) {
        return validatorsToken.balanceOf(user) > 0;
    }

    /// @notice Whether any validator exists.
    function hasValidators() external view returns (bool) {
        return validatorsToken.totalSupply() > 0;
    }

    function _initCore(ProposalCore storage core, uint256 duration, uint256 quorum) private {
        core.voteEnd = uint48(block.timestamp + duration);
        core.snapshotId = uint48(validatorsToken.snapshot());
        core.executionDelay = uint32(_settings.executionDelay);
        core.quorum = uint128(quorum);
    }

    function _updateQuorum(uint256 proposalId, bool isInternal, ProposalCore storage core) private {
        uint256 supply = validatorsToken.totalSupplyAt(core.snapshotId);
        if (supply == 0 || core.quorumReached) return;
        if ((core.votesFor + core.votesAgainst) * PERCENTAGE_100 >= uint256(core.quorum) * supply) {
            core.quorumReached = true;
            core.executeAfter = uint48(block.timestamp + core.executionDelay);
            emit ValidatorQuorumReached(proposalId, isInternal, core.executeAfter);
        }
    }

    function _core(uint256 proposalId, bool isInternal) private view returns (ProposalCore storage) {
        return isInternal ? _internalProposals[proposalId].core : _externalProposals[proposalId];
    }

    function _state(ProposalCore storage core) private view returns (ValidatorProposalState) {
        if (core.voteEnd == 0) return ValidatorProposalState.Undefined;
        if (core.executed) return ValidatorProposalState.Executed;
        if (core.quorumReached) {
            if (core.votesFor <= core.votesAgainst) return ValidatorProposalState.Defeated;
            return block.timestamp < core.executeAfter ? ValidatorProposalState.Locked : ValidatorProposalState.Succeeded;
        }
        if (block.timestamp >= core.voteEnd) return ValidatorProposalState.Defeated;
        return ValidatorProposalState.Voting;
    }

    function _validateInternalData(ProposalType proposalType, bytes calldata data) private pure {
        if (proposalType == ProposalType.ChangeSettings) {
            (uint64 duration, , uint128 quorum) = abi.decode(data, (uint64, uint64, uint128));
            if (duration == 0 || quorum == 0 || quorum > PERCENTAGE_100) revert GovValidatorsInvalidSettings();
        } else if (proposalType == ProposalType.ChangeBalances) {
            (uint256[] memory balances, address[] memory users) = abi.decode(data, (uint256[], address[]));
            if (balances.length != users.length || users.length == 0) revert GovValidatorsLengthMismatch();
        } else if (proposalType == ProposalType.MonthlyWithdraw) {
            (address[] memory tokens, uint256[] memory amounts, address destination) = abi.decode(
                data,
                (address[], uint256[], address)
            );
            if (tokens.length != amounts.length || tokens.length == 0 || destination == address(0)) {
                revert GovValidatorsInvalidData();
            }
        } else if (data.length != 0) {
            revert GovValidatorsInvalidData();
        }
    }

    function _changeSettings(uint64 duration, uint64 executionDelay, uint128 quorum) private {
        if (duration == 0 || quorum == 0 || quorum > PERCENTAGE_100 || executionDelay > type(uint32).max) {
            revert GovValidatorsInvalidSettings();
        }
        _settings = ValidatorSettings(duration, executionDelay, quorum);
        emit ValidatorSettingsChanged(duration, executionDelay, quorum);
    }

    function _changeBalances(uint256[] memory newValues, address[] memory users) private {
        if (newValues.length != users.length) revert GovValidatorsLengthMismatch();
        GovValidatorsToken token = validatorsToken;
        for (uint256 i; i < users.length; ++i) {
            uint256 balance = token.balanceOf(users[i]);
            if (newValues[i] > balance) token.mint(users[i], newValues[i] - balance);
            else if (newValues[i] < balance) token.burn(users[i], balance - newValues[i]);
        }
        emit ChangedValidatorsBalances(users, newValues);
    }
}
