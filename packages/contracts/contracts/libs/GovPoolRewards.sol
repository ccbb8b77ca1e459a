// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {GovPoolStorage} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {GovPoolView} from "./GovPoolView.sol";

interface IRewardsSettings {
    function getRewardsInfo(uint256 settingsId) external view returns (IGovTypes.RewardsInfo memory);

    function getValidatorsStageSettings(
        uint256 settingsId
    ) external view returns (uint64 durationValidators, uint128 quorumValidators);
}

interface IExternalProposals {
    function createExternalProposal(uint256 proposalId, uint256 duration, uint256 quorum) external;
}

interface IMintableGovToken {
    function owner() external view returns (address);

    function cap() external view returns (uint256);

    function totalSupply() external view returns (uint256);

    function mint(address account, uint256 amount) external;
}

/// @title GovPoolRewards
/// @notice Reward accounting and payment of GovPool (creation, execution and personal vote rewards;
/// off-chain results rewards). Rewards are minted when the pool owns the reward token (up to its cap), the
/// rest is transferred from the treasury; what cannot be paid stays pending.
library GovPoolRewards {
    using SafeERC20 for IERC20;

    uint256 internal constant PRECISION = 10 ** 25;
    address internal constant NATIVE_COIN = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint8 internal constant EXECUTED = 8;
    uint8 internal constant EXECUTED_FOR = 16;
    uint8 internal constant MOVED = 32;
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("Polity GovPool");
    bytes32 private constant VERSION_HASH = keccak256("1");
    bytes32 private constant OFFCHAIN_RESULTS_TYPEHASH =
        keccak256(
            "OffchainResults(string resultsHash,uint256 nonce,address submitter,uint256 deadline,bool quorumReached)"
        );

    /// @notice What the verifier signed besides the results: the pool's nonce, the deadline and whether a
    /// proposal of the results reached its quorum.
    struct OffchainTerms {
        uint256 nonce;
        uint256 deadline;
        bool quorumReached;
    }

    error GovPoolInvalidSignature();
    error GovPoolSignatureExpired(uint256 deadline);
    uint8 internal constant NONLINEAR = 128;
    uint8 internal constant V_FOR = 1;
    uint8 internal constant V_CLAIMED = 8;

    error GovPoolNotExecuted(uint256 proposalId);
    error GovPoolNothingToClaim(address user);
    error GovPoolCreditLengthMismatch();
    error GovPoolLengthMismatch();
    error GovPoolCreditExceeded(address token, uint256 available, uint256 requested);
    error GovPoolTransferFailed();

    event RewardClaimed(uint256 indexed proposalId, address indexed user, address token, uint256 amount);
    event RewardCredited(uint256 indexed proposalId, address indexed user, address token, uint256 amount);

    /// @notice Pays `user` the rewards of `proposalIds` and their pending off-chain rewards.
    /// @notice Records the rewards of an executed proposal with the settings current at execution: the
    /// reward token and vote coefficient on the proposal, the creation reward to its creator and the execution
    /// reward to the caller — unless the proposal went through the validators, whose mover already earned it
    /// (L5: the execution reward is paid once).
    function recordExecution(
        GovPoolStorage.Proposal storage p,
        mapping(address => uint256) storage staticRewards,
        address settings
    ) external {
        IGovTypes.RewardsInfo memory rewards = IRewardsSettings(settings).getRewardsInfo(p.settingsId);
        p.rewardToken = rewards.rewardToken;
        p.voteRewardsCoefficient = uint96(rewards.voteRewardsCoefficient);
        staticRewards[p.creator] += rewards.creationReward;
        if (p.flags & MOVED == 0) staticRewards[msg.sender] += rewards.executionReward;
    }

    /// @notice Hands a member-approved proposal to the validators (the pool checked its state) with the
    /// validators-stage settings of its slot, and credits the caller with the execution reward.
    function moveToValidators(
        GovPoolStorage.Proposal storage p,
        mapping(address => uint256) storage staticRewards,
        address settings,
        address validators,
        uint256 proposalId
    ) external {
        p.flags |= MOVED;
        uint256 settingsId = p.settingsId;
        (uint64 durationValidators, uint128 quorumValidators) = IRewardsSettings(settings).getValidatorsStageSettings(
            settingsId
        );
        IExternalProposals(validators).createExternalProposal(proposalId, durationValidators, quorumValidators);
        staticRewards[msg.sender] += IRewardsSettings(settings).getRewardsInfo(settingsId).executionReward;
    }

    function claim(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        mapping(address => mapping(address => uint256)) storage offchainPending,
        mapping(address => address[]) storage offchainTokens,
        uint256[] calldata proposalIds,
        address user
    ) external {
        bool claimedAny;
        for (uint256 i; i < proposalIds.length; ++i) {
            uint256 id = proposalIds[i];
            GovPoolStorage.Proposal storage p = proposals[id];
            if (p.flags & EXECUTED == 0) revert GovPoolNotExecuted(id);
            GovPoolStorage.VoteRecord storage r = votes[id][user];
            uint256 amount = staticRewards[id][user] + voteReward(p, r);
            r.flags |= V_CLAIMED;
            if (amount == 0) continue;
            // booked before paying (a native-coin or hook-token receiver may call back); what could not be
            // paid is credited back (the vote reward's unpaid part too)
            staticRewards[id][user] = 0;
            uint256 paid = _pay(p.rewardToken, user, amount);
            if (paid < amount) staticRewards[id][user] += amount - paid;
            if (paid > 0) {
                claimedAny = true;
                emit RewardClaimed(id, user, p.rewardToken, paid);
            }
        }
        address[] storage tokens = offchainTokens[user];
        for (uint256 i; i < tokens.length; ++i) {
            uint256 amount = offchainPending[user][tokens[i]];
            if (amount == 0) continue;
            offchainPending[user][tokens[i]] = 0;
            uint256 paid = _pay(tokens[i], user, amount);
            if (paid < amount) offchainPending[user][tokens[i]] += amount - paid;
            if (paid > 0) {
                claimedAny = true;
                emit RewardClaimed(0, user, tokens[i], paid);
            }
        }
        if (!claimedAny) revert GovPoolNothingToClaim(user);
    }

    /// @notice Checks the verifier's EIP-712 signature of off-chain results (domain `{ name: "Polity GovPool",
    /// version: "1", chainId, verifyingContract: the pool }` — the pool's ERC-5267 domain — type
    /// `OffchainResults(string resultsHash,uint256 nonce,address submitter,uint256 deadline,bool quorumReached)`)
    /// for the caller as submitter (M3: a front-runner replaying another's signature recovers another digest), and
    /// pays the internal settings' execution reward to the caller only when a proposal reached its quorum; what
    /// cannot be paid stays pending.
    function saveOffchain(
        mapping(address => mapping(address => uint256)) storage offchainPending,
        mapping(address => address[]) storage offchainTokens,
        string calldata resultsHash,
        bytes calldata signature,
        OffchainTerms memory terms,
        address verifier,
        address settings
    ) external {
        if (block.timestamp > terms.deadline) revert GovPoolSignatureExpired(terms.deadline);
        bytes32 domainSeparator = keccak256(
            abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this))
        );
        bytes32 digest = MessageHashUtils.toTypedDataHash(
            domainSeparator,
            keccak256(
                abi.encode(
                    OFFCHAIN_RESULTS_TYPEHASH,
                    keccak256(bytes(resultsHash)),
                    terms.nonce,
                    msg.sender,
                    terms.deadline,
                    terms.quorumReached
                )
            )
        );
        if (!GovPoolView.isValidSignature(verifier, digest, signature)) revert GovPoolInvalidSignature();
        if (terms.quorumReached) {
            _payOffchain(offchainPending, offchainTokens, IRewardsSettings(settings).getRewardsInfo(1), msg.sender);
        }
    }

    function _payOffchain(
        mapping(address => mapping(address => uint256)) storage offchainPending,
        mapping(address => address[]) storage offchainTokens,
        IGovTypes.RewardsInfo memory rewards,
        address user
    ) private {
        uint256 amount = rewards.executionReward;
        address token = rewards.rewardToken;
        if (amount == 0 || token == address(0)) return;
        uint256 paid = _pay(token, user, amount);
        if (paid > 0) emit RewardClaimed(0, user, token, paid);
        if (paid < amount) {
            if (offchainPending[user][token] == 0) {
                address[] storage tokens = offchainTokens[user];
                bool known;
                for (uint256 i; i < tokens.length; ++i) if (tokens[i] == token) known = true;
                if (!known) tokens.push(token);
            }
            offchainPending[user][token] += amount - paid;
            emit RewardCredited(0, user, token, amount - paid);
        }
    }

    /// @notice Rewards `user` may claim on `proposalIds` and their pending off-chain rewards, ABI-encoded as
    /// `GovPool.getPendingRewards` returns them.
    function pending(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        mapping(address => mapping(address => uint256)) storage offchainPending,
        mapping(address => address[]) storage offchainTokens,
        uint256[] calldata proposalIds,
        address user
    ) external view returns (bytes memory) {
        GovPoolStorage.PendingRewardsView memory v;
        v.onchainTokens = new address[](proposalIds.length);
        v.staticRewards = new uint256[](proposalIds.length);
        v.votingRewards = new GovPoolStorage.VotingRewards[](proposalIds.length);
        for (uint256 i; i < proposalIds.length; ++i) {
            GovPoolStorage.Proposal storage p = proposals[proposalIds[i]];
            if (p.flags & EXECUTED == 0) continue;
            v.onchainTokens[i] = p.rewardToken;
            v.staticRewards[i] = staticRewards[proposalIds[i]][user];
            v.votingRewards[i].personal = voteReward(p, votes[proposalIds[i]][user]);
        }
        address[] storage tokens = offchainTokens[user];
        v.offchainTokens = tokens;
        v.offchainRewards = new uint256[](tokens.length);
        for (uint256 i; i < tokens.length; ++i) v.offchainRewards[i] = offchainPending[user][tokens[i]];
        return abi.encode(v);
    }

    /// @notice Personal vote reward of a record on an executed proposal: the executed side's raw votes ×
    /// coefficient, shared by post-formula power. Zero when claimed or on the other side.
    function voteReward(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r
    ) public view returns (uint256) {
        uint8 rFlags = r.flags;
        uint256 raw = r.rawVoted;
        if (raw == 0 || rFlags & V_CLAIMED != 0 || p.flags & EXECUTED == 0) return 0;
        bool executedFor = p.flags & EXECUTED_FOR != 0;
        if ((rFlags & V_FOR != 0) != executedFor) return 0;
        bool nonlinear = p.flags & NONLINEAR != 0;
        uint256 sideVoted = executedFor ? p.votesFor : p.votesAgainst;
        if (sideVoted == 0) return 0;
        uint256 sideRaw = nonlinear ? (executedFor ? p.rawVotesFor : p.rawVotesAgainst) : sideVoted;
        uint256 userVoted = nonlinear ? r.voted : raw;
        uint256 sideReward = Math.mulDiv(sideRaw, p.voteRewardsCoefficient, PRECISION);
        return Math.mulDiv(sideReward, userVoted, sideVoted);
    }

    /// @notice Sets per-token monthly credit limits (lists new tokens once).
    function setCreditInfo(
        mapping(address => GovPoolStorage.CreditInfo) storage credits,
        address[] storage creditTokens,
        address[] calldata tokens,
        uint256[] calldata amounts
    ) external {
        if (tokens.length != amounts.length) revert GovPoolLengthMismatch();
        for (uint256 i; i < tokens.length; ++i) {
            GovPoolStorage.CreditInfo storage credit = credits[tokens[i]];
            if (!credit.listed) {
                credit.listed = true;
                creditTokens.push(tokens[i]);
            }
            credit.monthLimit = amounts[i];
        }
    }

    /// @notice Validators' monthly withdraw: sends treasury funds within each token's rolling 30-day credit.
    function withdrawCredit(
        mapping(address => GovPoolStorage.CreditInfo) storage credits,
        address[] calldata tokens,
        uint256[] calldata amounts,
        address destination
    ) external {
        if (tokens.length != amounts.length) revert GovPoolCreditLengthMismatch();
        for (uint256 i; i < tokens.length; ++i) {
            GovPoolStorage.CreditInfo storage credit = credits[tokens[i]];
            uint256 available = GovPoolView.creditAvailable(credit);
            if (amounts[i] > available) revert GovPoolCreditExceeded(tokens[i], available, amounts[i]);
            credit.history.push(GovPoolStorage.Withdrawal(uint64(block.timestamp), uint192(amounts[i])));
            if (tokens[i] == NATIVE_COIN) {
                (bool ok, ) = destination.call{value: amounts[i]}("");
                if (!ok) revert GovPoolTransferFailed();
            } else {
                IERC20(tokens[i]).safeTransfer(destination, amounts[i]);
            }
        }
    }

    function _pay(address token, address to, uint256 amount) private returns (uint256 paid) {
        if (token == address(0) || amount == 0) return 0;
        if (token == NATIVE_COIN) {
            paid = Math.min(address(this).balance, amount);
            if (paid > 0) {
                (bool ok, ) = to.call{value: paid}("");
                if (!ok) return 0;
            }
            return paid;
        }
        if (_isOwnedByPool(token)) {
            IMintableGovToken t = IMintableGovToken(token);
            uint256 supply = t.totalSupply();
            uint256 cap = t.cap();
            uint256 mintable = cap > supply ? Math.min(cap - supply, amount) : 0;
            if (mintable > 0) {
                t.mint(to, mintable);
                paid = mintable;
            }
        }
        if (paid < amount) {
            uint256 fromTreasury = Math.min(IERC20(token).balanceOf(address(this)), amount - paid);
            if (fromTreasury > 0) {
                IERC20(token).safeTransfer(to, fromTreasury);
                paid += fromTreasury;
            }
        }
    }

    function _isOwnedByPool(address token) private view returns (bool) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeCall(IMintableGovToken.owner, ()));
        if (!ok || data.length != 32 || abi.decode(data, (address)) != address(this)) return false;
        (ok, data) = token.staticcall(abi.encodeCall(IMintableGovToken.cap, ()));
        return ok && data.length == 32;
    }
}
