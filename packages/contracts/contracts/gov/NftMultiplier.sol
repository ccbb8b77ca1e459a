// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC721/ERC721Upgradeable.sol";
import {ERC721EnumerableUpgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC721/extensions/ERC721EnumerableUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

interface IMultiplierPool {
    function getNftContracts()
        external
        view
        returns (address nftMultiplier, address expertNft, address globalExpertNft, address babt);

    function getUserActiveProposals(address user) external view returns (uint256[] memory);

    function getProposalState(uint256 proposalId) external view returns (uint8);

    function latestProposalId() external view returns (uint256);
}

interface IMultiplierKeeper {
    function tokenBalance(address user) external view returns (uint256);
}

/// @title NftMultiplier
/// @notice A DAO's reward multiplier NFTs (ERC-721, one collection per DAO, owned by its GovPool: minted by
/// proposal). Each NFT carries an initial multiplier (25 decimals, above 1×), the end of its reward period and an
/// average balance. A holder locks one NFT; while it stays locked and its period lasts, the GovPool pays the
/// holder's vote rewards × the NFT's multiplier (`getExtraRewards`, asked when rewards are claimed) — only on
/// proposals created after the lock, so one NFT never multiplies two holders' rewards of the same proposal.
/// Locking and unlocking are refused while the holder has a vote on a proposal still in Voting; a locked NFT
/// cannot be transferred. Only the DAO's active multiplier (`GovPool.getNftContracts`) pays.
contract NftMultiplier is ERC721EnumerableUpgradeable, OwnableUpgradeable {
    using Strings for uint256;

    /// @notice 1× in the multipliers' fixed point (the protocol's 25 decimals).
    uint256 public constant PRECISION = 10 ** 25;
    /// @notice The highest initial multiplier a proposal may mint (100×).
    uint256 public constant MAX_MULTIPLIER = 100 * PRECISION;
    uint256 private constant MAX_PERIOD = 3650 days;
    uint8 private constant VOTING = 0;

    /// @dev One slot per NFT: the initial multiplier and the end of its reward period.
    struct NftInfo {
        uint192 multiplier;
        uint64 rewardPeriodEnd;
    }

    /// @notice An NFT as the web shows it: `multiplier` is the one in force for its holder now (see
    /// `currentMultiplier`), `lockedAfterProposal` the latest proposal id when its holder locked it (zero unlocked).
    struct NftView {
        uint256 tokenId;
        address owner;
        uint256 initialMultiplier;
        uint256 multiplier;
        uint256 rewardPeriodEnd;
        uint256 averageBalance;
        bool isLocked;
        uint256 lockedAfterProposal;
    }

    address private _govPool;
    address private _userKeeper;
    uint256 private _nextId;
    mapping(uint256 => NftInfo) private _infos;
    mapping(uint256 => uint256) private _averageBalances;
    /// @dev holder → its locked NFT (ids start at 1: zero is none)
    mapping(address => uint256) private _lockedToken;
    /// @dev holder → the latest proposal id when it locked: rewards of later proposals only are multiplied
    mapping(address => uint256) private _lockedAfter;

    error NftMultiplierInvalidMultiplier(uint256 multiplier);
    error NftMultiplierInvalidPeriod(uint256 duration);
    error NftMultiplierNotHolder(address account, uint256 tokenId);
    error NftMultiplierAlreadyLocked(address holder, uint256 tokenId);
    error NftMultiplierNotLocked(address holder);
    error NftMultiplierLocked(uint256 tokenId);
    error NftMultiplierExpired(uint256 tokenId, uint256 rewardPeriodEnd);
    error NftMultiplierNotActive(address govPool);
    error NftMultiplierActiveVotes(address holder, uint256 proposalId);

    event MultiplierMinted(
        uint256 indexed tokenId,
        address indexed to,
        uint256 multiplier,
        uint256 rewardPeriodEnd,
        uint256 averageBalance
    );
    event MultiplierLocked(address indexed holder, uint256 indexed tokenId, uint256 lockedAfterProposal);
    event MultiplierUnlocked(address indexed holder, uint256 indexed tokenId);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the collection of `govPool` (its owner), whose deposits `userKeeper` holds.
    function initialize(
        address govPool,
        address userKeeper,
        string calldata name_,
        string calldata symbol_
    ) external initializer {
        __ERC721_init(name_, symbol_);
        __Ownable_init(govPool);
        _govPool = govPool;
        _userKeeper = userKeeper;
        _nextId = 1;
    }

    /// @notice Mints an NFT to `to` multiplying its holder's rewards by `multiplier` (25 decimals, above 1×, at
    /// most 100×) for `duration` seconds from now (at most ten years); above `averageBalance` deposited tokens
    /// (zero: no limit) the bonus shrinks (`currentMultiplier`). Proposal only (the GovPool owns the collection).
    function mint(
        address to,
        uint256 multiplier,
        uint256 duration,
        uint256 averageBalance
    ) external onlyOwner returns (uint256 tokenId) {
        if (multiplier <= PRECISION || multiplier > MAX_MULTIPLIER) revert NftMultiplierInvalidMultiplier(multiplier);
        if (duration == 0 || duration > MAX_PERIOD) revert NftMultiplierInvalidPeriod(duration);
        tokenId = _nextId++;
        uint64 end = uint64(block.timestamp + duration);
        _infos[tokenId] = NftInfo(uint192(multiplier), end);
        _averageBalances[tokenId] = averageBalance;
        _safeMint(to, tokenId);
        emit MultiplierMinted(tokenId, to, multiplier, end, averageBalance);
    }

    /// @notice Locks the caller's NFT `tokenId`: rewards of proposals created from now on are multiplied while it
    /// stays locked and its period lasts. One NFT per holder; refused while the caller has a vote on a proposal in
    /// Voting (the NFT would multiply a vote cast without it), after the NFT's period, and when this collection is
    /// not the DAO's active multiplier.
    function lock(uint256 tokenId) external {
        if (ownerOf(tokenId) != msg.sender) revert NftMultiplierNotHolder(msg.sender, tokenId);
        uint256 locked = _lockedToken[msg.sender];
        if (locked != 0) revert NftMultiplierAlreadyLocked(msg.sender, locked);
        uint256 end = _infos[tokenId].rewardPeriodEnd;
        if (block.timestamp >= end) revert NftMultiplierExpired(tokenId, end);
        IMultiplierPool pool = IMultiplierPool(_govPool);
        (address active, , , ) = pool.getNftContracts();
        if (active != address(this)) revert NftMultiplierNotActive(address(pool));
        _checkNoVoting(pool, msg.sender);
        uint256 after_ = pool.latestProposalId();
        _lockedToken[msg.sender] = tokenId;
        _lockedAfter[msg.sender] = after_;
        emit MultiplierLocked(msg.sender, tokenId, after_);
    }

    /// @notice Unlocks the caller's NFT (transferable again; its rewards no longer multiplied). Refused while the
    /// caller has a vote on a proposal in Voting.
    function unlock() external {
        uint256 tokenId = _lockedToken[msg.sender];
        if (tokenId == 0) revert NftMultiplierNotLocked(msg.sender);
        _checkNoVoting(IMultiplierPool(_govPool), msg.sender);
        delete _lockedToken[msg.sender];
        delete _lockedAfter[msg.sender];
        emit MultiplierUnlocked(msg.sender, tokenId);
    }

    /// @notice What the GovPool adds to `rewards`, `holder`'s vote rewards on `proposalId`: `rewards × (multiplier −
    /// 1×)`, rounded down, when `holder` has an NFT locked since before the proposal was created and its reward
    /// period has not ended; zero otherwise.
    function getExtraRewards(address holder, uint256 proposalId, uint256 rewards) external view returns (uint256) {
        uint256 tokenId = _lockedToken[holder];
        if (tokenId == 0 || proposalId <= _lockedAfter[holder]) return 0;
        if (block.timestamp >= _infos[tokenId].rewardPeriodEnd) return 0;
        return Math.mulDiv(rewards, currentMultiplier(tokenId) - PRECISION, PRECISION);
    }

    /// @notice The multiplier of NFT `tokenId` for its holder now: the initial multiplier, unless the holder's
    /// deposited tokens exceed the NFT's average balance — then the bonus shrinks in proportion
    /// (`1× + (initial − 1×) × average / deposited`), so a large holder gets about the extra an average one would.
    function currentMultiplier(uint256 tokenId) public view returns (uint256) {
        uint256 initial = _infos[tokenId].multiplier;
        uint256 average = _averageBalances[tokenId];
        if (initial == 0 || average == 0) return initial;
        uint256 deposited = IMultiplierKeeper(_userKeeper).tokenBalance(_ownerOf(tokenId));
        if (deposited <= average) return initial;
        return PRECISION + Math.mulDiv(initial - PRECISION, average, deposited);
    }

    /// @notice `holder`'s locked NFT (all zero when none).
    function getLocked(address holder) external view returns (NftView memory) {
        uint256 tokenId = _lockedToken[holder];
        if (tokenId == 0) return NftView(0, address(0), 0, 0, 0, 0, false, 0);
        return _view(tokenId);
    }

    /// @notice Every NFT `holder` owns (locked or not).
    function getHolderNfts(address holder) external view returns (NftView[] memory views) {
        uint256 n = balanceOf(holder);
        views = new NftView[](n);
        for (uint256 i; i < n; ++i) views[i] = _view(tokenOfOwnerByIndex(holder, i));
    }

    /// @notice The NFT's metadata as a data URI: its name and the traits Multiplier (in force for its holder),
    /// Initial multiplier and Average Balance (in the token's smallest unit).
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        bytes memory json = abi.encodePacked(
            '{"name":"',
            name(),
            " #",
            tokenId.toString(),
            '","attributes":[{"trait_type":"Multiplier","display_type":"number","value":',
            _decimal(currentMultiplier(tokenId)),
            '},{"trait_type":"Initial multiplier","display_type":"number","value":',
            _decimal(_infos[tokenId].multiplier),
            '},{"trait_type":"Average Balance","value":"',
            _averageBalances[tokenId].toString(),
            '"}]}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    function _view(uint256 tokenId) private view returns (NftView memory v) {
        address owner_ = _ownerOf(tokenId);
        bool isLocked = _lockedToken[owner_] == tokenId;
        NftInfo memory info = _infos[tokenId];
        v = NftView(
            tokenId,
            owner_,
            info.multiplier,
            currentMultiplier(tokenId),
            info.rewardPeriodEnd,
            _averageBalances[tokenId],
            isLocked,
            isLocked ? _lockedAfter[owner_] : 0
        );
    }

    function _checkNoVoting(IMultiplierPool pool, address holder) private view {
        uint256[] memory ids = pool.getUserActiveProposals(holder);
        for (uint256 i; i < ids.length; ++i) {
            if (pool.getProposalState(ids[i]) == VOTING) revert NftMultiplierActiveVotes(holder, ids[i]);
        }
    }

    /// @dev A multiplier (25 decimals) as a JSON number with at most two decimals, rounded down: 1.5, 2, 1.25.
    function _decimal(uint256 value) private pure returns (string memory) {
        uint256 whole = value / PRECISION;
        uint256 cents = (value % PRECISION) / (PRECISION / 100);
        if (cents == 0) return whole.toString();
        if (cents % 10 == 0) return string.concat(whole.toString(), ".", (cents / 10).toString());
        return string.concat(whole.toString(), cents < 10 ? ".0" : ".", cents.toString());
    }

    /// @dev A locked NFT stays with its holder (minting and burning aside).
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        address from = _ownerOf(tokenId);
        if (from != address(0) && _lockedToken[from] == tokenId) revert NftMultiplierLocked(tokenId);
        return super._update(to, tokenId, auth);
    }
}
