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

    // Delegation custody (appended). Delegated assets stay in this contract; they leave the delegator's personal
    // balance for the pair's, and the delegatee's micropool counts them. Treasury delegations are the DAO's assets
    // held for an expert.
    mapping(address => mapping(address => uint256)) private _delegatedTokens;
    mapping(address => mapping(address => EnumerableSet.UintSet)) private _delegatedNfts;
    mapping(address => uint256) private _delegatedOutTokens;
    mapping(address => EnumerableSet.UintSet) private _delegatedOutNfts;
    mapping(address => uint256) private _micropoolTokens;
    mapping(address => EnumerableSet.UintSet) private _micropoolNfts;
    mapping(address => uint256) private _treasuryTokens;
    mapping(address => EnumerableSet.UintSet) private _treasuryNfts;

    error GovUserKeeperNoToken();
    error GovUserKeeperNoNft();
    error GovUserKeeperNftNotDeposited(address user, uint256 nftId);
    error GovUserKeeperInsufficientBalance(address user, uint256 available, uint256 requested);
    error GovUserKeeperInvalidParams();
    error GovUserKeeperTransferMismatch(uint256 amount, uint256 received);
    error GovUserKeeperNftNotDelegated(address delegator, address delegatee, uint256 nftId);

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

    /// @notice Moves `amount` deposited tokens and `nftIds` of `delegator` into its delegation to `delegatee` (the
    /// delegatee's micropool). GovPool only, after its lock checks. Returns the raw power moved.
    function delegate(
        address delegator,
        address delegatee,
        uint256 amount,
        uint256[] calldata nftIds
    ) external onlyOwner returns (uint256 power) {
        if (amount > 0) {
            uint256 balance = _tokenBalances[delegator];
            if (balance < amount) revert GovUserKeeperInsufficientBalance(delegator, balance, amount);
            unchecked {
                // checked just above
                _tokenBalances[delegator] = balance - amount;
            }
            _delegatedTokens[delegator][delegatee] += amount;
            _delegatedOutTokens[delegator] += amount;
            _micropoolTokens[delegatee] += amount;
        }
        EnumerableSet.UintSet storage own = _nftBalances[delegator];
        EnumerableSet.UintSet storage pair = _delegatedNfts[delegator][delegatee];
        for (uint256 i; i < nftIds.length; ++i) {
            if (!own.remove(nftIds[i])) revert GovUserKeeperNftNotDeposited(delegator, nftIds[i]);
            pair.add(nftIds[i]);
            _delegatedOutNfts[delegator].add(nftIds[i]);
            _micropoolNfts[delegatee].add(nftIds[i]);
        }
        return amount + nftIds.length * individualPower;
    }

    /// @notice Moves `amount` tokens and `nftIds` of `delegator`'s delegation to `delegatee` back to its personal
    /// balance. GovPool only, after its lock checks. Returns the raw power moved.
    function undelegate(
        address delegator,
        address delegatee,
        uint256 amount,
        uint256[] calldata nftIds
    ) external onlyOwner returns (uint256 power) {
        if (amount > 0) {
            uint256 delegated = _delegatedTokens[delegator][delegatee];
            if (delegated < amount) revert GovUserKeeperInsufficientBalance(delegator, delegated, amount);
            unchecked {
                // the pair's delegation is part of both totals
                _delegatedTokens[delegator][delegatee] = delegated - amount;
                _delegatedOutTokens[delegator] -= amount;
                _micropoolTokens[delegatee] -= amount;
            }
            _tokenBalances[delegator] += amount;
        }
        EnumerableSet.UintSet storage pair = _delegatedNfts[delegator][delegatee];
        for (uint256 i; i < nftIds.length; ++i) {
            if (!pair.remove(nftIds[i])) revert GovUserKeeperNftNotDelegated(delegator, delegatee, nftIds[i]);
            _delegatedOutNfts[delegator].remove(nftIds[i]);
            _micropoolNfts[delegatee].remove(nftIds[i]);
            _nftBalances[delegator].add(nftIds[i]);
        }
        return amount + nftIds.length * individualPower;
    }

    /// @notice Pulls `amount` tokens and `nftIds` of the treasury (the GovPool, which approved them) and holds them
    /// for `expert`. GovPool only (a proposal). Returns the raw power delegated.
    function delegateTreasury(
        address expert,
        uint256 amount,
        uint256[] calldata nftIds
    ) external onlyOwner returns (uint256 power) {
        address pool = owner();
        if (amount > 0) {
            address token = tokenAddress;
            if (token == address(0)) revert GovUserKeeperNoToken();
            uint256 before = IERC20(token).balanceOf(address(this));
            IERC20(token).safeTransferFrom(pool, address(this), amount);
            uint256 received = IERC20(token).balanceOf(address(this)) - before;
            if (received != amount) revert GovUserKeeperTransferMismatch(amount, received);
            _treasuryTokens[expert] += amount;
        }
        if (nftIds.length > 0) {
            address nft = nftAddress;
            if (nft == address(0)) revert GovUserKeeperNoNft();
            for (uint256 i; i < nftIds.length; ++i) {
                IERC721(nft).transferFrom(pool, address(this), nftIds[i]);
                _treasuryNfts[expert].add(nftIds[i]);
            }
        }
        return amount + nftIds.length * individualPower;
    }

    /// @notice Sends `amount` tokens and `nftIds` held for `expert` back to the treasury. GovPool only (a proposal,
    /// after its lock checks). Returns the raw power returned.
    function undelegateTreasury(
        address expert,
        uint256 amount,
        uint256[] calldata nftIds
    ) external onlyOwner returns (uint256 power) {
        address pool = owner();
        if (amount > 0) {
            uint256 held = _treasuryTokens[expert];
            if (held < amount) revert GovUserKeeperInsufficientBalance(expert, held, amount);
            unchecked {
                // checked just above
                _treasuryTokens[expert] = held - amount;
            }
            IERC20(tokenAddress).safeTransfer(pool, amount);
        }
        for (uint256 i; i < nftIds.length; ++i) {
            if (!_treasuryNfts[expert].remove(nftIds[i])) revert GovUserKeeperNftNotDelegated(pool, expert, nftIds[i]);
            IERC721(nftAddress).safeTransferFrom(address(this), pool, nftIds[i]);
        }
        return amount + nftIds.length * individualPower;
    }

    /// @notice What `delegator` delegated to `delegatee`: tokens and NFT ids.
    function delegation(
        address delegator,
        address delegatee
    ) external view returns (uint256 tokens, uint256[] memory nftIds) {
        return (_delegatedTokens[delegator][delegatee], _delegatedNfts[delegator][delegatee].values());
    }

    /// @notice `delegatee`'s micropool: tokens and NFT ids its delegators delegated.
    function micropool(address delegatee) external view returns (uint256 tokens, uint256[] memory nftIds) {
        return (_micropoolTokens[delegatee], _micropoolNfts[delegatee].values());
    }

    /// @notice What the treasury delegated to `expert`: tokens and NFT ids.
    function treasuryDelegation(address expert) external view returns (uint256 tokens, uint256[] memory nftIds) {
        return (_treasuryTokens[expert], _treasuryNfts[expert].values());
    }

    /// @notice What `delegator` delegated to all its delegatees: tokens and NFT ids.
    function delegatedOut(address delegator) external view returns (uint256 tokens, uint256[] memory nftIds) {
        return (_delegatedOutTokens[delegator], _delegatedOutNfts[delegator].values());
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

    /// @notice Voting power records of several users (spec "votingPower"), one vote type each: personal (own
    /// deposits), micropool (what the user's delegators delegated to it), delegated (what the user delegated to
    /// others) and treasury (what the DAO delegated to the user as an expert).
    /// `power` is the post-formula power of the raw power under the pool's vote-power model, with the raw power
    /// passed as the vote type's kind (so an expert's treasury power gets the treasury coefficient);
    /// `nftPower` is the NFTs' part of it, `perNftPower` splits it evenly.
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
            VoteType voteType = voteTypes[i];
            uint256 tokens;
            if (voteType == VoteType.PersonalVote) {
                (tokens, v.nftIds) = (_tokenBalances[user], _nftBalances[user].values());
            } else if (voteType == VoteType.MicropoolVote) {
                (tokens, v.nftIds) = (_micropoolTokens[user], _micropoolNfts[user].values());
            } else if (voteType == VoteType.DelegatedVote) {
                (tokens, v.nftIds) = (_delegatedOutTokens[user], _delegatedOutNfts[user].values());
            } else {
                (tokens, v.nftIds) = (_treasuryTokens[user], _treasuryNfts[user].values());
            }
            v.rawNftPower = v.nftIds.length * individualPower;
            v.rawPower = tokens + v.rawNftPower;
            if (v.rawPower != 0) {
                uint256 raw = v.rawPower;
                v.power = voteType == VoteType.MicropoolVote
                    ? IVotePower(votePower).transformVotes(user, 0, raw, 0)
                    : voteType == VoteType.TreasuryVote
                        ? IVotePower(votePower).transformVotes(user, 0, 0, raw)
                        : IVotePower(votePower).transformVotes(user, raw, 0, 0);
                v.nftPower = (v.power * v.rawNftPower) / raw;
            }
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
