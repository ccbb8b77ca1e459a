// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {GovPoolStorage, EXECUTED, EXECUTED_FOR, MOVED, NONLINEAR, V_FOR, V_CLAIMED, V_KINDS} from "../gov/GovPoolStorage.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {GovPoolView} from "./GovPoolView.sol";
import {GovPoolState} from "./GovPoolState.sol";
import {GovPoolDelegation} from "./GovPoolDelegation.sol";

interface IRewardsSettings {
    function getRewardsInfo(uint256 settingsId) external view returns (IGovTypes.RewardsInfo memory);

    function getValidatorsStageSettings(
        uint256 settingsId
    ) external view returns (uint64 durationValidators, uint128 quorumValidators);
}

interface ICoreRewardShares {
    function getVoteRewardsPercentages() external view returns (uint256 micropool, uint256 treasury);
}

interface IExternalProposals {
    function createExternalProposal(uint256 proposalId, uint256 duration, uint256 quorum) external;
}

interface INftMultiplier {
    function getExtraRewards(address holder, uint256 proposalId, uint256 rewards) external view returns (uint256);
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
    using Checkpoints for Checkpoints.Trace208;

    uint256 internal constant PERCENTAGE_100 = 10 ** 27;
    uint256 internal constant PRECISION = 10 ** 25;
    address internal constant NATIVE_COIN = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
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

    error GovPoolNotExecuted(uint256 proposalId);
    error GovPoolNothingToClaim(address user);
    error GovPoolCreditLengthMismatch();
    error GovPoolLengthMismatch();
    error GovPoolCreditExceeded(address token, uint256 available, uint256 requested);
    error GovPoolTransferFailed();

    error GovPoolWrongState(uint256 proposalId, IGovTypes.ProposalState state);
    error GovPoolMultiplierActive(address nftMultiplier);

    /// @dev ERC-7201 slot of the DAO's active NFT multiplier, outside GovPoolStorage so the pool's layout stays:
    /// keccak256(abi.encode(uint256(keccak256("polity.storage.NftMultiplier")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant NFT_MULTIPLIER_SLOT = 0x0b4c09d6155e6e39747faf8164335ae3c495d566edeacce7136d29e73405de00;

    event NftMultiplierChanged(address nftMultiplier);
    event MovedToValidators(uint256 indexed proposalId, address indexed sender);
    event OffchainResultsSaved(string resultsHash, address indexed sender);
    event CreditInfoChanged(address[] tokens, uint256[] monthLimits);
    event CreditWithdrawn(address[] tokens, uint256[] amounts, address indexed destination);
    event RewardClaimed(uint256 indexed proposalId, address indexed user, address token, uint256 amount);
    event RewardCredited(uint256 indexed proposalId, address indexed user, address token, uint256 amount);
    event MicropoolRewardClaimed(
        uint256 indexed proposalId,
        address indexed delegator,
        address indexed delegatee,
        address token,
        uint256 amount
    );

    /// @notice Hands a member-approved proposal (WaitingForVotingTransfer) to the validators with the
    /// validators-stage settings of its slot, and credits the caller with the execution reward.
    function moveToValidators(
        GovPoolStorage.Proposal storage p,
        mapping(address => uint256) storage staticRewards,
        address settings,
        address validators,
        uint256 proposalId
    ) external {
        IGovTypes.ProposalState state = GovPoolState.state(p, proposalId, validators);
        if (state != IGovTypes.ProposalState.WaitingForVotingTransfer) revert GovPoolWrongState(proposalId, state);
        p.flags |= MOVED;
        uint256 settingsId = p.settingsId;
        (uint64 durationValidators, uint128 quorumValidators) = IRewardsSettings(settings).getValidatorsStageSettings(
            settingsId
        );
        IExternalProposals(validators).createExternalProposal(proposalId, durationValidators, quorumValidators);
        staticRewards[msg.sender] += IRewardsSettings(settings).getRewardsInfo(settingsId).executionReward;
        emit MovedToValidators(proposalId, msg.sender);
    }

    /// @notice Pays `user` the rewards of `proposalIds` and their pending off-chain rewards.
    function claim(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        mapping(address => mapping(address => uint256)) storage offchainPending,
        mapping(address => address[]) storage offchainTokens,
        GovPoolStorage.DelegationState storage ds,
        address coreProperties,
        uint256[] calldata proposalIds,
        address user
    ) external {
        bool claimedAny;
        for (uint256 i; i < proposalIds.length; ++i) {
            uint256 id = proposalIds[i];
            GovPoolStorage.Proposal storage p = proposals[id];
            if (p.flags & EXECUTED == 0) revert GovPoolNotExecuted(id);
            GovPoolStorage.VoteRecord storage r = votes[id][user];
            uint256 amount = staticRewards[id][user];
            {
                (GovPoolStorage.VotingRewards memory v, uint256 extra) = _voteRewards(p, r, ds, coreProperties, id, user);
                amount += v.personal + v.micropool + v.treasury + extra;
            }
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

    /// @notice The DAO's active NFT multiplier (zero when none).
    function nftMultiplier() internal view returns (address m) {
        bytes32 slot = NFT_MULTIPLIER_SLOT;
        assembly ("memory-safe") {
            m := sload(slot)
        }
    }

    /// @notice Writes the multiplier the pool starts with (its initialization: no other can be active yet).
    function initNftMultiplier(address m) internal {
        bytes32 slot = NFT_MULTIPLIER_SLOT;
        assembly ("memory-safe") {
            sstore(slot, m)
        }
    }

    /// @notice Activates `m` as the DAO's NFT multiplier, or deactivates the active one (`m` zero). Only one is
    /// active at a time: another is refused until the active one is deactivated (`GovPoolMultiplierActive`).
    function setNftMultiplier(address m) external {
        address active = nftMultiplier();
        if (active != address(0) && m != address(0)) revert GovPoolMultiplierActive(active);
        bytes32 slot = NFT_MULTIPLIER_SLOT;
        assembly ("memory-safe") {
            sstore(slot, m)
        }
        emit NftMultiplierChanged(m);
    }

    /// @dev What the active multiplier adds to a vote reward claimed now (vote rewards only: they are claimed
    /// once, while static rewards also hold unpaid parts credited back, which must not be multiplied again). A
    /// multiplier that reverts or answers badly adds nothing rather than blocking claims.
    function _multiplierExtra(address user, uint256 id, uint256 rewards) private view returns (uint256) {
        address m = nftMultiplier();
        if (m == address(0) || rewards == 0) return 0;
        (bool ok, bytes memory data) = m.staticcall{gas: 200_000}(
            abi.encodeCall(INftMultiplier.getExtraRewards, (user, id, rewards))
        );
        return ok && data.length == 32 ? abi.decode(data, (uint256)) : 0;
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
        string storage latestResultsHash,
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
        _stringAt(latestResultsHash).value = resultsHash;
        emit OffchainResultsSaved(resultsHash, msg.sender);
    }

    /// @dev A string storage pointer cannot be assigned through; the same slot seen as a struct's field can.
    struct StringSlot {
        string value;
    }

    function _stringAt(string storage s) private pure returns (StringSlot storage r) {
        assembly ("memory-safe") {
            r.slot := s.slot
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

    /// @notice Rewards `user` may claim on `proposalIds` (static, vote rewards by kind, and the NFT multiplier's
    /// bonus: what a claim now pays) and their pending off-chain rewards, ABI-encoded as `GovPool.getPendingRewards`
    /// returns them.
    function pending(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        mapping(address => mapping(address => uint256)) storage offchainPending,
        mapping(address => address[]) storage offchainTokens,
        GovPoolStorage.DelegationState storage ds,
        address coreProperties,
        uint256[] calldata proposalIds,
        address user
    ) external view returns (bytes memory) {
        GovPoolStorage.PendingRewardsView memory v;
        v.onchainTokens = new address[](proposalIds.length);
        v.staticRewards = new uint256[](proposalIds.length);
        v.votingRewards = new GovPoolStorage.VotingRewards[](proposalIds.length);
        v.multiplierRewards = new uint256[](proposalIds.length);
        for (uint256 i; i < proposalIds.length; ++i) {
            uint256 id = proposalIds[i];
            GovPoolStorage.Proposal storage p = proposals[id];
            if (p.flags & EXECUTED == 0) continue;
            v.onchainTokens[i] = p.rewardToken;
            v.staticRewards[i] = staticRewards[id][user];
            (v.votingRewards[i], v.multiplierRewards[i]) = _voteRewards(p, votes[id][user], ds, coreProperties, id, user);
        }
        address[] storage tokens = offchainTokens[user];
        v.offchainTokens = tokens;
        v.offchainRewards = new uint256[](tokens.length);
        for (uint256 i; i < tokens.length; ++i) v.offchainRewards[i] = offchainPending[user][tokens[i]];
        return abi.encode(v);
    }

    /// @dev `user`'s unclaimed vote rewards on proposal `id` (`ownVoteRewards`) and what the active NFT multiplier
    /// adds to them: what a claim now pays, and `pending` reports.
    function _voteRewards(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.DelegationState storage ds,
        address coreProperties,
        uint256 id,
        address user
    ) private view returns (GovPoolStorage.VotingRewards memory v, uint256 extra) {
        v = ownVoteRewards(p, r, ds.kinds[id][user], coreProperties);
        extra = _multiplierExtra(user, id, v.personal + v.micropool + v.treasury);
    }

    /// @notice A voter's unclaimed vote rewards on an executed proposal, by kind: personal, its micropool share
    /// (the micropool reward × the micropool share of CoreProperties, 20% by default: the delegators share the
    /// rest) and its treasury share (the treasury reward × the treasury share, 1.618% by default). Zero when
    /// claimed or on the other side.
    function ownVoteRewards(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.VoteKinds storage k,
        address coreProperties
    ) public view returns (GovPoolStorage.VotingRewards memory v) {
        if (r.flags & V_CLAIMED != 0) return v;
        uint256 micropool;
        uint256 treasury;
        (v.personal, micropool, treasury) = kindRewards(p, r, k);
        if (micropool == 0 && treasury == 0) return v;
        (uint256 micropoolShare, uint256 treasuryShare) = ICoreRewardShares(coreProperties).getVoteRewardsPercentages();
        v.micropool = Math.mulDiv(micropool, micropoolShare, PERCENTAGE_100);
        v.treasury = Math.mulDiv(treasury, treasuryShare, PERCENTAGE_100);
    }

    /// @notice The vote rewards a record earned on an executed proposal, by kind, before the shares: the executed
    /// side's raw votes × coefficient, shared by post-formula power; a voter's part split between its kinds pro
    /// rata to their raw votes. Zero on the other side (the record's claim flag is not looked at).
    function kindRewards(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.VoteKinds storage k
    ) public view returns (uint256 personal, uint256 micropool, uint256 treasury) {
        uint256 raw = r.rawVoted;
        uint256 m;
        uint256 t;
        if (r.flags & V_KINDS != 0) {
            (m, t) = (k.micropool, k.treasury);
            // the delegated power a delegator votes itself earns like its personal votes
            raw += k.delegated;
        }
        uint256 all = raw + m + t;
        uint256 reward = _voterReward(p, r, all);
        if (reward == 0) return (0, 0, 0);
        if (m == 0 && t == 0) return (reward, 0, 0);
        return (Math.mulDiv(reward, raw, all), Math.mulDiv(reward, m, all), Math.mulDiv(reward, t, all));
    }

    /// @dev A voter's whole vote reward (`all` its raw votes of every kind) on an executed proposal.
    function _voterReward(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        uint256 all
    ) private view returns (uint256) {
        uint8 pFlags = p.flags;
        if (all == 0 || pFlags & EXECUTED == 0) return 0;
        bool executedFor = pFlags & EXECUTED_FOR != 0;
        if ((r.flags & V_FOR != 0) != executedFor) return 0;
        bool nonlinear = pFlags & NONLINEAR != 0;
        uint256 sideVoted = executedFor ? p.votesFor : p.votesAgainst;
        if (sideVoted == 0) return 0;
        uint256 sideRaw = nonlinear ? (executedFor ? p.rawVotesFor : p.rawVotesAgainst) : sideVoted;
        uint256 sideReward = Math.mulDiv(sideRaw, p.voteRewardsCoefficient, PRECISION);
        return Math.mulDiv(sideReward, nonlinear ? r.voted : all, sideVoted);
    }

    /// @notice Pays `delegator` its share of `delegatee`'s micropool rewards on `proposalIds`; what cannot be paid
    /// is credited to its static rewards of the proposal (claimed with `claimRewards`).
    function claimMicropool(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        GovPoolStorage.DelegationState storage ds,
        address coreProperties,
        uint256[] calldata proposalIds,
        address delegator,
        address delegatee
    ) external {
        (uint256 micropoolShare, ) = ICoreRewardShares(coreProperties).getVoteRewardsPercentages();
        address[2] memory pair = [delegator, delegatee];
        bool claimedAny;
        for (uint256 i; i < proposalIds.length; ++i) {
            if (_claimDelegator(proposals, votes, staticRewards, ds, proposalIds[i], pair, micropoolShare)) {
                claimedAny = true;
            }
        }
        if (!claimedAny) revert GovPoolNothingToClaim(delegator);
    }

    function _claimDelegator(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        GovPoolStorage.DelegationState storage ds,
        uint256 id,
        address[2] memory pair,
        uint256 micropoolShare
    ) private returns (bool paidAny) {
        GovPoolStorage.Proposal storage p = proposals[id];
        if (p.flags & EXECUTED == 0) revert GovPoolNotExecuted(id);
        mapping(address => bool) storage claimed = ds.delegatorClaimed[id][pair[1]];
        if (claimed[pair[0]]) return false;
        uint256 amount = delegatorReward(p, votes[id][pair[1]], ds, id, pair, micropoolShare);
        // booked before paying (a native-coin or hook-token receiver may call back)
        claimed[pair[0]] = true;
        return amount != 0 && _payDelegator(staticRewards, p.rewardToken, id, pair, amount);
    }

    /// @dev Pays a delegator's reward; the unpaid part is credited to its static rewards of the proposal.
    function _payDelegator(
        mapping(uint256 => mapping(address => uint256)) storage staticRewards,
        address token,
        uint256 id,
        address[2] memory pair,
        uint256 amount
    ) private returns (bool paidAny) {
        uint256 paid = _pay(token, pair[0], amount);
        if (paid < amount) {
            staticRewards[id][pair[0]] += amount - paid;
            emit RewardCredited(id, pair[0], token, amount - paid);
        }
        if (paid > 0) emit MicropoolRewardClaimed(id, pair[0], pair[1], token, paid);
        return paid > 0;
    }

    /// @notice `delegator`'s unclaimed micropool rewards from `delegatee` on `proposalIds`, ABI-encoded as
    /// `GovPool.getDelegatorRewards` returns them.
    function delegatorRewards(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        mapping(uint256 => mapping(address => GovPoolStorage.VoteRecord)) storage votes,
        GovPoolStorage.DelegationState storage ds,
        address coreProperties,
        uint256[] calldata proposalIds,
        address delegator,
        address delegatee
    ) external view returns (bytes memory) {
        (uint256 micropoolShare, ) = ICoreRewardShares(coreProperties).getVoteRewardsPercentages();
        uint256 n = proposalIds.length;
        GovPoolStorage.DelegatorRewardsView memory v = GovPoolStorage.DelegatorRewardsView(
            proposalIds,
            new address[](n),
            new uint256[](n),
            new bool[](n),
            new bool[](n)
        );
        for (uint256 i; i < n; ++i) {
            (v.rewardTokens[i], v.expectedRewards[i], v.isVoteFor[i], v.isClaimed[i]) = _delegatorRow(
                proposals,
                votes[proposalIds[i]][delegatee],
                ds,
                proposalIds[i],
                [delegator, delegatee],
                micropoolShare
            );
        }
        return abi.encode(v);
    }

    function _delegatorRow(
        mapping(uint256 => GovPoolStorage.Proposal) storage proposals,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.DelegationState storage ds,
        uint256 id,
        address[2] memory pair,
        uint256 micropoolShare
    ) private view returns (address token, uint256 amount, bool isVoteFor, bool isClaimed) {
        GovPoolStorage.Proposal storage p = proposals[id];
        token = p.rewardToken;
        isVoteFor = r.flags & V_FOR != 0;
        isClaimed = ds.delegatorClaimed[id][pair[1]][pair[0]];
        if (!isClaimed) amount = delegatorReward(p, r, ds, id, pair, micropoolShare);
    }

    /// @notice The delegators' part of a delegatee's micropool reward on one proposal (100% − `micropoolShare`),
    /// times the power `delegator` had delegated when the proposal reached its quorum, over the micropool's power
    /// then (`GovPoolDelegation.delegatorShare`). The delegations at one clock sum to the micropool, so the shares
    /// never sum above the delegators' part (each is rounded down).
    function delegatorReward(
        GovPoolStorage.Proposal storage p,
        GovPoolStorage.VoteRecord storage r,
        GovPoolStorage.DelegationState storage ds,
        uint256 proposalId,
        address[2] memory pair,
        uint256 micropoolShare
    ) public view returns (uint256) {
        address delegatee = pair[1];
        GovPoolStorage.VoteKinds storage k = ds.kinds[proposalId][delegatee];
        (, uint256 micropool, ) = kindRewards(p, r, k);
        if (micropool == 0) return 0;
        // the delegation at the quorum, less what the delegators voted themselves (vote type delegated)
        (uint256 delegated, uint256 total) = GovPoolDelegation.delegatorShare(ds, proposalId, pair[0], delegatee);
        if (total == 0) return 0;
        uint256 delegatorsPart = micropool - Math.mulDiv(micropool, micropoolShare, PERCENTAGE_100);
        return Math.mulDiv(delegatorsPart, delegated, total);
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
        emit CreditInfoChanged(tokens, amounts);
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
        emit CreditWithdrawn(tokens, amounts, destination);
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
