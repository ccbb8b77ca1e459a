// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";

interface IDistributionPool {
    function latestProposalId() external view returns (uint256);

    function getProposals(uint256 offset, uint256 limit) external view returns (IGovTypes.ProposalView[] memory);

    function getTotalVotes(
        uint256 proposalId,
        address voter,
        IGovTypes.VoteType voteType
    ) external view returns (uint256 totalVotes, uint256 userVotes, uint256 userRawVotes, bool isVoteFor);
}

/// @title DistributionProposal
/// @notice A DAO's distributions: a proposal calls `execute(proposalId, token, amount)` with its own id (the
/// pool approves `amount` of the token in the same proposal, or sends the native coin as the action's
/// value); once it executed for, each voter who voted for claims `amount × their personal raw votes / the
/// proposal's raw votes for`, once. Voters against and non-voters get nothing.
/// @dev Beacon proxy per DAO (PoolFactory). `validate` (asked by the pool at proposal creation) refuses a
/// proposal that funds any other proposal than itself.
contract DistributionProposal is Initializable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    struct Distribution {
        address token;
        uint256 amount;
        uint256 claimedTotal;
        mapping(address => bool) claimed;
    }

    address public govPool;
    mapping(uint256 => Distribution) private _distributions;

    error DistributionNotGovPool(address caller);
    error DistributionAlreadyFunded(uint256 proposalId);
    error DistributionZeroAmount();
    error DistributionWrongValue(uint256 expected, uint256 sent);
    error DistributionTransferMismatch(uint256 expected, uint256 received);
    error DistributionNotFunded(uint256 proposalId);
    error DistributionNotExecutedFor(uint256 proposalId, IGovTypes.ProposalState state);
    error DistributionAlreadyClaimed(uint256 proposalId, address voter);
    error DistributionNoReward(uint256 proposalId, address voter);
    error DistributionNativeTransferFailed(address to, uint256 amount);

    event DistributionFunded(uint256 indexed proposalId, address token, uint256 amount);
    event DistributionClaimed(uint256 indexed proposalId, address indexed voter, address token, uint256 amount);

    constructor() {
        _disableInitializers();
    }

    /// @notice Binds the executor to its DAO. Called once by the PoolFactory.
    function initialize(address govPool_) external initializer {
        govPool = govPool_;
    }

    /// @notice Funds proposal `proposalId`'s distribution (the calling proposal itself). GovPool only.
    function execute(uint256 proposalId, address token, uint256 amount) external payable nonReentrant {
        if (msg.sender != govPool) revert DistributionNotGovPool(msg.sender);
        Distribution storage d = _distributions[proposalId];
        if (d.amount != 0) revert DistributionAlreadyFunded(proposalId);
        if (amount == 0) revert DistributionZeroAmount();
        if (token == NATIVE) {
            if (msg.value != amount) revert DistributionWrongValue(amount, msg.value);
        } else {
            if (msg.value != 0) revert DistributionWrongValue(0, msg.value);
            uint256 before = IERC20(token).balanceOf(address(this));
            IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
            uint256 received = IERC20(token).balanceOf(address(this)) - before;
            if (received != amount) revert DistributionTransferMismatch(amount, received);
        }
        d.token = token;
        d.amount = amount;
        emit DistributionFunded(proposalId, token, amount);
    }

    /// @notice Pays `voter` their share of each distribution in `proposalIds` (anyone may call; funds go to
    /// the voter).
    function claim(address voter, uint256[] calldata proposalIds) external nonReentrant {
        for (uint256 i; i < proposalIds.length; ++i) {
            uint256 id = proposalIds[i];
            Distribution storage d = _distributions[id];
            if (d.amount == 0) revert DistributionNotFunded(id);
            if (d.claimed[voter]) revert DistributionAlreadyClaimed(id, voter);
            uint256 reward = _reward(id, d, voter, true);
            if (reward == 0) revert DistributionNoReward(id, voter);
            d.claimed[voter] = true;
            d.claimedTotal += reward;
            emit DistributionClaimed(id, voter, d.token, reward);
            _send(d.token, voter, reward);
        }
    }

    /// @notice `voter`'s share of proposal `proposalId`'s distribution (0 when claimed, not for or not
    /// executed for yet).
    function getPotentialReward(uint256 proposalId, address voter) external view returns (uint256) {
        Distribution storage d = _distributions[proposalId];
        if (d.amount == 0 || d.claimed[voter]) return 0;
        return _reward(proposalId, d, voter, false);
    }

    /// @notice The distribution of a proposal: token, amount funded, amount claimed so far.
    function getDistribution(
        uint256 proposalId
    ) external view returns (address token, uint256 amount, uint256 claimedTotal) {
        Distribution storage d = _distributions[proposalId];
        return (d.token, d.amount, d.claimedTotal);
    }

    /// @notice Whether `voter` claimed proposal `proposalId`'s distribution.
    function isClaimed(uint256 proposalId, address voter) external view returns (bool) {
        return _distributions[proposalId].claimed[voter];
    }

    /// @notice The pool's creation hook: every `execute` action must fund the proposal being created.
    function validate(IGovTypes.ProposalAction[] calldata actions) external view returns (bool) {
        uint256 next = IDistributionPool(govPool).latestProposalId() + 1;
        for (uint256 i; i < actions.length; ++i) {
            IGovTypes.ProposalAction calldata a = actions[i];
            if (a.executor != address(this) || a.data.length < 36) continue;
            if (bytes4(a.data[:4]) != this.execute.selector) continue;
            if (uint256(bytes32(a.data[4:36])) != next) return false;
        }
        return true;
    }

    function _reward(uint256 id, Distribution storage d, address voter, bool strict) private view returns (uint256) {
        IDistributionPool pool = IDistributionPool(govPool);
        IGovTypes.ProposalView memory p = pool.getProposals(id - 1, 1)[0];
        if (p.state != IGovTypes.ProposalState.ExecutedFor) {
            if (strict) revert DistributionNotExecutedFor(id, p.state);
            return 0;
        }
        (, , uint256 raw, bool isVoteFor) = pool.getTotalVotes(id, voter, IGovTypes.VoteType.PersonalVote);
        if (!isVoteFor || raw == 0 || p.rawVotesFor == 0) return 0;
        return Math.mulDiv(d.amount, raw, p.rawVotesFor);
    }

    function _send(address token, address to, uint256 amount) private {
        if (token == NATIVE) {
            (bool ok, ) = payable(to).call{value: amount}("");
            if (!ok) revert DistributionNativeTransferFailed(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
