// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/ERC20Upgradeable.sol";
import {ERC20CappedUpgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/extensions/ERC20CappedUpgradeable.sol";
import {ERC20PausableUpgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/extensions/ERC20PausableUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";

interface IBlacklistSync {
    function syncBlacklist(address[] calldata accounts, bool blacklisted) external;

    function syncSupply(uint96 supply) external;
}

/// @title ERC20Gov
/// @notice Governance token created with a DAO: capped, pausable, with a blacklist; the GovPool owns it and
/// mints by proposal. The part of the initial supply not given to recipients goes to the treasury.
contract ERC20Gov is ERC20CappedUpgradeable, ERC20PausableUpgradeable, OwnableUpgradeable {
    struct TokenParams {
        string name;
        string symbol;
        uint256 cap;
        uint256 mintedTotal;
        address[] users;
        uint256[] amounts;
    }

    mapping(address => bool) private _blacklisted;
    /// @notice The GovPool the token was made for: told of every blacklist change and mint (even after an ownership
    /// transfer), so that it checks its members' marks and knows the supply without calling the token.
    address public blacklistPool;

    error ERC20GovInvalidParams();
    error ERC20GovBlacklisted(address account);

    event BlacklistAdded(address indexed account);
    event BlacklistRemoved(address indexed account);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the token and mints the initial distribution. Called once by the PoolFactory.
    function initialize(address govPool, TokenParams calldata params) external initializer {
        __ERC20_init(params.name, params.symbol);
        __ERC20Capped_init(params.cap);
        __ERC20Pausable_init();
        __Ownable_init(govPool);
        blacklistPool = govPool;
        if (params.users.length != params.amounts.length || params.mintedTotal > params.cap) {
            revert ERC20GovInvalidParams();
        }
        uint256 distributed;
        for (uint256 i; i < params.users.length; ++i) {
            _mint(params.users[i], params.amounts[i]);
            distributed += params.amounts[i];
        }
        // Spec: 100% in the treasury is rejected ("participants have nothing to vote").
        if (distributed == 0 || distributed > params.mintedTotal) revert ERC20GovInvalidParams();
        if (params.mintedTotal > distributed) _mint(govPool, params.mintedTotal - distributed);
    }

    /// @notice Mints `amount` to `account` within the cap, and tells `blacklistPool` the new supply (the quorum of
    /// its proposals is taken of it). Owner (the GovPool) only; minting is the only change of the supply.
    function mint(address account, uint256 amount) external onlyOwner {
        _mint(account, amount);
        uint256 supply = totalSupply();
        // saturated: the pool then asks the token
        IBlacklistSync(blacklistPool).syncSupply(supply < type(uint96).max ? uint96(supply) : type(uint96).max);
    }

    /// @notice Pauses transfers. GovPool only.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Resumes transfers. GovPool only.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Adds or removes accounts from the blacklist, and tells `blacklistPool`. Owner (the GovPool) only.
    function blacklist(address[] calldata accounts, bool toBlacklist) external onlyOwner {
        for (uint256 i; i < accounts.length; ++i) {
            if (_blacklisted[accounts[i]] == toBlacklist) continue;
            _blacklisted[accounts[i]] = toBlacklist;
            if (toBlacklist) emit BlacklistAdded(accounts[i]);
            else emit BlacklistRemoved(accounts[i]);
        }
        IBlacklistSync(blacklistPool).syncBlacklist(accounts, toBlacklist);
    }

    /// @notice Whether `account` is blacklisted.
    function isBlacklisted(address account) external view returns (bool) {
        return _blacklisted[account];
    }

    function _update(
        address from,
        address to,
        uint256 value
    ) internal override(ERC20CappedUpgradeable, ERC20PausableUpgradeable) {
        if (_blacklisted[from]) revert ERC20GovBlacklisted(from);
        if (_blacklisted[to]) revert ERC20GovBlacklisted(to);
        super._update(from, to, value);
    }
}
