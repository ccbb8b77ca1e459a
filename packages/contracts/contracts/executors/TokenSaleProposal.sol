// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {TokenSaleVesting} from "../libs/TokenSaleVesting.sol";

interface ISaleRegistry {
    function getContract(bytes32 name) external view returns (address);
}

interface ISaleCoreProperties {
    function getTokenSaleProposalCommissionPercentage() external view returns (uint256);
}

interface ISaleUserKeeper {
    function personalPower(address user) external view returns (uint256);
}

interface ISaleBalance {
    function balanceOf(address owner) external view returns (uint256);
}

/// @title TokenSaleProposal
/// @notice A DAO's token sales. Tiers are created by proposal (`createTiers`, the DAO's GovPool only): each
/// sells `totalTokenProvided` of a treasury token, escrowed here at creation (pulled from the pool, which
/// approves it in the same proposal), for payment tokens (or the native coin) at fixed rates, between a start
/// and an end time, within a per-buyer minimum and maximum, with an optional vesting part and participation
/// requirements that must all hold. Buyers `buy`, `claim` the non-vesting part after the claim lock and
/// `vestingWithdraw` the vesting part as it unlocks. The DAO turns tiers off (`offTiers`) and `recover`s what
/// a finished tier did not sell — never what buyers are owed. Payments go to the tier's receiver at once, less
/// the protocol's sale commission (`CoreProperties`), paid to the registry's `PROTOCOL_TREASURY` when set.
/// @dev Beacon proxy per DAO (PoolFactory). Amounts are in each token's own decimals; rates have 25
/// decimals and name how many whole sale tokens one whole payment token buys.
contract TokenSaleProposal is Initializable, ReentrancyGuardTransient, IERC721Receiver {
    using SafeERC20 for IERC20;

    uint256 public constant PRECISION = 10 ** 25;
    uint256 public constant PERCENTAGE_100 = 10 ** 27;
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    bytes32 public constant PROTOCOL_TREASURY_NAME = "PROTOCOL_TREASURY";
    bytes32 private constant CORE_PROPERTIES_NAME = "CORE_PROPERTIES";
    bytes32 private constant BABT_NAME = "BABT";
    /// @dev Largest decimals a sale or payment token may have, and largest rate (the arithmetic never overflows).
    uint256 private constant MAX_DECIMALS = 36;
    uint256 private constant MAX_RATE = type(uint128).max;

    enum ParticipationType {
        DAOVotes,
        Whitelist,
        BABT,
        TokenLock,
        NftLock,
        MerkleWhitelist
    }

    enum TierStatus {
        Pending,
        Active,
        Completed,
        NotActual
    }

    /// @notice One participation requirement. `data`: DAOVotes `abi.encode(uint256 minVotes)` (the buyer's
    /// deposited power in the DAO); Whitelist `abi.encode(address[] users)` (more by `addToWhitelist`); BABT
    /// empty; TokenLock `abi.encode(address token, uint256 amount)`; NftLock `abi.encode(address nft, uint256
    /// count)`; MerkleWhitelist `abi.encode(bytes32 root, string uri)` (leaves: OpenZeppelin StandardMerkleTree
    /// of `[address]`). Each kind at most once per tier.
    struct ParticipationInfo {
        ParticipationType participationType;
        bytes data;
    }

    /// @notice `vestingPercentage` (25 decimals) of each purchase vests from the sale's end: nothing before
    /// the cliff, then every `unlockStep` seconds a linear share, all of it after `vestingDuration`.
    struct VestingSettings {
        uint256 vestingPercentage;
        uint64 vestingDuration;
        uint64 cliffPeriod;
        uint64 unlockStep;
    }

    struct TierInitParams {
        string name;
        string description;
        address saleToken;
        uint256 totalTokenProvided;
        uint64 saleStartTime;
        uint64 saleEndTime;
        uint64 claimLockDuration;
        address receiver;
        uint256 minAllocationPerUser;
        uint256 maxAllocationPerUser;
        VestingSettings vestingSettings;
        address[] purchaseTokenAddresses;
        uint256[] exchangeRates;
        ParticipationInfo[] participationDetails;
    }

    struct Requirements {
        uint8 kinds; // bit i: ParticipationType i required
        uint256 minVotes;
        address lockToken;
        uint256 lockAmount;
        address lockNft;
        uint256 lockNftCount;
        bytes32 merkleRoot;
    }

    struct Purchase {
        uint256 bought;
        uint256 claimTotal;
        uint256 claimed;
        uint256 vestingTotal;
        uint256 vestingWithdrawn;
        uint256 lockedTokens;
        uint256[] lockedNfts;
    }

    struct Tier {
        address saleToken;
        uint8 saleDecimals;
        bool isOff;
        bool recovered;
        uint64 saleStartTime;
        uint64 saleEndTime;
        uint64 claimLockDuration;
        address receiver;
        uint256 totalTokenProvided;
        uint256 totalSold;
        uint256 minAllocationPerUser;
        uint256 maxAllocationPerUser;
        VestingSettings vesting;
        address[] purchaseTokens;
        uint256[] rates;
        Requirements requirements;
        mapping(address => uint256) rateOf;
        mapping(address => uint8) decimalsOf;
        mapping(address => bool) whitelisted;
        mapping(address => Purchase) purchases;
    }

    struct TierView {
        uint256 id;
        TierStatus status;
        address saleToken;
        uint8 saleDecimals;
        uint256 totalTokenProvided;
        uint256 totalSold;
        uint64 saleStartTime;
        uint64 saleEndTime;
        uint64 claimLockDuration;
        address receiver;
        uint256 minAllocationPerUser;
        uint256 maxAllocationPerUser;
        VestingSettings vestingSettings;
        address[] purchaseTokenAddresses;
        uint256[] exchangeRates;
        Requirements requirements;
        bool isOff;
        bool recovered;
    }

    struct UserView {
        uint256 tierId;
        bool canParticipate;
        uint256 bought;
        uint256 claimTotal;
        uint256 claimed;
        uint256 claimable;
        uint256 vestingTotal;
        uint256 vestingWithdrawn;
        uint256 vestingWithdrawable;
        uint256 nextUnlockTime;
        uint256 lockedTokens;
        uint256[] lockedNfts;
    }

    address public govPool;
    address public userKeeper;
    address public poolRegistry;
    uint256 public latestTierId;
    mapping(uint256 => Tier) private _tiers;

    error TokenSaleNotGovPool(address caller);
    error TokenSaleTierNotFound(uint256 tierId);
    error TokenSaleDuplicateTierId(uint256 tierId);
    error TokenSaleInvalidTier(uint256 index, string reason);
    error TokenSaleUnsupportedDecimals(address token, uint256 decimals);
    error TokenSaleTierUnfunded(uint256 tierId, uint256 required, uint256 available);
    error TokenSaleTransferMismatch(address token, uint256 expected, uint256 received);
    error TokenSaleTierNotActive(uint256 tierId, TierStatus status);
    error TokenSaleUnknownPaymentToken(uint256 tierId, address token);
    error TokenSaleWrongValue(uint256 expected, uint256 sent);
    error TokenSaleZeroPurchase(uint256 tierId, uint256 paid);
    error TokenSaleSoldOut(uint256 tierId, uint256 available, uint256 requested);
    error TokenSaleAllocationExceeded(uint256 tierId, uint256 allocation, uint256 maxAllocation);
    error TokenSaleBelowMinAllocation(uint256 tierId, uint256 allocation, uint256 minAllocation);
    error TokenSaleCannotParticipate(uint256 tierId, address user, ParticipationType requirement);
    error TokenSaleClaimLocked(uint256 tierId, uint256 claimableFrom);
    error TokenSaleNothingToClaim();
    error TokenSaleNothingToWithdraw();
    error TokenSaleTierNotFinished(uint256 tierId);
    error TokenSaleAlreadyRecovered(uint256 tierId);
    error TokenSaleTierAlreadyOff(uint256 tierId);
    error TokenSaleNoRequirement(uint256 tierId, ParticipationType requirement);
    error TokenSaleNativeTransferFailed(address to, uint256 amount);

    event TierCreated(uint256 indexed tierId, address indexed saleToken, TierInitParams params);
    event Bought(
        uint256 indexed tierId,
        address indexed buyer,
        address paymentToken,
        uint256 paid,
        uint256 commission,
        uint256 bought,
        uint256 vestingAmount
    );
    event Claimed(uint256 indexed tierId, address indexed user, uint256 amount);
    event VestingWithdrawn(uint256 indexed tierId, address indexed user, uint256 amount);
    event TierOff(uint256 indexed tierId);
    event TierRecovered(uint256 indexed tierId, uint256 amount);
    event Whitelisted(uint256 indexed tierId, address[] users);
    event MerkleRootSet(uint256 indexed tierId, bytes32 root, string uri);
    event ParticipationLocked(uint256 indexed tierId, address indexed user, uint256 tokens, uint256[] nftIds);
    event ParticipationUnlocked(uint256 indexed tierId, address indexed user, uint256 tokens, uint256[] nftIds);

    modifier onlyGovPool() {
        if (msg.sender != govPool) revert TokenSaleNotGovPool(msg.sender);
        _;
    }

    constructor() {
        _disableInitializers();
    }

    /// @notice Binds the executor to its DAO. Called once by the PoolFactory.
    function initialize(address govPool_, address userKeeper_, address poolRegistry_) external initializer {
        govPool = govPool_;
        userKeeper = userKeeper_;
        poolRegistry = poolRegistry_;
    }

    // ─────────────────────────── the DAO (proposals) ───────────────────────────

    /// @notice Creates tiers with ids `latestTierId + 1, …` and escrows each tier's tokens from the pool
    /// (which must hold and approve them: `TokenSaleTierUnfunded` otherwise). GovPool only.
    function createTiers(TierInitParams[] calldata tiers) external onlyGovPool nonReentrant {
        for (uint256 i; i < tiers.length; ++i) _createTier(i, tiers[i]);
    }

    /// @notice Stops sales in tiers (status "not actual"); buyers keep what they bought. GovPool only.
    function offTiers(uint256[] calldata tierIds) external onlyGovPool {
        for (uint256 i; i < tierIds.length; ++i) {
            Tier storage t = _tier(tierIds[i]);
            if (t.isOff) revert TokenSaleTierAlreadyOff(tierIds[i]);
            t.isOff = true;
            emit TierOff(tierIds[i]);
        }
    }

    /// @notice Sends the pool the tokens finished tiers (ended or off) did not sell; what buyers bought stays
    /// here for their claims. GovPool only.
    function recover(uint256[] calldata tierIds) external onlyGovPool nonReentrant {
        _checkUnique(tierIds);
        for (uint256 i; i < tierIds.length; ++i) {
            uint256 id = tierIds[i];
            Tier storage t = _tier(id);
            if (!t.isOff && block.timestamp <= t.saleEndTime) revert TokenSaleTierNotFinished(id);
            if (t.recovered) revert TokenSaleAlreadyRecovered(id);
            t.recovered = true;
            uint256 amount = t.totalTokenProvided - t.totalSold;
            emit TierRecovered(id, amount);
            if (amount > 0) IERC20(t.saleToken).safeTransfer(govPool, amount);
        }
    }

    /// @notice Adds `users` to a tier's whitelist (a tier with the Whitelist requirement). GovPool only.
    function addToWhitelist(uint256 tierId, address[] calldata users) external onlyGovPool {
        Tier storage t = _tier(tierId);
        _requireKind(tierId, t, ParticipationType.Whitelist);
        _whitelist(tierId, t, users);
    }

    /// @notice Replaces a tier's Merkle whitelist root (and where its list is published). GovPool only.
    function setMerkleRoot(uint256 tierId, bytes32 root, string calldata uri) external onlyGovPool {
        Tier storage t = _tier(tierId);
        _requireKind(tierId, t, ParticipationType.MerkleWhitelist);
        t.requirements.merkleRoot = root;
        emit MerkleRootSet(tierId, root, uri);
    }

    // ─────────────────────────────── buyers ───────────────────────────────

    /// @notice Buys tier `tierId`'s tokens with `amount` of `paymentToken` (`NATIVE` for the coin: `msg.value`
    /// at least `amount`, the rest refunded). Counts what arrived; reverts when it buys nothing, exceeds the
    /// buyer's maximum or the tier's remainder, or a requirement fails (`proof` for a Merkle whitelist).
    function buy(
        uint256 tierId,
        address paymentToken,
        uint256 amount,
        bytes32[] calldata proof
    ) external payable nonReentrant returns (uint256 bought) {
        Tier storage t = _tier(tierId);
        TierStatus status = _status(t);
        if (status != TierStatus.Active) revert TokenSaleTierNotActive(tierId, status);
        uint256 rate = t.rateOf[paymentToken];
        if (rate == 0) revert TokenSaleUnknownPaymentToken(tierId, paymentToken);
        _checkParticipation(tierId, t, msg.sender, proof, true);

        uint256 received = _receivePayment(paymentToken, amount);
        bought = _saleAmount(rate, received, t.decimalsOf[paymentToken], t.saleDecimals);
        if (bought == 0) revert TokenSaleZeroPurchase(tierId, received);
        uint256 vestingAmount = _record(tierId, t, bought);

        (address treasury, uint256 commission) = _commission(received);
        emit Bought(tierId, msg.sender, paymentToken, received, commission, bought, vestingAmount);

        _send(paymentToken, t.receiver, received - commission);
        if (commission > 0) _send(paymentToken, treasury, commission);
        if (paymentToken == NATIVE && msg.value > amount) _send(NATIVE, msg.sender, msg.value - amount);
    }

    /// @notice Sends the caller the non-vesting part of their purchases in `tierIds` once each claim lock
    /// (from the sale's end) has passed.
    function claim(uint256[] calldata tierIds) external nonReentrant {
        _checkUnique(tierIds);
        uint256 paid;
        for (uint256 i; i < tierIds.length; ++i) {
            uint256 id = tierIds[i];
            Tier storage t = _tier(id);
            uint256 from = uint256(t.saleEndTime) + t.claimLockDuration;
            if (block.timestamp < from) revert TokenSaleClaimLocked(id, from);
            Purchase storage p = t.purchases[msg.sender];
            uint256 amount = p.claimTotal - p.claimed;
            if (amount == 0) continue;
            p.claimed = p.claimTotal;
            paid += amount;
            emit Claimed(id, msg.sender, amount);
            IERC20(t.saleToken).safeTransfer(msg.sender, amount);
        }
        if (paid == 0) revert TokenSaleNothingToClaim();
    }

    /// @notice Sends the caller the vesting part of their purchases in `tierIds` unlocked so far.
    function vestingWithdraw(uint256[] calldata tierIds) external nonReentrant {
        _checkUnique(tierIds);
        uint256 paid;
        for (uint256 i; i < tierIds.length; ++i) {
            uint256 id = tierIds[i];
            Tier storage t = _tier(id);
            Purchase storage p = t.purchases[msg.sender];
            uint256 amount = _vested(t, p.vestingTotal, block.timestamp) - p.vestingWithdrawn;
            if (amount == 0) continue;
            p.vestingWithdrawn += amount;
            paid += amount;
            emit VestingWithdrawn(id, msg.sender, amount);
            IERC20(t.saleToken).safeTransfer(msg.sender, amount);
        }
        if (paid == 0) revert TokenSaleNothingToWithdraw();
    }

    /// @notice Locks the tier's TokenLock requirement token (`amount` more) and/or NFTs of its NftLock
    /// collection; they come back with `unlockParticipation` once the tier ended or is off.
    function lockParticipation(uint256 tierId, uint256 amount, uint256[] calldata nftIds) external nonReentrant {
        Tier storage t = _tier(tierId);
        Purchase storage p = t.purchases[msg.sender];
        Requirements storage r = t.requirements;
        if (amount > 0) {
            _requireKind(tierId, t, ParticipationType.TokenLock);
            uint256 before = IERC20(r.lockToken).balanceOf(address(this));
            IERC20(r.lockToken).safeTransferFrom(msg.sender, address(this), amount);
            uint256 received = IERC20(r.lockToken).balanceOf(address(this)) - before;
            if (received != amount) revert TokenSaleTransferMismatch(r.lockToken, amount, received);
            p.lockedTokens += amount;
        }
        if (nftIds.length > 0) _requireKind(tierId, t, ParticipationType.NftLock);
        for (uint256 i; i < nftIds.length; ++i) {
            p.lockedNfts.push(nftIds[i]);
            IERC721(r.lockNft).transferFrom(msg.sender, address(this), nftIds[i]);
        }
        emit ParticipationLocked(tierId, msg.sender, amount, nftIds);
    }

    /// @notice Returns the caller's locked participation tokens and NFTs of a tier that ended or is off.
    function unlockParticipation(uint256 tierId) external nonReentrant {
        Tier storage t = _tier(tierId);
        if (!t.isOff && block.timestamp <= t.saleEndTime) revert TokenSaleTierNotFinished(tierId);
        Purchase storage p = t.purchases[msg.sender];
        uint256 tokens = p.lockedTokens;
        uint256[] memory nfts = p.lockedNfts;
        p.lockedTokens = 0;
        delete p.lockedNfts;
        emit ParticipationUnlocked(tierId, msg.sender, tokens, nfts);
        Requirements storage r = t.requirements;
        if (tokens > 0) IERC20(r.lockToken).safeTransfer(msg.sender, tokens);
        for (uint256 i; i < nfts.length; ++i) IERC721(r.lockNft).transferFrom(address(this), msg.sender, nfts[i]);
    }

    // ──────────────────────────────── views ────────────────────────────────

    /// @notice Tiers `offset + 1 … offset + limit` (those that exist).
    function getTierViews(uint256 offset, uint256 limit) external view returns (TierView[] memory views) {
        uint256 total = latestTierId;
        uint256 to = offset + limit > total ? total : offset + limit;
        if (offset >= to) return views;
        views = new TierView[](to - offset);
        for (uint256 i; i < views.length; ++i) {
            uint256 id = offset + 1 + i;
            Tier storage t = _tiers[id];
            views[i] = TierView({
                id: id,
                status: _status(t),
                saleToken: t.saleToken,
                saleDecimals: t.saleDecimals,
                totalTokenProvided: t.totalTokenProvided,
                totalSold: t.totalSold,
                saleStartTime: t.saleStartTime,
                saleEndTime: t.saleEndTime,
                claimLockDuration: t.claimLockDuration,
                receiver: t.receiver,
                minAllocationPerUser: t.minAllocationPerUser,
                maxAllocationPerUser: t.maxAllocationPerUser,
                vestingSettings: t.vesting,
                purchaseTokenAddresses: t.purchaseTokens,
                exchangeRates: t.rates,
                requirements: t.requirements,
                isOff: t.isOff,
                recovered: t.recovered
            });
        }
    }

    /// @notice `user`'s position in each tier of `tierIds`; `proofs[i]` is checked for a Merkle whitelist
    /// (pass empty arrays otherwise).
    function getUserViews(
        address user,
        uint256[] calldata tierIds,
        bytes32[][] calldata proofs
    ) external view returns (UserView[] memory views) {
        views = new UserView[](tierIds.length);
        for (uint256 i; i < tierIds.length; ++i) {
            views[i] = _userView(tierIds[i], user, i < proofs.length ? proofs[i] : new bytes32[](0));
        }
    }

    /// @notice Status of one tier: pending, active, completed (ended or sold out), not actual (off).
    function getTierStatus(uint256 tierId) external view returns (TierStatus) {
        return _status(_tier(tierId));
    }

    /// @notice Sale tokens `amount` of `paymentToken` buys in tier `tierId` now (before any transfer fee).
    function getSaleTokenAmount(uint256 tierId, address paymentToken, uint256 amount) external view returns (uint256) {
        Tier storage t = _tier(tierId);
        uint256 rate = t.rateOf[paymentToken];
        if (rate == 0) revert TokenSaleUnknownPaymentToken(tierId, paymentToken);
        return _saleAmount(rate, amount, t.decimalsOf[paymentToken], t.saleDecimals);
    }

    /// @notice Whether `user` is on tier `tierId`'s (non-Merkle) whitelist.
    function isWhitelisted(uint256 tierId, address user) external view returns (bool) {
        return _tier(tierId).whitelisted[user];
    }

    /// @notice The vesting schedule: how much of `total` has unlocked at `timestamp`.
    function vestedAmount(
        uint256 total,
        uint256 start,
        VestingSettings calldata v,
        uint256 timestamp
    ) external pure returns (uint256) {
        return
            TokenSaleVesting.vested(
                total,
                TokenSaleVesting.Schedule(start, v.cliffPeriod, v.vestingDuration, v.unlockStep),
                timestamp
            );
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    // ─────────────────────────────── internals ───────────────────────────────

    /// @dev What arrived of the payment (the native coin: `amount`, the excess of `msg.value` refunded later).
    function _receivePayment(address paymentToken, uint256 amount) private returns (uint256 received) {
        if (paymentToken == NATIVE) {
            if (msg.value < amount) revert TokenSaleWrongValue(amount, msg.value);
            return amount;
        }
        if (msg.value != 0) revert TokenSaleWrongValue(0, msg.value);
        uint256 before = IERC20(paymentToken).balanceOf(address(this));
        IERC20(paymentToken).safeTransferFrom(msg.sender, address(this), amount);
        received = IERC20(paymentToken).balanceOf(address(this)) - before;
    }

    /// @dev Books `bought` for the caller within the tier's remainder and the buyer's allocation limits.
    function _record(uint256 tierId, Tier storage t, uint256 bought) private returns (uint256 vestingAmount) {
        uint256 available = t.totalTokenProvided - t.totalSold;
        if (bought > available) revert TokenSaleSoldOut(tierId, available, bought);
        Purchase storage p = t.purchases[msg.sender];
        uint256 allocation = p.bought + bought;
        if (allocation > t.maxAllocationPerUser) {
            revert TokenSaleAllocationExceeded(tierId, allocation, t.maxAllocationPerUser);
        }
        if (allocation < t.minAllocationPerUser) {
            revert TokenSaleBelowMinAllocation(tierId, allocation, t.minAllocationPerUser);
        }
        vestingAmount = Math.mulDiv(bought, t.vesting.vestingPercentage, PERCENTAGE_100);
        t.totalSold += bought;
        p.bought = allocation;
        p.vestingTotal += vestingAmount;
        p.claimTotal += bought - vestingAmount;
    }

    function _userView(uint256 id, address user, bytes32[] memory proof) private view returns (UserView memory v) {
        Tier storage t = _tier(id);
        Purchase storage p = t.purchases[user];
        v.tierId = id;
        v.canParticipate = _checkParticipation(id, t, user, proof, false);
        v.bought = p.bought;
        v.claimTotal = p.claimTotal;
        v.claimed = p.claimed;
        if (block.timestamp >= uint256(t.saleEndTime) + t.claimLockDuration) v.claimable = p.claimTotal - p.claimed;
        v.vestingTotal = p.vestingTotal;
        v.vestingWithdrawn = p.vestingWithdrawn;
        v.vestingWithdrawable = _vested(t, p.vestingTotal, block.timestamp) - p.vestingWithdrawn;
        v.nextUnlockTime = _nextUnlock(t, p.vestingTotal);
        v.lockedTokens = p.lockedTokens;
        v.lockedNfts = p.lockedNfts;
    }

    function _createTier(uint256 index, TierInitParams calldata p) private {
        _validateTier(index, p);
        uint256 id = ++latestTierId;
        Tier storage t = _tiers[id];
        t.saleToken = p.saleToken;
        t.saleDecimals = _decimals(p.saleToken);
        t.saleStartTime = p.saleStartTime;
        t.saleEndTime = p.saleEndTime;
        t.claimLockDuration = p.claimLockDuration;
        t.receiver = p.receiver == address(0) ? govPool : p.receiver;
        t.totalTokenProvided = p.totalTokenProvided;
        t.minAllocationPerUser = p.minAllocationPerUser;
        t.maxAllocationPerUser = p.maxAllocationPerUser;
        t.vesting = p.vestingSettings;
        for (uint256 i; i < p.purchaseTokenAddresses.length; ++i) {
            address token = p.purchaseTokenAddresses[i];
            if (t.rateOf[token] != 0) revert TokenSaleInvalidTier(index, "duplicate payment token");
            t.rateOf[token] = p.exchangeRates[i];
            t.decimalsOf[token] = token == NATIVE ? 18 : _decimals(token);
        }
        t.purchaseTokens = p.purchaseTokenAddresses;
        t.rates = p.exchangeRates;
        _setRequirements(index, id, t, p.participationDetails);

        emit TierCreated(id, p.saleToken, p);

        address pool = govPool;
        uint256 available = IERC20(p.saleToken).balanceOf(pool);
        if (available < p.totalTokenProvided) revert TokenSaleTierUnfunded(id, p.totalTokenProvided, available);
        uint256 before = IERC20(p.saleToken).balanceOf(address(this));
        IERC20(p.saleToken).safeTransferFrom(pool, address(this), p.totalTokenProvided);
        uint256 received = IERC20(p.saleToken).balanceOf(address(this)) - before;
        if (received != p.totalTokenProvided) {
            revert TokenSaleTransferMismatch(p.saleToken, p.totalTokenProvided, received);
        }
    }

    function _validateTier(uint256 index, TierInitParams calldata p) private view {
        if (p.saleToken == address(0) || p.saleToken == NATIVE) revert TokenSaleInvalidTier(index, "sale token");
        if (p.totalTokenProvided == 0) revert TokenSaleInvalidTier(index, "amount");
        if (p.saleEndTime <= p.saleStartTime || p.saleEndTime <= block.timestamp) {
            revert TokenSaleInvalidTier(index, "times");
        }
        if (
            p.maxAllocationPerUser == 0 ||
            p.minAllocationPerUser > p.maxAllocationPerUser ||
            p.maxAllocationPerUser > p.totalTokenProvided
        ) revert TokenSaleInvalidTier(index, "allocation");
        VestingSettings calldata v = p.vestingSettings;
        if (
            v.vestingPercentage > PERCENTAGE_100 ||
            (v.vestingPercentage > 0 &&
                (v.vestingDuration == 0 ||
                    v.unlockStep == 0 ||
                    v.unlockStep > v.vestingDuration ||
                    v.cliffPeriod > v.vestingDuration))
        ) revert TokenSaleInvalidTier(index, "vesting");
        uint256 n = p.purchaseTokenAddresses.length;
        if (n == 0 || n != p.exchangeRates.length) revert TokenSaleInvalidTier(index, "rates");
        for (uint256 i; i < n; ++i) {
            if (p.purchaseTokenAddresses[i] == address(0) || p.exchangeRates[i] == 0 || p.exchangeRates[i] > MAX_RATE) {
                revert TokenSaleInvalidTier(index, "rates");
            }
        }
    }

    function _setRequirements(
        uint256 index,
        uint256 id,
        Tier storage t,
        ParticipationInfo[] calldata details
    ) private {
        Requirements storage r = t.requirements;
        for (uint256 i; i < details.length; ++i) {
            ParticipationType kind = details[i].participationType;
            uint8 bit = uint8(1 << uint8(kind));
            if (r.kinds & bit != 0) revert TokenSaleInvalidTier(index, "duplicate requirement");
            r.kinds |= bit;
            bytes calldata data = details[i].data;
            if (kind == ParticipationType.DAOVotes) {
                r.minVotes = abi.decode(data, (uint256));
            } else if (kind == ParticipationType.Whitelist) {
                if (data.length > 0) _whitelist(id, t, abi.decode(data, (address[])));
            } else if (kind == ParticipationType.TokenLock) {
                (r.lockToken, r.lockAmount) = abi.decode(data, (address, uint256));
                if (r.lockToken == address(0) || r.lockToken == NATIVE || r.lockAmount == 0) {
                    revert TokenSaleInvalidTier(index, "token lock");
                }
            } else if (kind == ParticipationType.NftLock) {
                (r.lockNft, r.lockNftCount) = abi.decode(data, (address, uint256));
                if (r.lockNft == address(0) || r.lockNftCount == 0) revert TokenSaleInvalidTier(index, "nft lock");
            } else if (kind == ParticipationType.MerkleWhitelist) {
                (bytes32 root, string memory uri) = abi.decode(data, (bytes32, string));
                r.merkleRoot = root;
                emit MerkleRootSet(id, root, uri);
            }
        }
    }

    function _whitelist(uint256 id, Tier storage t, address[] memory users) private {
        for (uint256 i; i < users.length; ++i) t.whitelisted[users[i]] = true;
        emit Whitelisted(id, users);
    }

    /// @dev Every requirement of the tier must hold; with `strict` the first failing one reverts.
    function _checkParticipation(
        uint256 id,
        Tier storage t,
        address user,
        bytes32[] memory proof,
        bool strict
    ) private view returns (bool) {
        Requirements storage r = t.requirements;
        uint8 kinds = r.kinds;
        if (kinds == 0) return true;
        Purchase storage p = t.purchases[user];
        for (uint8 k; k <= uint8(ParticipationType.MerkleWhitelist); ++k) {
            if (kinds & (1 << k) == 0) continue;
            ParticipationType kind = ParticipationType(k);
            bool ok;
            if (kind == ParticipationType.DAOVotes) {
                ok = ISaleUserKeeper(userKeeper).personalPower(user) >= r.minVotes;
            } else if (kind == ParticipationType.Whitelist) {
                ok = t.whitelisted[user];
            } else if (kind == ParticipationType.BABT) {
                address babt = ISaleRegistry(poolRegistry).getContract(BABT_NAME);
                ok = babt != address(0) && ISaleBalance(babt).balanceOf(user) > 0;
            } else if (kind == ParticipationType.TokenLock) {
                ok = p.lockedTokens >= r.lockAmount;
            } else if (kind == ParticipationType.NftLock) {
                ok = p.lockedNfts.length >= r.lockNftCount;
            } else {
                ok = MerkleProof.verify(proof, r.merkleRoot, keccak256(bytes.concat(keccak256(abi.encode(user)))));
            }
            if (!ok) {
                if (strict) revert TokenSaleCannotParticipate(id, user, kind);
                return false;
            }
        }
        return true;
    }

    function _requireKind(uint256 id, Tier storage t, ParticipationType kind) private view {
        if (t.requirements.kinds & (1 << uint8(kind)) == 0) revert TokenSaleNoRequirement(id, kind);
    }

    /// @dev Sale tokens (their decimals) `paid` (the payment token's decimals) buys at `rate` (25 decimals,
    /// whole sale tokens per whole payment token), rounded down.
    function _saleAmount(uint256 rate, uint256 paid, uint8 payDecimals, uint8 saleDecimals) private pure returns (uint256) {
        return Math.mulDiv(paid, rate * 10 ** saleDecimals, 10 ** (uint256(payDecimals) + 25));
    }

    function _vested(Tier storage t, uint256 total, uint256 timestamp) private view returns (uint256) {
        if (total == 0) return 0;
        return TokenSaleVesting.vested(total, _schedule(t), timestamp);
    }

    function _nextUnlock(Tier storage t, uint256 total) private view returns (uint256) {
        if (total == 0) return 0;
        return TokenSaleVesting.nextUnlock(_schedule(t), block.timestamp);
    }

    /// @dev The vesting schedule of the tier's purchases, which starts at the sale's end.
    function _schedule(Tier storage t) private view returns (TokenSaleVesting.Schedule memory) {
        VestingSettings storage v = t.vesting;
        return TokenSaleVesting.Schedule(t.saleEndTime, v.cliffPeriod, v.vestingDuration, v.unlockStep);
    }

    function _status(Tier storage t) private view returns (TierStatus) {
        if (t.isOff) return TierStatus.NotActual;
        if (block.timestamp < t.saleStartTime) return TierStatus.Pending;
        if (block.timestamp > t.saleEndTime || t.totalSold == t.totalTokenProvided) return TierStatus.Completed;
        return TierStatus.Active;
    }

    function _tier(uint256 id) private view returns (Tier storage t) {
        if (id == 0 || id > latestTierId) revert TokenSaleTierNotFound(id);
        return _tiers[id];
    }

    /// @dev A tier id may appear once per call (no duplicate-id payouts).
    function _checkUnique(uint256[] calldata ids) private pure {
        for (uint256 i = 1; i < ids.length; ++i) {
            for (uint256 j; j < i; ++j) if (ids[i] == ids[j]) revert TokenSaleDuplicateTierId(ids[i]);
        }
    }

    function _commission(uint256 paid) private view returns (address treasury, uint256 commission) {
        ISaleRegistry registry = ISaleRegistry(poolRegistry);
        treasury = registry.getContract(PROTOCOL_TREASURY_NAME);
        if (treasury == address(0)) return (address(0), 0);
        uint256 pct = ISaleCoreProperties(registry.getContract(CORE_PROPERTIES_NAME))
            .getTokenSaleProposalCommissionPercentage();
        commission = Math.mulDiv(paid, pct, PERCENTAGE_100);
    }

    function _decimals(address token) private view returns (uint8 d) {
        d = IERC20Metadata(token).decimals();
        if (d > MAX_DECIMALS) revert TokenSaleUnsupportedDecimals(token, d);
    }

    function _send(address token, address to, uint256 amount) private {
        if (amount == 0) return;
        if (token == NATIVE) {
            (bool ok, ) = payable(to).call{value: amount}("");
            if (!ok) revert TokenSaleNativeTransferFailed(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
