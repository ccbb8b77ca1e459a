// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC5267} from "@openzeppelin/contracts/interfaces/IERC5267.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {Multicall} from "@openzeppelin/contracts/utils/Multicall.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {IVotePower} from "../interfaces/IVotePower.sol";
import {ISBT} from "../interfaces/ISBT.sol";
import {CreationWord} from "../libs/CreationWord.sol";
import {GovPoolActions} from "../libs/GovPoolActions.sol";
import {GovPoolRewards} from "../libs/GovPoolRewards.sol";
import {GovPoolView} from "../libs/GovPoolView.sol";
import {GovPoolLocks} from "../libs/GovPoolLocks.sol";
import {GovPoolDelegation} from "../libs/GovPoolDelegation.sol";
import {GovPoolState} from "../libs/GovPoolState.sol";
import {GovPoolStorage, EARLY, VALIDATORS_VOTE, QUORUM, EXECUTED, HAS_AGAINST, NONLINEAR, V_FOR, V_IN_LIST, V_NFT, V_KINDS} from "./GovPoolStorage.sol";
import {SETTINGS_COPY, POWER_MIRROR, OWN_TOKEN, GOV_TOKEN, BLACKLIST_MARKS, DELEGATION_MARKS, SUPPLY_COPY, NO_MIN_VOTING} from "./GovPoolStorage.sol";
import {M_BLACKLISTED, M_DELEGATED} from "./GovPoolStorage.sol";

interface IGovUserKeeperForPool {
    function deposit(address payer, address receiver, uint256 amount, uint256[] calldata nftIds) external;

    function getVoteInputs(
        address user,
        uint256[] calldata nftIds
    ) external view returns (uint256 tokens, uint256 nftPower);

    function getCreationInputs(address user) external view returns (uint256 power, uint256 totalPower);
}

interface IBlacklistToken {
    function isBlacklisted(address account) external view returns (bool);
}

interface IExpertNftForPool {
    function isExpert(address user) external view returns (bool);
}

/// @title GovPool
/// @notice One DAO: proposals, votes, execution, rewards and treasury. Deposited assets live in the
/// GovUserKeeper; settings in GovSettings; the optional second chamber in GovValidators. Every later change
/// to the DAO is a proposal that calls this contract or a helper it owns.
/// @dev `multicall(bytes[])` (OpenZeppelin `Multicall`) batches calls to this pool in one transaction, e.g.
/// `deposit` then `createProposalAndVote`. Each call is a delegatecall to the pool itself, so `msg.sender`
/// stays the caller and every check (same-block guard, `onlyThis`, BABT, validators-only) applies per call.
/// `multicall` is not payable: `msg.value` is zero in every batched call, so no value can be counted twice.
/// Every function that pays out or runs actions (`withdraw`, `execute`, `claimRewards`, `saveOffchainResults`,
/// `transferCreditAmount`) is `nonReentrant` (OpenZeppelin's transient-storage guard: no storage slot, so the
/// upgradeable layout is unchanged) and books before it pays: a receiver re-entering any of them reverts.
/// Events and errors that only its libraries emit (they run in the pool's context) are declared in those libraries;
/// the published ABI (`scripts/lib/abis.ts`) merges them into GovPool's.
contract GovPool is
    GovPoolStorage,
    Initializable,
    IERC5267,
    IERC721Receiver,
    Multicall,
    ReentrancyGuardTransient
{
    struct InitParams {
        address settings;
        address userKeeper;
        address validators;
        address poolRegistry;
        address votePower;
        bool isLinearPower;
        address expertNft;
        address globalExpertNft;
        address babt;
        bool onlyBABTHolders;
        address verifier;
        address coreProperties;
        string descriptionURL;
        string name;
        uint256 minVotesForReadProposalDiscussion;
        uint256 minVotesForCreatingComment;
        address nftMultiplier;
    }

    error GovPoolNotThis(address caller);
    error GovPoolNotSettings(address caller);
    error GovPoolNotToken(address caller);
    error GovPoolTotalPowerTooLarge(uint256 totalPower);
    error GovPoolVoteTooLarge(uint256 rawVotes);
    error GovPoolNotValidators(address caller);
    error GovPoolNotBABTHolder(address account);
    error GovPoolBlacklisted(address account);
    error GovPoolLowCreatingPower(address account, uint256 power, uint256 required);
    error GovPoolLowVotingPower(address account, uint256 power, uint256 required);
    error GovPoolWrongState(uint256 proposalId, ProposalState state);
    error GovPoolVoteSideMismatch(uint256 proposalId);
    error GovPoolVoteExceedsDeposit(address account, uint256 deposited, uint256 requested);
    error GovPoolZeroVote();
    error GovPoolVotesLimitReached(address account, uint256 limit);
    error GovPoolCommentSettingsInvalid();
    error GovPoolExecutionWindowInvalid(uint256 executionWindow);

    event Deposited(address indexed account, uint256 amount, uint256[] nftIds);
    event Withdrawn(address indexed account, address indexed receiver, uint256 amount, uint256[] nftIds);
    event ProposalCreated(
        uint256 indexed proposalId,
        address indexed creator,
        string descriptionURL,
        uint256 settingsId,
        uint256 voteEnd,
        uint256 quorumVotes,
        ProposalAction[] actionsOnFor,
        ProposalAction[] actionsOnAgainst
    );
    event Voted(
        uint256 indexed proposalId,
        address indexed voter,
        VoteType voteType,
        bool isVoteFor,
        uint256 tokens,
        uint256[] nftIds,
        uint256 totalRawVoted,
        uint256 totalVoted
    );
    event QuorumReached(uint256 indexed proposalId, uint256 executeAfter);
    event DescriptionURLChanged(string descriptionURL);
    event VotePowerChanged(address votePower, bool isLinear);
    event VerifierChanged(address verifier);
    event BABTRestrictionChanged(bool onlyBABTHolders);
    event CommentSettingsChanged(uint256 minVotesForReadProposalDiscussion, uint256 minVotesForCreatingComment);
    event ExecutionWindowChanged(uint256 executionWindow);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the pool. Called once by the PoolFactory in the deploying transaction, after the
    /// GovUserKeeper and before GovSettings (which pushes its settings here).
    function initialize(InitParams calldata params) external initializer {
        _settings = params.settings;
        _userKeeper = params.userKeeper;
        _validators = params.validators;
        _poolRegistry = params.poolRegistry;
        _votePower = params.votePower;
        _isLinearPower = params.isLinearPower;
        _onlyBABTHolders = params.onlyBABTHolders;
        _expertNft = params.expertNft;
        _globalExpertNft = params.globalExpertNft;
        _babt = params.babt;
        _verifier = params.verifier;
        _coreProperties = params.coreProperties;
        descriptionURL = params.descriptionURL;
        name = params.name;
        _setCommentSettings(params.minVotesForReadProposalDiscussion, params.minVotesForCreatingComment);
        (_creationFlags, _powerToken, _powerSupply) = GovPoolView.creationFlags(params.poolRegistry, params.userKeeper);
        GovPoolRewards.initNftMultiplier(params.nftMultiplier);
    }

    modifier onlyThis() {
        if (msg.sender != address(this)) revert GovPoolNotThis(msg.sender);
        _;
    }

    receive() external payable {}

    // ───────────────────────────── assets ─────────────────────────────

    /// @notice Deposits tokens (approved to the user keeper) and NFTs of the caller.
    function deposit(uint256 amount, uint256[] calldata nftIds) external {
        UserInfo storage u = _users[msg.sender];
        u.lastDepositBlock = uint48(block.number);
        IGovUserKeeperForPool(_userKeeper).deposit(msg.sender, msg.sender, amount, nftIds);
        // mirrored after the transfer, like the keeper's own balance: a token hook re-entering the pool during
        // the transfer sees the deposit neither here nor in the keeper
        uint256 mirrored = u.deposited + amount;
        u.deposited = mirrored < MIRROR_SATURATED ? uint112(mirrored) : uint112(MIRROR_SATURATED);
        emit Deposited(msg.sender, amount, nftIds);
    }

    /// @notice Withdraws unlocked deposited assets of the caller to `receiver`.
    /// @dev Reverts in the block of the caller's last deposit (flash-loan guard).
    /// A blacklisted holder of the DAO's own token withdraws only to themselves (where the token refuses it).
    function withdraw(address receiver, uint256 amount, uint256[] calldata nftIds) external nonReentrant {
        if (receiver != msg.sender) _checkNotBlacklisted();
        GovPoolLocks.withdraw(
            _proposals,
            _votes,
            _voteNfts,
            _users[msg.sender],
            _validators,
            _userKeeper,
            receiver,
            amount,
            nftIds
        );
        emit Withdrawn(msg.sender, receiver, amount, nftIds);
    }

    /// @notice The DAO's own token (an ERC20Gov clone made with the pool) reports a blacklist change, so that votes
    /// and withdrawals check a mark in the member's slot instead of calling the token (M5). The token only.
    function syncBlacklist(address[] calldata accounts, bool blacklisted) external {
        if (msg.sender != _powerToken) revert GovPoolNotToken(msg.sender);
        GovPoolLocks.setBlacklistMarks(_users, accounts, blacklisted);
    }

    /// @notice The DAO's own token reports its total supply after a mint: creation takes the quorum of it without
    /// calling the token. The token only.
    /// `supply` saturates at 2^96 - 1 (then creation asks the token).
    function syncSupply(uint96 supply) external {
        if (msg.sender != _powerToken) revert GovPoolNotToken(msg.sender);
        _powerSupply = supply;
    }

    /// @notice Drops finished proposals from `user`'s locks (lazy unlock). Anyone.
    function unlock(address user) external {
        _unlock(user);
    }

    // ──────────────────────────── delegation ──────────────────────────

    /// @notice Delegates `amount` unlocked deposited tokens and `nftIds` of the caller to `delegatee`'s micropool;
    /// the delegatee's votes on proposals still in Voting are re-cast with it (at most the votes limit of them).
    function delegate(address delegatee, uint256 amount, uint256[] calldata nftIds) external {
        GovPoolLocks.release(_proposals, _votes, _voteNfts, _users[msg.sender], _validators, _userKeeper, amount, nftIds);
        _changeDelegation(0, delegatee, amount, nftIds);
    }

    /// @notice Takes back `amount` tokens and `nftIds` the caller delegated to `delegatee` into its deposit; the
    /// delegatee's votes in Voting are re-cast without them. Reverts in the block of the pair's last delegation,
    /// and when the micropool would fall below what its votes on proposals past Voting counted. The assets cannot
    /// be withdrawn in the same block (same-block guard).
    function undelegate(address delegatee, uint256 amount, uint256[] calldata nftIds) external {
        _changeDelegation(1, delegatee, amount, nftIds);
    }

    /// @notice Delegates treasury tokens and NFTs to `expert` (a local or global expert). Proposal only; the
    /// expert's treasury power does not count on that proposal.
    function delegateTreasury(address expert, uint256 amount, uint256[] calldata nftIds) external onlyThis {
        _changeDelegation(2, expert, amount, nftIds);
    }

    /// @notice Takes treasury tokens and NFTs delegated to `expert` back to the treasury. Proposal only.
    function undelegateTreasury(address expert, uint256 amount, uint256[] calldata nftIds) external onlyThis {
        _changeDelegation(3, expert, amount, nftIds);
    }

    // ──────────────────────────── proposals ───────────────────────────

    /// @notice Creates a proposal. See PROTOCOL.md for how its settings are chosen.
    /// @param descriptionURL_ IPFS link of the proposal metadata
    /// @param actionsOnFor calls executed when the proposal succeeds for
    /// @param actionsOnAgainst calls executed when it succeeds against (meta-governance only)
    function createProposal(
        string calldata descriptionURL_,
        ProposalAction[] calldata actionsOnFor,
        ProposalAction[] calldata actionsOnAgainst
    ) external returns (uint256) {
        return _createProposal(descriptionURL_, actionsOnFor, actionsOnAgainst);
    }

    /// @notice Creates a proposal and votes for it with `amount` tokens and `nftIds` in one transaction.
    function createProposalAndVote(
        string calldata descriptionURL_,
        ProposalAction[] calldata actionsOnFor,
        ProposalAction[] calldata actionsOnAgainst,
        uint256 amount,
        uint256[] calldata nftIds
    ) external returns (uint256 proposalId) {
        proposalId = _createProposal(descriptionURL_, actionsOnFor, actionsOnAgainst);
        _vote(proposalId, true, amount, nftIds);
    }

    /// @notice Votes on a proposal in Voting with deposited tokens and NFTs (adds to a previous vote).
    function vote(uint256 proposalId, bool isVoteFor, uint256 amount, uint256[] calldata nftIds) external {
        _checkBABT();
        _vote(proposalId, isVoteFor, amount, nftIds);
    }

    /// @notice Withdraws the caller's whole vote from a proposal still in Voting.
    function cancelVote(uint256 proposalId) external {
        Proposal storage p = _proposals[proposalId];
        _requireVoting(proposalId, p);
        GovPoolDelegation.cancelVote(_delegation, p, _votes[proposalId], _voteNfts[proposalId], proposalId, _votePower);
    }

    /// @notice Votes on a proposal in Voting with all the power the caller delegated to `delegatee` (vote type
    /// delegated), when the proposal's settings slot has `delegatedVotingAllowed`. `delegatee`'s micropool vote on
    /// it leaves that power out (no power counts twice), and the delegation stays until the proposal ends. One
    /// delegatee per voter and proposal; voting again adds what was delegated to it since.
    function voteDelegated(uint256 proposalId, bool isVoteFor, address delegatee) external {
        _checkBABT();
        _checkNotBlacklisted();
        Proposal storage p = _proposals[proposalId];
        _requireVoting(proposalId, p);
        GovPoolDelegation.voteDelegated(
            _delegation,
            p,
            _votes[proposalId],
            proposalId,
            isVoteFor,
            delegatee,
            _settings,
            _votePower
        );
        VoteRecord storage r = _votes[proposalId][msg.sender];
        if (r.flags & V_IN_LIST == 0) {
            _insertActive(proposalId, r);
            r.flags |= V_IN_LIST;
        }
    }

    /// @notice Hands a member-approved proposal to the validators. Anyone; earns the execution reward.
    function moveProposalToValidators(uint256 proposalId) external {
        GovPoolRewards.moveToValidators(_proposals[proposalId], _staticRewards[proposalId], _settings, _validators, proposalId);
    }

    /// @notice Executes a succeeded proposal: its for-actions (SucceededFor) or against-actions
    /// (SucceededAgainst). The actions must be those given at creation (checked by hash).
    function execute(
        uint256 proposalId,
        ProposalAction[] calldata actionsOnFor,
        ProposalAction[] calldata actionsOnAgainst
    ) external payable nonReentrant {
        GovPoolActions.executeProposal(
            _proposals[proposalId],
            _staticRewards[proposalId],
            _settings,
            _validators,
            _userKeeper,
            proposalId,
            actionsOnFor,
            actionsOnAgainst
        );
    }

    // ───────────────────────────── rewards ────────────────────────────

    /// @notice Pays `user`'s rewards of executed proposals `proposalIds` (and pending off-chain rewards).
    /// Anyone may trigger it; funds always go to `user`.
    function claimRewards(uint256[] calldata proposalIds, address user) external nonReentrant {
        GovPoolRewards.claim(
            _proposals,
            _votes,
            _staticRewards,
            _offchainPending,
            _offchainTokens,
            _delegation,
            _coreProperties,
            proposalIds,
            user
        );
    }

    /// @notice Pays `delegator` its share of `delegatee`'s micropool rewards on executed proposals `proposalIds`:
    /// the delegators' part (100% − the micropool share of CoreProperties, 80% by default) pro rata to the power
    /// delegated when the delegatee's micropool vote was last cast. Anyone may trigger it; funds go to `delegator`.
    function claimMicropoolRewards(
        uint256[] calldata proposalIds,
        address delegator,
        address delegatee
    ) external nonReentrant {
        GovPoolRewards.claimMicropool(
            _proposals,
            _votes,
            _staticRewards,
            _delegation,
            _coreProperties,
            proposalIds,
            delegator,
            delegatee
        );
    }

    /// @notice Stores the result of an off-chain vote signed by the DAO's verifier (EIP-712
    /// `OffchainResults(string resultsHash,uint256 nonce,address submitter,uint256 deadline,bool quorumReached)`)
    /// for the caller, before `deadline`; when at least one proposal of the results reached its quorum
    /// (`quorumReached`, as the verifier tallied) the caller earns the internal settings' execution reward (M3).
    /// @param deadline last second (block timestamp) the signature is valid
    function saveOffchainResults(
        string calldata resultsHash,
        uint256 deadline,
        bool quorumReached,
        bytes calldata signature
    ) external nonReentrant {
        GovPoolRewards.saveOffchain(
            _offchainPending,
            _offchainTokens,
            latestOffchainResultsHash,
            resultsHash,
            signature,
            GovPoolRewards.OffchainTerms(offchainResultsNonce++, deadline, quorumReached),
            _verifier,
            _settings
        );
    }

    // ───────────────────────── validators' credit ─────────────────────

    /// @notice Sends treasury tokens within the monthly credit. GovValidators (internal proposal) only.
    function transferCreditAmount(
        address[] calldata tokens,
        uint256[] calldata amounts,
        address destination
    ) external nonReentrant {
        if (msg.sender != _validators) revert GovPoolNotValidators(msg.sender);
        GovPoolRewards.withdrawCredit(_credits, tokens, amounts, destination);
    }

    // ───────────────────────── settings copy ──────────────────────────

    /// @notice Copies creation fields of settings slots and executors' slots into the pool. GovSettings only,
    /// in the transaction that changes them.
    /// @param entries `n`, then `n` triples (settings slot, `CreationWord`, minVotesForCreating), then pairs
    /// (executor, settings slot)
    function syncSettings(uint256[] calldata entries) external {
        if (msg.sender != _settings) revert GovPoolNotSettings(msg.sender);
        GovPoolActions.copySettings(_settingsCopy, entries, _userKeeper);
    }

    // ───────────────────── self-governance (proposal only) ────────────

    /// @notice Sets per-token monthly credit for the validators. Proposal only.
    function setCreditInfo(address[] calldata tokens, uint256[] calldata amounts) external onlyThis {
        GovPoolRewards.setCreditInfo(_credits, _creditTokens, tokens, amounts);
    }

    /// @notice Changes the DAO's metadata link. Proposal only.
    function editDescriptionURL(string calldata newDescriptionURL) external onlyThis {
        descriptionURL = newDescriptionURL;
        emit DescriptionURLChanged(newDescriptionURL);
    }

    /// @notice Changes the vote-power model. Proposal only.
    function changeVotePower(address votePower, bool isLinear) external onlyThis {
        _votePower = votePower;
        _isLinearPower = isLinear;
        emit VotePowerChanged(votePower, isLinear);
    }

    /// @notice Changes the off-chain results verifier. Proposal only.
    function changeVerifier(address verifier) external onlyThis {
        _verifier = verifier;
        emit VerifierChanged(verifier);
    }

    /// @notice Turns the account-bound-token restriction on or off. Proposal only.
    function changeBABTRestriction(bool onlyBABTHolders) external onlyThis {
        _onlyBABTHolders = onlyBABTHolders;
        emit BABTRestrictionChanged(onlyBABTHolders);
    }

    /// @notice Sets how long a succeeded proposal may be executed before it is Expired (at least one day, at
    /// most ten years; 30 days until set). Applies to every proposal not executed yet. Proposal only.
    function setExecutionWindow(uint256 executionWindow) external onlyThis {
        if (executionWindow < 1 days || executionWindow > 3650 days) revert GovPoolExecutionWindowInvalid(executionWindow);
        GovPoolState.setExecutionWindow(executionWindow);
        emit ExecutionWindowChanged(executionWindow);
    }

    /// @notice Activates `nftMultiplier` as the DAO's reward multiplier NFT contract, or deactivates the active one
    /// (zero). One is active at a time: deactivate before activating another (`GovPoolMultiplierActive`). Proposal
    /// only.
    function setNftMultiplierAddress(address nftMultiplier) external onlyThis {
        GovPoolRewards.setNftMultiplier(nftMultiplier);
    }

    /// @notice Changes the comment gating thresholds. Proposal only.
    function setCommentSettings(
        uint256 minVotesForReadProposalDiscussion,
        uint256 minVotesForCreatingComment
    ) external onlyThis {
        _setCommentSettings(minVotesForReadProposalDiscussion, minVotesForCreatingComment);
    }

    // ────────────────────────────── views ─────────────────────────────

    /// @notice (settings, userKeeper, validators, poolRegistry, votePower).
    function getHelperContracts()
        external
        view
        returns (address settings, address userKeeper, address validators, address poolRegistry, address votePower)
    {
        return (_settings, _userKeeper, _validators, _poolRegistry, _votePower);
    }

    /// @notice (nftMultiplier, expertNft, globalExpertNft, babt); nftMultiplier is the active one (zero when none).
    function getNftContracts()
        external
        view
        returns (address nftMultiplier, address expertNft, address globalExpertNft, address babt)
    {
        return (GovPoolRewards.nftMultiplier(), _expertNft, _globalExpertNft, _babt);
    }

    /// @notice Id of the latest proposal (ids start at 1).
    function latestProposalId() external view returns (uint256) {
        return _latestProposalId;
    }

    /// @notice State of proposal `proposalId` (Undefined when it does not exist).
    function getProposalState(uint256 proposalId) external view returns (ProposalState) {
        return _state(proposalId, _proposals[proposalId]);
    }

    /// @notice A page of proposals (ids offset+1 .. offset+limit) with their states.
    function getProposals(uint256 offset, uint256 limit) external view returns (ProposalView[] memory views) {
        views; // named in the ABI; the library's encoding is returned as it is
        _returnEncoded(GovPoolView.proposalViews(_proposals, offset, limit, _latestProposalId, _validators));
    }

    /// @notice `voter`'s vote on a proposal, by vote type: personal (its own deposit), micropool or treasury (the
    /// raw power of that kind its vote counts; `totalVoted` is then the kind's share of its post-formula vote).
    function getUserVotes(uint256 proposalId, address voter, VoteType voteType) external view returns (VoteInfoView memory) {
        _returnEncoded(
            GovPoolView.voteInfo(
                _proposals[proposalId],
                _votes[proposalId][voter],
                _delegation.kinds[proposalId][voter],
                _voteNfts[proposalId][voter],
                voteType
            )
        );
    }

    /// @notice (proposal total post-formula votes, `voter`'s post-formula votes, `voter`'s raw votes, side).
    function getTotalVotes(
        uint256 proposalId,
        address voter,
        VoteType voteType
    ) external view returns (uint256 totalVotes, uint256 userVotes, uint256 userRawVotes, bool isVoteFor) {
        (totalVotes, userVotes, userRawVotes, isVoteFor); // named in the ABI; the library's encoding is returned as it is
        _returnEncoded(
            GovPoolView.totalVotes(
                _proposals[proposalId],
                _votes[proposalId][voter],
                _delegation.kinds[proposalId][voter],
                voteType
            )
        );
    }

    /// @notice Deposited assets `user` could withdraw now (after a lazy unlock).
    function getWithdrawableAssets(address user) external view returns (uint256 tokens, uint256[] memory nfts) {
        (tokens, nfts); // named in the ABI; the library's encoding is returned as it is
        _returnEncoded(
            GovPoolLocks.withdrawable(_proposals, _votes, _voteNfts, _users[user], user, _validators, _userKeeper)
        );
    }

    /// @notice Rewards `user` may claim on `proposalIds` (the NFT multiplier's bonus in `multiplierRewards`), and
    /// pending off-chain rewards.
    function getPendingRewards(
        address user,
        uint256[] calldata proposalIds
    ) external view returns (PendingRewardsView memory) {
        _returnEncoded(
            GovPoolRewards.pending(
                _proposals,
                _votes,
                _staticRewards,
                _offchainPending,
                _offchainTokens,
                _delegation,
                _coreProperties,
                proposalIds,
                user
            )
        );
    }

    /// @notice `delegator`'s unclaimed share of `delegatee`'s micropool rewards on `proposalIds` (spec "delegator
    /// rewards"): per proposal its reward token, the amount, the delegatee's side and whether it was claimed.
    function getDelegatorRewards(
        uint256[] calldata proposalIds,
        address delegator,
        address delegatee
    ) external view returns (DelegatorRewardsView memory) {
        _returnEncoded(
            GovPoolRewards.delegatorRewards(_proposals, _votes, _delegation, _coreProperties, proposalIds, delegator, delegatee)
        );
    }

    /// @notice How long a succeeded proposal may be executed before it is Expired, in seconds.
    function getExecutionWindow() external view returns (uint256) {
        return GovPoolState.executionWindow();
    }

    /// @notice Comment gating thresholds (post-formula voting power).
    function getCommentSettings()
        external
        view
        returns (uint256 minVotesForReadProposalDiscussion, uint256 minVotesForCreatingComment)
    {
        return (_minVotesForReadProposalDiscussion, _minVotesForCreatingComment);
    }

    /// @notice Post-formula power of `votes` raw votes of `voter` under the pool's model.
    function transformVotes(address voter, uint256 votes) external view returns (uint256) {
        return IVotePower(_votePower).transformVotes(voter, votes, 0, 0);
    }

    /// @notice Validators' monthly credit: tokens, limits and what is available now.
    function getCreditInfo()
        external
        view
        returns (address[] memory tokens, uint256[] memory monthLimits, uint256[] memory available)
    {
        (tokens, monthLimits, available); // named in the ABI; the library's encoding is returned as it is
        _returnEncoded(GovPoolView.creditInfo(_credits, _creditTokens));
    }

    /// @notice (verifier, onlyBABTHolders, isLinearPower, coreProperties).
    function getConfig()
        external
        view
        returns (address verifier, bool onlyBABTHolders, bool isLinearPower, address coreProperties)
    {
        return (_verifier, _onlyBABTHolders, _isLinearPower, _coreProperties);
    }

    /// @notice Active proposals `user` voted in (as of the last unlock).
    function getUserActiveProposals(address user) external view returns (uint256[] memory) {
        _returnEncoded(GovPoolView.activeProposals(_votes, _users[user], user));
    }

    /// @notice The EIP-712 domain of off-chain results (ERC-5267): name "Polity GovPool", version "1", this chain
    /// and this pool.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        (fields, name, version, chainId, verifyingContract, salt, extensions); // named in the ABI
        _returnEncoded(GovPoolView.eip712Domain());
    }

    /// @inheritdoc IERC721Receiver
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    // ──────────────────────────── internals ───────────────────────────

    function _createProposal(
        string calldata descriptionURL_,
        ProposalAction[] calldata actionsOnFor,
        ProposalAction[] calldata actionsOnAgainst
    ) private returns (uint256 proposalId) {
        _checkBABT();
        uint256 settingsId;
        uint256 voteEnd;
        uint256 quorumVotes;
        {
            CreationWord.Fields memory s;
            (settingsId, s) = _resolveSettings(actionsOnFor, actionsOnAgainst);
            bytes32 actionsHash = keccak256(abi.encode(actionsOnFor, actionsOnAgainst));
            (bytes32 codes, bool callsSelf) = GovPoolActions.codeDigestAndSelf(actionsOnFor);
            (proposalId, voteEnd, quorumVotes) = _storeProposal(
                settingsId,
                s,
                GovPoolActions.pin(actionsHash, codes),
                actionsOnAgainst.length > 0
            );
            // an expert's treasury power never counts on a proposal changing its treasury delegation, whose quorum
            // is taken of the power that can vote on it (only proposals calling the pool itself pay for the check)
            if (callsSelf) {
                quorumVotes = GovPoolDelegation.excludeTreasuryVoters(
                    _delegation,
                    _proposals[proposalId],
                    actionsOnFor,
                    proposalId,
                    s.quorum,
                    _userKeeper
                );
            }
        }
        emit ProposalCreated(
            proposalId,
            msg.sender,
            descriptionURL_,
            settingsId,
            voteEnd,
            quorumVotes,
            actionsOnFor,
            actionsOnAgainst
        );
    }

    function _resolveSettings(
        ProposalAction[] calldata actionsOnFor,
        ProposalAction[] calldata actionsOnAgainst
    ) private view returns (uint256 settingsId, CreationWord.Fields memory s) {
        if (actionsOnFor.length == 0) revert GovPoolActions.GovPoolNoActions();
        (settingsId, s) = _creationSettings(actionsOnFor[actionsOnFor.length - 1].executor);
        if (actionsOnFor.length == 1 && actionsOnAgainst.length == 0) {
            // the keeper is an internal executor (the pool refuses to map it elsewhere): only then can it be the
            // target, and the keeper's address is read
            if (settingsId == GovPoolActions.INTERNAL_SETTINGS && actionsOnFor[0].executor == _userKeeper) {
                revert GovPoolActions.GovPoolUserKeeperAction(0);
            }
            // the DAO's own ERC20Gov clone has no `validate` (nor a fallback): asking it could never veto
            bool ownToken = _creationFlags & OWN_TOKEN != 0 && actionsOnFor[0].executor == _powerToken;
            GovPoolActions.checkSingleAction(actionsOnFor, settingsId, !ownToken);
            return (settingsId, s);
        }
        uint256 finalId = GovPoolActions.getSettingsId(
            _settings,
            _userKeeper,
            actionsOnAgainst.length > 0 ? _poolRegistry : address(0),
            _creationFlags & OWN_TOKEN != 0 ? _powerToken : address(0),
            actionsOnFor,
            actionsOnAgainst,
            settingsId
        );
        if (finalId != settingsId) {
            settingsId = finalId;
            s = _creationSettingsById(finalId);
        }
    }

    function _creationSettings(
        address mainExecutor
    ) private view returns (uint256 settingsId, CreationWord.Fields memory s) {
        if (_creationFlags & SETTINGS_COPY != 0) {
            settingsId = _settingsCopy.executorSettings[mainExecutor];
            return (settingsId, _creationSettingsById(settingsId));
        }
        return _govSettingsCreation(mainExecutor, 0, true);
    }

    /// @dev The pool's copy when it holds the slot, else GovSettings.
    function _creationSettingsById(uint256 settingsId) private view returns (CreationWord.Fields memory s) {
        uint256 word = _settingsCopy.creationWords[settingsId];
        if (word != 0) {
            s = CreationWord.unpack(word);
            if (word & CreationWord.NO_MIN_CREATING == 0) {
                s.minVotesForCreating = _settingsCopy.minVotesForCreating[settingsId];
            }
            return s;
        }
        (, s) = _govSettingsCreation(address(0), settingsId, false);
    }

    /// @dev A pool initialized before the copy asks GovSettings (by executor, or by slot); the library packs its
    /// answer, so the pool decodes three words.
    function _govSettingsCreation(
        address executor,
        uint256 id,
        bool byExecutor
    ) private view returns (uint256 settingsId, CreationWord.Fields memory s) {
        uint256 word;
        uint256 minCreating;
        (settingsId, word, minCreating) = GovPoolView.govSettingsCreation(_settings, executor, id, byExecutor);
        s = CreationWord.unpack(word);
        s.minVotesForCreating = minCreating;
    }

    function _storeProposal(
        uint256 settingsId,
        CreationWord.Fields memory s,
        bytes32 actionsHash,
        bool hasAgainst
    ) private returns (uint256 proposalId, uint256 voteEnd, uint256 quorumVotes) {
        (uint256 power, uint256 totalPower) = _creationInputs();
        if ((power == 0 || power < s.minVotesForCreating) && !_isGlobalExpert(msg.sender)) {
            revert GovPoolLowCreatingPower(msg.sender, power, s.minVotesForCreating);
        }

        proposalId = ++_latestProposalId;
        // votes skip the check while no proposal has a minimum (the id counter's slot is written anyway)
        if (s.minVotesForVoting != 0) _creationFlags &= ~NO_MIN_VOTING;
        uint8 flags = (s.earlyCompletion ? EARLY : 0) |
            (s.validatorsVote ? VALIDATORS_VOTE : 0) |
            (hasAgainst ? HAS_AGAINST : 0) |
            (_isLinearPower ? 0 : NONLINEAR);
        voteEnd = block.timestamp + s.duration;
        quorumVotes = (totalPower * s.quorum + PERCENTAGE_100 - 1) / PERCENTAGE_100;
        if (quorumVotes > type(uint120).max) revert GovPoolTotalPowerTooLarge(totalPower);
        // every packed field fits: duration and executionDelay < 2^32 and settings slots < 2^16 (GovSettings)
        Proposal storage p = _proposals[proposalId];
        p.voteEnd = uint40(voteEnd);
        p.executionDelay = uint32(s.executionDelay);
        p.settingsId = uint16(settingsId);
        p.flags = flags;
        p.quorumVotes = uint120(quorumVotes);
        p.creator = msg.sender;
        p.minVotesForVoting = uint96(s.minVotesForVoting);
        p.actionsHash = actionsHash;
    }

    /// @dev The creator's raw power and the DAO's total power: from the pool's mirror and the token for a
    /// token-only DAO (unless the mirror saturated), else from the GovUserKeeper.
    function _creationInputs() private view returns (uint256 power, uint256 totalPower) {
        uint8 flags = _creationFlags;
        if (flags & POWER_MIRROR != 0) {
            power = _users[msg.sender].deposited;
            if (power != MIRROR_SATURATED) {
                // the token's own report of its supply (beside its address), unless absent or saturated
                uint256 supply = _powerSupply;
                if (flags & SUPPLY_COPY == 0 || supply == SUPPLY_SATURATED) supply = IERC20(_powerToken).totalSupply();
                return (power, supply);
            }
        }
        return IGovUserKeeperForPool(_userKeeper).getCreationInputs(msg.sender);
    }

    function _vote(uint256 proposalId, bool isVoteFor, uint256 amount, uint256[] calldata nftIds) private {
        _checkNotBlacklisted();
        Proposal storage p = _proposals[proposalId];
        _requireVoting(proposalId, p);

        VoteRecord storage r = _votes[proposalId][msg.sender];
        uint8 rFlags = r.flags;
        // a delegatee's or expert's vote also counts its micropool and treasury power (aggregates: one record
        // whatever the number of delegators)
        bool hasKinds = rFlags & V_KINDS != 0 || _hasDelegatedPower(msg.sender);
        if (amount == 0 && nftIds.length == 0 && !hasKinds) revert GovPoolZeroVote();
        uint256 oldRaw = r.rawVoted;
        if ((oldRaw != 0 || rFlags & V_KINDS != 0) && (rFlags & V_FOR != 0) != isVoteFor) {
            revert GovPoolVoteSideMismatch(proposalId);
        }

        uint256 newRaw;
        {
            (uint256 deposited, uint256 nftPower) = _voteInputs(nftIds);
            uint256 tokens = (rFlags & V_NFT != 0 ? r.tokensVoted : oldRaw) + amount;
            if (tokens > deposited) revert GovPoolVoteExceedsDeposit(msg.sender, deposited, tokens);
            if (nftIds.length > 0 || rFlags & V_NFT != 0) {
                r.tokensVoted = uint128(tokens);
                _addVoteNfts(proposalId, nftIds);
                rFlags |= V_NFT;
            }
            newRaw = oldRaw + amount + nftPower;
            // vote records and proposal totals hold 128 bits (a supply minted past 2^128 after creation)
            if (newRaw > type(uint128).max) revert GovPoolVoteTooLarge(newRaw);
        }
        r.rawVoted = uint128(newRaw);
        uint256 totalVoted;
        {
            uint256 totalRaw = newRaw;
            if (hasKinds) {
                (totalVoted, totalRaw) = _voteKinds(p, r, proposalId, isVoteFor, oldRaw, newRaw);
                rFlags |= V_KINDS;
            } else {
                totalVoted = _applyVote(p, r, isVoteFor, oldRaw, newRaw);
            }
            if (_creationFlags & NO_MIN_VOTING == 0 && totalRaw < p.minVotesForVoting) {
                revert GovPoolLowVotingPower(msg.sender, totalRaw, p.minVotesForVoting);
            }
        }

        if (rFlags & V_IN_LIST == 0) {
            _insertActive(proposalId, r);
            rFlags |= V_IN_LIST;
        }
        r.flags = isVoteFor ? rFlags | V_FOR : rFlags & ~V_FOR;

        if (amount != 0 || nftIds.length != 0) {
            emit Voted(proposalId, msg.sender, VoteType.PersonalVote, isVoteFor, amount, nftIds, newRaw, totalVoted);
        }
        _checkQuorumReached(proposalId, p);
    }

    function _voteKinds(
        Proposal storage p,
        VoteRecord storage r,
        uint256 proposalId,
        bool isVoteFor,
        uint256 oldRaw,
        uint256 newRaw
    ) private returns (uint256, uint256) {
        return GovPoolDelegation.voteKinds(_delegation, p, r, proposalId, isVoteFor, oldRaw, newRaw, _votePower);
    }

    function _hasDelegatedPower(address user) private view returns (bool) {
        // the mark lives in the user's slot, which the vote reads anyway (`Delegatee` is another cold slot)
        if (_creationFlags & DELEGATION_MARKS != 0) return _users[user].marks & M_DELEGATED != 0;
        Delegatee storage d = _delegation.delegatees[user];
        return d.micropool != 0 || d.treasury != 0;
    }

    function _changeDelegation(uint8 op, address account, uint256 amount, uint256[] calldata nftIds) private {
        GovPoolDelegation.change(
            _delegation,
            _proposals,
            _votes,
            _users,
            GovPoolDelegation.Change(
                op,
                account,
                amount,
                _userKeeper,
                _validators,
                _votePower,
                _expertNft,
                _globalExpertNft
            ),
            nftIds
        );
    }

    /// @dev The caller's deposited tokens and the power of `nftIds`: from the pool's mirror in a token-only
    /// DAO (unless it saturated), else from the GovUserKeeper (which also checks the NFTs are deposited).
    function _voteInputs(uint256[] calldata nftIds) private view returns (uint256 deposited, uint256 nftPower) {
        if (nftIds.length == 0 && _creationFlags & POWER_MIRROR != 0) {
            deposited = _users[msg.sender].deposited;
            if (deposited != MIRROR_SATURATED) return (deposited, 0);
        }
        return IGovUserKeeperForPool(_userKeeper).getVoteInputs(msg.sender, nftIds);
    }

    function _applyVote(
        Proposal storage p,
        VoteRecord storage r,
        bool isVoteFor,
        uint256 oldRaw,
        uint256 newRaw
    ) private returns (uint256 totalVoted) {
        uint256 added;
        if (p.flags & NONLINEAR == 0) {
            added = newRaw - oldRaw;
            totalVoted = newRaw;
        } else {
            uint256 newVoted = IVotePower(_votePower).transformVotes(msg.sender, newRaw, 0, 0);
            uint256 oldVoted = r.voted;
            // a model that is not monotonic could lower the total; never let it underflow the side
            added = newVoted > oldVoted ? newVoted - oldVoted : 0;
            totalVoted = oldVoted + added;
            r.voted = uint128(totalVoted);
            if (isVoteFor) p.rawVotesFor += uint128(newRaw - oldRaw);
            else p.rawVotesAgainst += uint128(newRaw - oldRaw);
        }
        if (isVoteFor) p.votesFor += uint128(added);
        else p.votesAgainst += uint128(added);
    }

    /// @dev Execution is never possible in the block that reached the quorum: with early completion and no
    /// delay `executeAfter` is one second later, and a later timestamp is always a later block (without early
    /// completion it is at least `voteEnd`, after every vote). Tokens borrowed for one transaction (a flash loan)
    /// and voted therefore cannot be repaid from the proposal's payout (H3, SECURITY.md).
    function _checkQuorumReached(uint256 proposalId, Proposal storage p) private {
        if (p.flags & QUORUM == 0 && _quorumMet(p)) {
            p.flags |= QUORUM;
            // the delegators' micropool reward shares are read at the delegation clock of the quorum
            uint256 clock = _delegation.clock;
            if (clock != 0) _delegation.quorumClock[proposalId] = clock;
            uint256 delay = p.executionDelay;
            uint256 executeAfter = p.flags & EARLY != 0 ? block.timestamp + (delay == 0 ? 1 : delay) : p.voteEnd + delay;
            p.executeAfter = uint40(executeAfter);
            emit QuorumReached(proposalId, executeAfter);
        }
    }

    function _insertActive(uint256 proposalId, VoteRecord storage r) private {
        UserInfo storage u = _users[msg.sender];
        uint256 count = u.activeCount;
        if (count > 0) {
            uint256 limit = _votesLimit();
            if (count >= limit) {
                _unlock(msg.sender);
                count = u.activeCount;
                if (count >= limit) revert GovPoolVotesLimitReached(msg.sender, limit);
            }
        }
        r.prevActive = u.head;
        u.head = uint48(proposalId);
        u.activeCount = uint32(count + 1);
    }

    function _addVoteNfts(uint256 proposalId, uint256[] calldata nftIds) private {
        GovPoolLocks.addVoteNfts(_voteNfts[proposalId][msg.sender], nftIds, proposalId);
    }

    function _unlock(address user) private {
        GovPoolLocks.unlock(_proposals, _votes, _voteNfts, _users[user], user, _validators);
    }

    function _quorumMet(Proposal storage p) private view returns (bool) {
        uint256 quorumVotes = p.quorumVotes;
        return p.votesFor >= quorumVotes || p.votesAgainst >= quorumVotes;
    }

    function _state(uint256 proposalId, Proposal storage p) private view returns (ProposalState) {
        return GovPoolView.proposalState(p, proposalId, _validators);
    }

    /// @dev Voting (PROTOCOL.md's state machine) without the validators' calls: created, not executed, before its
    /// end, and not completed early by a reached quorum. The full state is computed only for the error.
    function _requireVoting(uint256 proposalId, Proposal storage p) private view {
        uint256 voteEnd = p.voteEnd;
        uint8 flags = p.flags;
        if (
            voteEnd == 0 ||
            block.timestamp >= voteEnd ||
            flags & EXECUTED != 0 ||
            (flags & QUORUM != 0 && flags & EARLY != 0)
        ) revert GovPoolWrongState(proposalId, _state(proposalId, p));
    }

    function _checkBABT() private view {
        if (!_onlyBABTHolders) return;
        if (ISBT(_babt).balanceOf(msg.sender) > 0) return;
        if (GovPoolView.isBABTExempt(_poolRegistry, msg.sender)) return;
        revert GovPoolNotBABTHolder(msg.sender);
    }

    /// @dev An account the DAO's own token blacklisted keeps no voting power in its deposit (M5).
    /// A token that pushes its blacklist (BLACKLIST_MARKS) is not called: its mark is in the caller's slot.
    function _checkNotBlacklisted() private view {
        uint8 flags = _creationFlags;
        if (flags & GOV_TOKEN == 0) return;
        if (
            flags & BLACKLIST_MARKS != 0
                ? _users[msg.sender].marks & M_BLACKLISTED != 0
                : IBlacklistToken(_powerToken).isBlacklisted(msg.sender)
        ) revert GovPoolBlacklisted(msg.sender);
    }

    function _isGlobalExpert(address user) private view returns (bool) {
        address global = _globalExpertNft;
        return global != address(0) && IExpertNftForPool(global).isExpert(user);
    }

    function _votesLimit() private view returns (uint256) {
        return GovPoolView.votesLimit(_coreProperties);
    }

    /// @dev Ends the call returning `data`, the ABI encoding of the function's outputs made by a library: the
    /// pool holds neither a decoder nor an encoder of those types (contract size).
    function _returnEncoded(bytes memory data) private pure {
        assembly ("memory-safe") {
            return(add(data, 0x20), mload(data))
        }
    }

    function _setCommentSettings(uint256 minRead, uint256 minCreate) private {
        if (minRead > minCreate) revert GovPoolCommentSettingsInvalid();
        _minVotesForReadProposalDiscussion = minRead;
        _minVotesForCreatingComment = minCreate;
        emit CommentSettingsChanged(minRead, minCreate);
    }
}
