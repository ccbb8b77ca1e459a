// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {IERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/IERC721Enumerable.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {IVotePower} from "../interfaces/IVotePower.sol";

interface IGovPoolVotePower {
    function getHelperContracts()
        external
        view
        returns (address settings, address userKeeper, address validators, address poolRegistry, address votePower);
}

/// @title GovUserKeeper
/// @notice Custody and accounting of the members' deposited ERC20 tokens and ERC721 NFTs. Every mutating
/// call comes from the owning GovPool, which enforces locks; this contract only moves and counts assets.
contract GovUserKeeper is IGovTypes, OwnableUpgradeable, IERC721Receiver {
    using SafeERC20 for IERC20;
    using EnumerableSet for EnumerableSet.UintSet;

    /// @notice Per-user voting power record (spec: "user voting power per pool").
    struct VotingPowerView {
        uint256 power;
        uint256 rawPower;
        uint256 nftPower;
        uint256 rawNftPower;
        uint256[] perNftPower;
        uint256 ownedBalance;
        uint256 ownedLength;
        uint256[] nftIds;
    }

    address public tokenAddress;
    /// @dev Packed with the token address so token-only DAOs skip the NFT slots when summing power.
    bool private _hasNft;
    address public nftAddress;
    uint256 public individualPower;
    uint256 private _nftsTotalSupply;

    mapping(address => uint256) private _tokenBalances;
    mapping(address => EnumerableSet.UintSet) private _nftBalances;
    uint256 private _totalDepositedTokens;

    error GovUserKeeperNoToken();
    error GovUserKeeperNoNft();
    error GovUserKeeperNftNotDeposited(address user, uint256 nftId);
    error GovUserKeeperInsufficientBalance(address user, uint256 available, uint256 requested);
    error GovUserKeeperInvalidParams();
    error GovUserKeeperTransferMismatch(uint256 amount, uint256 received);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the keeper. Called once by the PoolFactory.
    /// @param govPool the owner
    /// @param token the governance ERC20 (zero for NFT-only DAOs)
    /// @param nft the governance ERC721 (zero for token-only DAOs)
    /// @param individualPower_ fixed voting power of each NFT
    /// @param nftsTotalSupply_ collection size (zero to read it from an enumerable collection)
    function initialize(
        address govPool,
        address token,
        address nft,
        uint256 individualPower_,
        uint256 nftsTotalSupply_
    ) external initializer {
        __Ownable_init(govPool);
        if (token == address(0) && nft == address(0)) revert GovUserKeeperInvalidParams();
        if (nft != address(0) && individualPower_ == 0) revert GovUserKeeperInvalidParams();
        tokenAddress = token;
        _hasNft = nft != address(0);
        nftAddress = nft;
        individualPower = individualPower_;
        _nftsTotalSupply = nftsTotalSupply_;
    }

    /// @notice Pulls `amount` tokens and `nftIds` from `payer` and credits `receiver`. GovPool only.
    /// @dev The payer approves this contract (not the pool). A token that delivers another amount than named
    /// (fee-on-transfer) is refused: the keeper credits only what arrived, and every deposit must back its
    /// credit one for one (M2, SECURITY.md).
    function deposit(address payer, address receiver, uint256 amount, uint256[] calldata nftIds) external onlyOwner {
        if (amount > 0) {
            address token = tokenAddress;
            if (token == address(0)) revert GovUserKeeperNoToken();
            uint256 before = IERC20(token).balanceOf(address(this));
            IERC20(token).safeTransferFrom(payer, address(this), amount);
            uint256 received = IERC20(token).balanceOf(address(this)) - before;
            if (received != amount) revert GovUserKeeperTransferMismatch(amount, received);
            _tokenBalances[receiver] += amount;
            _totalDepositedTokens += amount;
        }
        if (nftIds.length > 0) {
            address nft = nftAddress;
            if (nft == address(0)) revert GovUserKeeperNoNft();
            EnumerableSet.UintSet storage set = _nftBalances[receiver];
            for (uint256 i; i < nftIds.length; ++i) {
                IERC721(nft).transferFrom(payer, address(this), nftIds[i]);
                set.add(nftIds[i]);
            }
        }
    }

    /// @notice Sends `amount` tokens and `nftIds` of `payer` to `receiver`. GovPool only (after lock checks).
    function withdraw(
        address payer,
        address receiver,
        uint256 amount,
        uint256[] calldata nftIds
    ) external onlyOwner {
        if (amount > 0) {
            uint256 balance = _tokenBalances[payer];
            if (balance < amount) revert GovUserKeeperInsufficientBalance(payer, balance, amount);
            unchecked {
                // checked just above
                _tokenBalances[payer] = balance - amount;
                _totalDepositedTokens -= amount;
            }
            IERC20(tokenAddress).safeTransfer(receiver, amount);
        }
        if (nftIds.length > 0) {
            EnumerableSet.UintSet storage set = _nftBalances[payer];
            for (uint256 i; i < nftIds.length; ++i) {
                if (!set.remove(nftIds[i])) revert GovUserKeeperNftNotDeposited(payer, nftIds[i]);
                IERC721(nftAddress).safeTransferFrom(address(this), receiver, nftIds[i]);
            }
        }
    }

    /// @notice Deposited tokens of `user` and the raw power of `nftIds` (reverts when one is not deposited
    /// by the user) — everything a vote needs in one call.
    function getVoteInputs(
        address user,
        uint256[] calldata nftIds
    ) external view returns (uint256 tokens, uint256 nftPower) {
        tokens = _tokenBalances[user];
        if (nftIds.length > 0) {
            EnumerableSet.UintSet storage set = _nftBalances[user];
            for (uint256 i; i < nftIds.length; ++i) {
                if (!set.contains(nftIds[i])) revert GovUserKeeperNftNotDeposited(user, nftIds[i]);
            }
            nftPower = nftIds.length * individualPower;
        }
    }

    /// @notice Raw personal power of `user` and the DAO's total power (proposal creation inputs).
    /// @dev Reads the token/NFT flag slot once; token-only DAOs never touch the NFT slots.
    function getCreationInputs(address user) external view returns (uint256 power, uint256 totalPower) {
        power = _tokenBalances[user];
        address token = tokenAddress;
        if (token != address(0)) totalPower = IERC20(token).totalSupply();
        if (_hasNft) {
            uint256 each = individualPower;
            power += _nftBalances[user].length() * each;
            totalPower += nftsTotalSupply() * each;
        }
    }

    /// @notice Deposited token balance of `user`.
    function tokenBalance(address user) external view returns (uint256) {
        return _tokenBalances[user];
    }

    /// @notice NFT ids deposited by `user`.
    function nftBalance(address user) external view returns (uint256[] memory) {
        return _nftBalances[user].values();
    }

    /// @notice Whether `user` deposited `nftId`.
    function hasDepositedNft(address user, uint256 nftId) external view returns (bool) {
        return _nftBalances[user].contains(nftId);
    }

    /// @notice Raw personal power of `user`: deposited tokens plus deposited NFTs' power.
    function personalPower(address user) public view returns (uint256 power) {
        power = _tokenBalances[user];
        uint256 nfts = _nftBalances[user].length();
        if (nfts > 0) power += nfts * individualPower;
    }

    /// @notice Total tokens deposited by all members.
    function totalDepositedTokens() external view returns (uint256) {
        return _totalDepositedTokens;
    }

    /// @notice Size of the NFT collection used for total power.
    function nftsTotalSupply() public view returns (uint256) {
        address nft = nftAddress;
        if (nft == address(0)) return 0;
        uint256 supply = _nftsTotalSupply;
        if (supply != 0) return supply;
        return IERC721Enumerable(nft).totalSupply();
    }

    /// @notice Total voting power of the DAO: token supply plus the collection's NFT power.
    function getTotalPower() public view returns (uint256 power) {
        address token = tokenAddress;
        if (token != address(0)) power = IERC20(token).totalSupply();
        if (_hasNft) power += nftsTotalSupply() * individualPower;
    }

    /// @notice Voting power records of several users (spec "votingPower").
    /// @dev Only personal power exists until delegation lands: micropool, delegated and treasury read as zero
    /// (owned balances are still filled).
    /// `power` is the post-formula power of the raw power under the pool's vote-power model.
    /// @param users the accounts
    /// @param voteTypes one vote type per account
    /// @param perNftPowerArray whether to fill `perNftPower`
    function votingPower(
        address[] calldata users,
        VoteType[] calldata voteTypes,
        bool perNftPowerArray
    ) external view returns (VotingPowerView[] memory views) {
        if (users.length != voteTypes.length) revert GovUserKeeperInvalidParams();
        views = new VotingPowerView[](users.length);
        (, , , , address votePower) = IGovPoolVotePower(owner()).getHelperContracts();
        for (uint256 i; i < users.length; ++i) {
            VotingPowerView memory v = views[i];
            address user = users[i];
            if (tokenAddress != address(0)) v.ownedBalance = IERC20(tokenAddress).balanceOf(user);
            if (nftAddress != address(0)) v.ownedLength = IERC721(nftAddress).balanceOf(user);
            if (voteTypes[i] != VoteType.PersonalVote) continue;
            v.nftIds = _nftBalances[user].values();
            v.rawNftPower = v.nftIds.length * individualPower;
            v.rawPower = _tokenBalances[user] + v.rawNftPower;
            v.power = v.rawPower == 0 ? 0 : IVotePower(votePower).transformVotes(user, v.rawPower, 0, 0);
            v.nftPower = v.rawPower == 0 ? 0 : (v.power * v.rawNftPower) / v.rawPower;
            if (perNftPowerArray) {
                v.perNftPower = new uint256[](v.nftIds.length);
                uint256 each = v.nftIds.length == 0 ? 0 : v.nftPower / v.nftIds.length;
                for (uint256 j; j < v.nftIds.length; ++j) v.perNftPower[j] = each;
            }
        }
    }

    /// @inheritdoc IERC721Receiver
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }
}
