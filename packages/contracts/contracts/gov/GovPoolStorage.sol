// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";

// Proposal flags (`Proposal.flags`), one definition for the pool and its libraries.
uint8 constant EARLY = 1;
uint8 constant VALIDATORS_VOTE = 2;
uint8 constant QUORUM = 4;
uint8 constant EXECUTED = 8;
uint8 constant EXECUTED_FOR = 16;
uint8 constant MOVED = 32;
uint8 constant HAS_AGAINST = 64;
/// @dev The pool's model was not linear at creation: post-formula votes are stored apart from raw ones.
uint8 constant NONLINEAR = 128;

// Creation flags (`GovPool._creationFlags`), one definition for the pool and its libraries.
/// @dev The pool holds a complete copy of the creation settings and executor mapping (pushed by GovSettings
/// since the pool's initialization): an executor absent from `_executorSettings` maps to the default slot.
uint8 constant SETTINGS_COPY = 1;
/// @dev Token-only DAO whose members' deposits were mirrored in `UserInfo.deposited` since the pool's
/// initialization: creation reads the creator's power there and the total power from `_powerToken`.
uint8 constant POWER_MIRROR = 2;
/// @dev POWER_MIRROR DAO whose token is a clone of the protocol's ERC20Gov (checked at initialization; a
/// clone never changes): that implementation has no `validate` hook and no fallback, so a proposal calling the
/// token skips its hook, which could only revert (never veto); other executors are asked as before.
uint8 constant OWN_TOKEN = 4;
/// @dev The DAO's token (`_powerToken`, with or without NFTs) is a clone of the protocol's ERC20Gov, whose
/// blacklist the pool enforces on deposited tokens too (M5): a blacklisted account cannot vote or withdraw
/// to another address.
uint8 constant GOV_TOKEN = 8;
/// @dev The DAO's token is an ERC20Gov clone that pushes its blacklist to this pool (`GovPool.syncBlacklist`,
/// from its initialization): a vote reads `UserInfo.marks` instead of calling the token (M5).
uint8 constant BLACKLIST_MARKS = 16;
/// @dev The pool marks every account holding micropool or treasury power (`UserInfo.marks`) since its
/// initialization: a vote reads the mark instead of the account's `Delegatee` slot.
uint8 constant DELEGATION_MARKS = 32;

/// @dev BLACKLIST_MARKS token-only DAO whose token also reports its supply (`GovPool.syncSupply`, after every mint):
/// creation reads the total power from `_powerSupply`, beside `_powerToken`, instead of calling the token.
uint8 constant SUPPLY_COPY = 64;
/// @dev Every proposal of the pool snapshotted a zero `minVotesForVoting` (set at initialization, cleared for good
/// by the first creation with a non-zero minimum): a vote skips reading the proposal's second slot for the check.
uint8 constant NO_MIN_VOTING = 128;

// `UserInfo.marks`, one definition for the pool and its libraries.
/// @dev The DAO's own token blacklisted the account (under BLACKLIST_MARKS).
uint16 constant M_BLACKLISTED = 1;
/// @dev The account holds micropool or treasury power (under DELEGATION_MARKS).
uint16 constant M_DELEGATED = 2;

/// @title GovPoolStorage
/// @notice State layout and types of GovPool, shared with its libraries.
/// @dev Proposals are packed so that creating one writes three storage slots; the actions are kept as a
/// hash (the full actions are in the `ProposalCreated` event and must be passed back to `execute`).
abstract contract GovPoolStorage is IGovTypes {
    uint256 public constant PERCENTAGE_100 = 10 ** 27;
    /// @notice 1.0 of `voteRewardsCoefficient`.
    uint256 public constant PRECISION = 10 ** 25;
    /// @notice Placeholder address of the native coin.
    address public constant NATIVE_COIN = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    /// @dev `_powerSupply` at this value means "too large for the copy, ask the token".
    uint256 internal constant SUPPLY_SATURATED = type(uint96).max;

    /// @dev `UserInfo.deposited` at or above this value means "too large for the mirror, ask the keeper".
    uint256 internal constant MIRROR_SATURATED = type(uint112).max;

    struct Proposal {
        // slot 0
        uint40 voteEnd;
        uint40 executeAfter;
        uint32 executionDelay;
        uint16 settingsId;
        uint8 flags;
        uint120 quorumVotes;
        // slot 1
        address creator;
        uint96 minVotesForVoting;
        // slot 2
        bytes32 actionsHash;
        // slot 3 (post-formula votes)
        uint128 votesFor;
        uint128 votesAgainst;
        // slot 4 (raw votes; only written when NONLINEAR, otherwise equal to slot 3)
        uint128 rawVotesFor;
        uint128 rawVotesAgainst;
        // slot 5 (set at execution)
        address rewardToken;
        uint96 voteRewardsCoefficient;
    }

    struct VoteRecord {
        // slot 0
        uint128 rawVoted;
        uint64 prevActive;
        uint8 flags;
        // slot 1 (NONLINEAR only)
        uint128 voted;
        // slot 2 (when NFTs were voted)
        uint128 tokensVoted;
    }

    struct UserInfo {
        /// @dev Newest proposal of the user's lock list. Was a uint64: proposal ids stay far below 2^48 (one
        /// creation transaction each), so its two upper bytes were always zero and now hold `marks`.
        uint48 head;
        /// @dev M_BLACKLISTED | M_DELEGATED (zero in pools without BLACKLIST_MARKS / DELEGATION_MARKS, which do
        /// not read them)
        uint16 marks;
        uint32 activeCount;
        uint48 lastDepositBlock;
        /// @dev Mirror of the tokens deposited in the GovUserKeeper (saturates at MIRROR_SATURATED); only read
        /// when POWER_MIRROR is set. Fills bits of the struct's single slot that were unused (upgrade-safe).
        uint112 deposited;
    }

    /// @dev Raw power a delegatee holds for others: its micropool (members' delegations) and what the DAO's treasury
    /// delegated to it (experts only). One slot, read by every vote.
    struct Delegatee {
        uint128 micropool;
        uint128 treasury;
    }

    /// @dev Micropool and treasury raw power a delegatee's vote counts on one proposal. `clock` is the micropool's
    /// history key when the vote was last cast, written before the pool's delegation clock existed and read only for
    /// the proposals that reached their quorum then (`DelegationState.quorumClock` since).
    /// `delegated` is the raw power the voter delegated to `delegatedTo` and votes itself (vote type delegated),
    /// appended (upgrade-safe: beside `clock` in the second slot, `delegatedTo` in a third).
    struct VoteKinds {
        uint128 micropool;
        uint128 treasury;
        uint48 clock;
        uint128 delegated;
        address delegatedTo;
    }

    /// @dev Delegation accounting (appended; upgrade-safe). The assets themselves stay in the GovUserKeeper.
    struct DelegationState {
        mapping(address => Delegatee) delegatees;
        mapping(uint256 => mapping(address => VoteKinds)) kinds;
        /// @dev delegatee => (clock => micropool raw power); keyed by the pool's delegation clock (`clock`), so a key
        /// names one exact state of the micropool
        mapping(address => Checkpoints.Trace208) micropoolHistory;
        /// @dev delegator => delegatee => (the pool's delegation clock => raw power delegated)
        mapping(address => mapping(address => Checkpoints.Trace208)) delegationHistory;
        /// @dev delegator => delegatee => block of the last delegation (same-block guard of undelegate)
        mapping(address => mapping(address => uint256)) lastDelegateBlock;
        /// @dev proposal => expert whose treasury delegation the proposal changes: that expert's treasury power
        /// does not count on it
        mapping(uint256 => mapping(address => bool)) treasuryExcluded;
        /// @dev proposal => delegatee => delegator => micropool reward claimed
        mapping(uint256 => mapping(address => mapping(address => bool))) delegatorClaimed;
        /// @dev proposal => delegatee => raw power its delegators vote themselves on it (vote type delegated,
        /// appended): the delegatee's micropool vote on that proposal leaves it out
        mapping(uint256 => mapping(address => uint256)) delegatedOut;
        /// @dev proposal => the delegation clock when it last reached its quorum (appended): the delegators' shares
        /// of its micropool rewards are read there (PROTOCOL.md "Rewards": pro rata to delegated power at quorum)
        mapping(uint256 => uint256) quorumClock;
        /// @dev The pool's delegation clock (appended): ticks on every micropool change, and keys both histories,
        /// so one clock names every micropool and every delegation at one moment
        uint256 clock;
    }

    struct DelegatorRewardsView {
        uint256[] ids;
        address[] rewardTokens;
        uint256[] expectedRewards;
        bool[] isVoteFor;
        bool[] isClaimed;
    }

    struct Withdrawal {
        uint64 timestamp;
        uint192 amount;
    }

    /// @dev The pool's copy of what proposal creation needs from GovSettings (see `GovPool.syncSettings`).
    struct SettingsCopy {
        /// @dev executor => settings slot, as in GovSettings (absent = default slot 0 under SETTINGS_COPY)
        mapping(address => uint256) executorSettings;
        /// @dev settings slot => `CreationWord` (zero = not pushed: read GovSettings)
        mapping(uint256 => uint256) creationWords;
        /// @dev settings slot => minVotesForCreating (only meaningful when its word lacks NO_MIN_CREATING)
        mapping(uint256 => uint256) minVotesForCreating;
    }

    struct CreditInfo {
        bool listed;
        uint256 monthLimit;
        Withdrawal[] history;
    }


    struct VoteInfoView {
        bool isVoteFor;
        uint256 totalVoted;
        uint256 tokensVoted;
        uint256 totalRawVoted;
        uint256[] nftsVoted;
    }

    struct VotingRewards {
        uint256 personal;
        uint256 micropool;
        uint256 treasury;
    }

    struct PendingRewardsView {
        address[] onchainTokens;
        uint256[] staticRewards;
        VotingRewards[] votingRewards;
        address[] offchainTokens;
        uint256[] offchainRewards;
        /// @dev By proposal: what the active NFT multiplier adds to its vote rewards when claimed now.
        uint256[] multiplierRewards;
    }

    address internal _settings;
    address internal _userKeeper;
    address internal _validators;
    address internal _poolRegistry;
    address internal _votePower;
    bool internal _isLinearPower;
    bool internal _onlyBABTHolders;
    /// @dev Packed with the vote-power config, which every proposal creation reads anyway.
    uint64 internal _latestProposalId;
    /// @dev SETTINGS_COPY | POWER_MIRROR | OWN_TOKEN, set at initialization (zero for pools initialized before they
    /// existed, which keep reading GovSettings and GovUserKeeper). Fills one of the two bytes of this slot that
    /// were unused, read with the fields above by every creation; `_expertNft` stays in the next slot.
    uint8 internal _creationFlags;
    address internal _expertNft;
    address internal _globalExpertNft;
    address internal _babt;
    address internal _verifier;
    address internal _coreProperties;

    /// @notice IPFS link of the DAO metadata.
    string public descriptionURL;
    /// @notice DAO name (immutable once deployed).
    string public name;
    /// @notice Nonce of the next off-chain results signature.
    uint256 public offchainResultsNonce;
    /// @notice Last saved off-chain results hash.
    string public latestOffchainResultsHash;

    uint256 internal _minVotesForReadProposalDiscussion;
    uint256 internal _minVotesForCreatingComment;

    mapping(uint256 => Proposal) internal _proposals;
    mapping(uint256 => mapping(address => VoteRecord)) internal _votes;
    mapping(uint256 => mapping(address => uint256[])) internal _voteNfts;
    mapping(address => UserInfo) internal _users;
    mapping(uint256 => mapping(address => uint256)) internal _staticRewards;
    mapping(address => mapping(address => uint256)) internal _offchainPending;
    mapping(address => address[]) internal _offchainTokens;
    mapping(address => CreditInfo) internal _credits;
    address[] internal _creditTokens;

    // Appended (upgrade-safe): the copy of the creation settings pushed by GovSettings and the power mirror.
    SettingsCopy internal _settingsCopy;
    /// @dev The governance token (zero in NFT-only DAOs; set at initialization since GOV_TOKEN exists, else
    /// only with POWER_MIRROR). With POWER_MIRROR its total supply is the DAO's total power.
    address internal _powerToken;
    /// @dev Appended, packed beside `_powerToken`: the token's total supply under SUPPLY_COPY (saturating).
    uint96 internal _powerSupply;

    /// @dev Appended: delegation (micropools, treasury delegation, their history and rewards).
    DelegationState internal _delegation;
}

// Vote record flags (`VoteRecord.flags`), one definition for the pool and its libraries.
uint8 constant V_FOR = 1;
uint8 constant V_IN_LIST = 2;
uint8 constant V_NFT = 4;
uint8 constant V_CLAIMED = 8;
/// @dev The voter's record also counts micropool or treasury power (`DelegationState.kinds`).
uint8 constant V_KINDS = 16;
