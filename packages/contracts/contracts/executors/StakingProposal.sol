// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title StakingProposal
/// @notice A DAO's staking. The DAO enables it by proposal (`enableStaking`), then creates tiers by proposal
/// (`createTier`, at most 10 active at once): each tier pays `rewardAmount` of a reward token, escrowed here
/// from the treasury at creation, linearly over its period [startTime, endTime) to the holders of its stake
/// token, pro rata to what each has staked. Members `stake`, `unstake` (any time, the stake back in full) and
/// `claim` what accrued. Seconds of the period when nothing was staked pay nobody: the DAO `recover`s that part
/// once the tier ended.
/// @dev Beacon proxy per DAO (PoolFactory), governed by the DAO's default settings slot. Reward-per-token
/// accounting: a tier's rewards accrue as `allocated = rewardAmount × stakedSeconds / duration` (rounded down,
/// cumulative, so the sum of the increments never exceeds `rewardAmount`), each increment spread over the total
/// stake at that moment (`rewardPerToken`, 36 decimals, rounded down) and each position's share read through it
/// (rounded down): the rewards paid never exceed the funding. Amounts are in each token's own decimals; both
/// the stake and the funding count what arrived (fee-on-transfer tokens).
contract StakingProposal is Initializable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 public constant MAX_ACTIVE_TIERS = 10;
    uint256 private constant SCALE = 1e36;

    struct TierInitParams {
        /// @dev IPFS link of the tier's name and description.
        string metadataURL;
        address stakeToken;
        address rewardToken;
        uint256 rewardAmount;
        uint64 startTime;
        uint64 endTime;
    }

    /// @dev Packing: stakeToken + startTime (slot 1), rewardToken + endTime (2), lastUpdate + recovered (3).
    struct Tier {
        address stakeToken;
        uint64 startTime;
        address rewardToken;
        uint64 endTime;
        uint64 lastUpdate;
        bool recovered;
        uint256 rewardAmount;
        uint256 stakedSeconds;
        uint256 allocated;
        uint256 totalStaked;
        uint256 rewardPerToken;
        uint256 claimed;
        string metadataURL;
    }

    struct Position {
        uint256 staked;
        uint256 rewardPerTokenPaid;
        uint256 pending;
    }

    struct TierView {
        uint256 id;
        string metadataURL;
        address stakeToken;
        address rewardToken;
        uint256 rewardAmount;
        uint64 startTime;
        uint64 endTime;
        uint256 totalStaked;
        uint256 allocated;
        uint256 claimed;
        bool isActive;
        bool recovered;
    }

    struct UserView {
        uint256 tierId;
        uint256 staked;
        uint256 claimable;
    }

    address public govPool;
    bool public isEnabled;
    uint256 public latestTierId;
    mapping(uint256 => Tier) private _tiers;
    mapping(uint256 => mapping(address => Position)) private _positions;
    /// @dev Tiers not known to have ended; pruned when a tier is created, so it never holds more than 10.
    uint256[] private _activeTierIds;

    error StakingNotGovPool(address caller);
    error StakingNotEnabled();
    error StakingAlreadyEnabled();
    error StakingTooManyActiveTiers(uint256 max);
    error StakingInvalidTier(string reason);
    error StakingTierNotFound(uint256 tierId);
    error StakingTierEnded(uint256 tierId);
    error StakingTierNotEnded(uint256 tierId);
    error StakingAlreadyRecovered(uint256 tierId);
    error StakingZeroAmount();
    error StakingInsufficientStake(uint256 tierId, uint256 staked, uint256 requested);
    error StakingNothingToClaim(uint256 tierId);

    event StakingEnabled();
    event TierCreated(
        uint256 indexed tierId,
        address indexed stakeToken,
        address indexed rewardToken,
        uint256 rewardAmount,
        uint64 startTime,
        uint64 endTime,
        string metadataURL
    );
    event Staked(uint256 indexed tierId, address indexed user, uint256 amount);
    event Unstaked(uint256 indexed tierId, address indexed user, uint256 amount);
    event RewardClaimed(uint256 indexed tierId, address indexed user, uint256 amount);
    event TierRecovered(uint256 indexed tierId, uint256 amount);

    modifier onlyGovPool() {
        if (msg.sender != govPool) revert StakingNotGovPool(msg.sender);
        _;
    }

    constructor() {
        _disableInitializers();
    }

    /// @notice Binds the executor to its DAO. Called once by the PoolFactory.
    function initialize(address govPool_) external initializer {
        govPool = govPool_;
    }

    // ─────────────────────────────── the DAO ───────────────────────────────

    /// @notice Turns staking on for the DAO (tiers may be created from then on). GovPool only, once.
    function enableStaking() external onlyGovPool {
        if (isEnabled) revert StakingAlreadyEnabled();
        isEnabled = true;
        emit StakingEnabled();
    }

    /// @notice Creates a tier paying `rewardAmount` of `rewardToken` over [startTime, endTime) to the stakers of
    /// `stakeToken`, pulling the reward from the pool (which approves it in the same proposal). The tier is
    /// funded with what arrived. GovPool only.
    function createTier(TierInitParams calldata p) external onlyGovPool nonReentrant returns (uint256 tierId) {
        if (!isEnabled) revert StakingNotEnabled();
        if (p.stakeToken == address(0) || p.rewardToken == address(0)) revert StakingInvalidTier("token");
        if (p.rewardAmount == 0) revert StakingInvalidTier("reward");
        if (p.endTime <= p.startTime || p.endTime <= block.timestamp) revert StakingInvalidTier("period");
        _pruneEnded();
        if (_activeTierIds.length >= MAX_ACTIVE_TIERS) revert StakingTooManyActiveTiers(MAX_ACTIVE_TIERS);

        IERC20 reward = IERC20(p.rewardToken);
        uint256 before = reward.balanceOf(address(this));
        reward.safeTransferFrom(msg.sender, address(this), p.rewardAmount);
        uint256 received = reward.balanceOf(address(this)) - before;
        if (received == 0) revert StakingInvalidTier("reward");

        tierId = ++latestTierId;
        Tier storage t = _tiers[tierId];
        t.stakeToken = p.stakeToken;
        t.rewardToken = p.rewardToken;
        t.startTime = p.startTime;
        t.endTime = p.endTime;
        t.lastUpdate = p.startTime;
        t.rewardAmount = received;
        t.metadataURL = p.metadataURL;
        _activeTierIds.push(tierId);
        emit TierCreated(tierId, p.stakeToken, p.rewardToken, received, p.startTime, p.endTime, p.metadataURL);
    }

    /// @notice Sends the pool the rewards of ended tiers that accrued to nobody (seconds with nothing staked).
    /// GovPool only, once per tier.
    function recover(uint256[] calldata tierIds) external onlyGovPool nonReentrant {
        for (uint256 i; i < tierIds.length; ++i) {
            uint256 id = tierIds[i];
            Tier storage t = _tier(id);
            if (block.timestamp < t.endTime) revert StakingTierNotEnded(id);
            if (t.recovered) revert StakingAlreadyRecovered(id);
            _update(t);
            t.recovered = true;
            uint256 amount = t.rewardAmount - t.allocated;
            emit TierRecovered(id, amount);
            if (amount > 0) IERC20(t.rewardToken).safeTransfer(govPool, amount);
        }
    }

    // ─────────────────────────────── members ───────────────────────────────

    /// @notice Stakes `amount` of tier `tierId`'s stake token (approved to this contract) until the tier ends.
    /// Credits what arrived. Returns the amount credited.
    function stake(uint256 tierId, uint256 amount) external nonReentrant returns (uint256 received) {
        Tier storage t = _tier(tierId);
        if (block.timestamp >= t.endTime) revert StakingTierEnded(tierId);
        if (amount == 0) revert StakingZeroAmount();
        Position storage pos = _settle(t, tierId, msg.sender);
        // nonReentrant matters here: a token calling back into `stake` between the two balance reads would
        // have its inner transfer counted twice.
        IERC20 token = IERC20(t.stakeToken);
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), amount);
        received = token.balanceOf(address(this)) - before;
        if (received == 0) revert StakingZeroAmount();
        pos.staked += received;
        t.totalStaked += received;
        emit Staked(tierId, msg.sender, received);
    }

    /// @notice Takes back `amount` of the caller's stake in tier `tierId` (any time); accrued rewards stay
    /// claimable.
    function unstake(uint256 tierId, uint256 amount) external nonReentrant {
        Tier storage t = _tier(tierId);
        if (amount == 0) revert StakingZeroAmount();
        Position storage pos = _settle(t, tierId, msg.sender);
        if (pos.staked < amount) revert StakingInsufficientStake(tierId, pos.staked, amount);
        // checked above: neither subtraction underflows (totalStaked is the sum of the positions)
        unchecked {
            pos.staked -= amount;
            t.totalStaked -= amount;
        }
        emit Unstaked(tierId, msg.sender, amount);
        IERC20(t.stakeToken).safeTransfer(msg.sender, amount);
    }

    /// @notice Pays the caller the rewards accrued in each of `tierIds`.
    function claim(uint256[] calldata tierIds) external nonReentrant {
        for (uint256 i; i < tierIds.length; ++i) {
            uint256 id = tierIds[i];
            Tier storage t = _tier(id);
            Position storage pos = _settle(t, id, msg.sender);
            uint256 reward = pos.pending;
            if (reward == 0) revert StakingNothingToClaim(id);
            pos.pending = 0;
            t.claimed += reward;
            emit RewardClaimed(id, msg.sender, reward);
            IERC20(t.rewardToken).safeTransfer(msg.sender, reward);
        }
    }

    // ─────────────────────────────── views ───────────────────────────────

    /// @notice Tiers `offset + 1 …` (at most `limit`), oldest first.
    function getTierViews(uint256 offset, uint256 limit) external view returns (TierView[] memory views) {
        uint256 total = latestTierId;
        uint256 n = offset >= total ? 0 : Math.min(limit, total - offset);
        views = new TierView[](n);
        for (uint256 i; i < n; ++i) {
            uint256 id = offset + i + 1;
            Tier storage t = _tiers[id];
            (uint256 allocated, ) = _accrued(t);
            views[i] = TierView({
                id: id,
                metadataURL: t.metadataURL,
                stakeToken: t.stakeToken,
                rewardToken: t.rewardToken,
                rewardAmount: t.rewardAmount,
                startTime: t.startTime,
                endTime: t.endTime,
                totalStaked: t.totalStaked,
                allocated: allocated,
                claimed: t.claimed,
                isActive: block.timestamp < t.endTime,
                recovered: t.recovered
            });
        }
    }

    /// @notice `user`'s stake and claimable rewards in each of `tierIds`.
    function getUserViews(address user, uint256[] calldata tierIds) external view returns (UserView[] memory views) {
        views = new UserView[](tierIds.length);
        for (uint256 i; i < tierIds.length; ++i) {
            uint256 id = tierIds[i];
            Tier storage t = _tiers[id];
            Position storage pos = _positions[id][user];
            (, uint256 rpt) = _accrued(t);
            views[i] = UserView({tierId: id, staked: pos.staked, claimable: _earned(pos, rpt)});
        }
    }

    /// @notice Ids of the tiers that have not ended.
    function getActiveTierIds() external view returns (uint256[] memory ids) {
        uint256 n;
        ids = new uint256[](_activeTierIds.length);
        for (uint256 i; i < _activeTierIds.length; ++i) {
            uint256 id = _activeTierIds[i];
            if (block.timestamp < _tiers[id].endTime) ids[n++] = id;
        }
        assembly ("memory-safe") {
            mstore(ids, n)
        }
    }

    // ─────────────────────────────── internals ───────────────────────────────

    function _tier(uint256 id) private view returns (Tier storage t) {
        t = _tiers[id];
        if (t.endTime == 0) revert StakingTierNotFound(id);
    }

    /// @dev Brings the tier's accrual to now, then books `user`'s share of it.
    function _settle(Tier storage t, uint256 id, address user) private returns (Position storage pos) {
        _update(t);
        pos = _positions[id][user];
        uint256 rpt = t.rewardPerToken;
        pos.pending = _earned(pos, rpt);
        pos.rewardPerTokenPaid = rpt;
    }

    function _update(Tier storage t) private {
        uint256 to = Math.min(block.timestamp, t.endTime);
        if (to <= t.lastUpdate) return;
        if (t.totalStaked > 0) {
            (t.allocated, t.rewardPerToken) = _accrued(t);
            t.stakedSeconds += to - t.lastUpdate;
        }
        t.lastUpdate = uint64(to);
    }

    /// @dev The tier's `allocated` and `rewardPerToken` as they would be after `_update` now (the stake has not
    /// changed since `lastUpdate`).
    function _accrued(Tier storage t) private view returns (uint256 allocated, uint256 rpt) {
        allocated = t.allocated;
        rpt = t.rewardPerToken;
        uint256 to = Math.min(block.timestamp, t.endTime);
        uint256 staked = t.totalStaked;
        if (to <= t.lastUpdate || staked == 0) return (allocated, rpt);
        uint256 seconds_ = t.stakedSeconds + (to - t.lastUpdate);
        uint256 next = Math.mulDiv(t.rewardAmount, seconds_, t.endTime - t.startTime);
        rpt += Math.mulDiv(next - allocated, SCALE, staked);
        allocated = next;
    }

    function _earned(Position storage pos, uint256 rpt) private view returns (uint256) {
        return pos.pending + Math.mulDiv(pos.staked, rpt - pos.rewardPerTokenPaid, SCALE);
    }

    function _pruneEnded() private {
        uint256 i;
        while (i < _activeTierIds.length) {
            if (block.timestamp >= _tiers[_activeTierIds[i]].endTime) {
                _activeTierIds[i] = _activeTierIds[_activeTierIds.length - 1];
                _activeTierIds.pop();
            } else {
                ++i;
            }
        }
    }
}
