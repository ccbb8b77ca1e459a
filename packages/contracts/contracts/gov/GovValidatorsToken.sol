// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/ERC20Upgradeable.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title GovValidatorsToken
/// @notice Non-transferable validator token with snapshots. Only the GovValidators contract mints, burns
/// and takes snapshots; balances at a snapshot decide validator votes.
contract GovValidatorsToken is ERC20Upgradeable {
    using Checkpoints for Checkpoints.Trace208;

    address public validators;
    uint48 private _currentSnapshotId;
    mapping(address => Checkpoints.Trace208) private _balanceSnapshots;
    Checkpoints.Trace208 private _supplySnapshots;

    error GovValidatorsTokenNonTransferable();
    error GovValidatorsTokenNotValidators(address caller);

    event Snapshot(uint256 id);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the token. Called once by the PoolFactory.
    function initialize(address validators_, string calldata name_, string calldata symbol_) external initializer {
        __ERC20_init(name_, symbol_);
        validators = validators_;
    }

    modifier onlyValidators() {
        if (msg.sender != validators) revert GovValidatorsTokenNotValidators(msg.sender);
        _;
    }

    /// @notice Mints validator balance. GovValidators only.
    function mint(address account, uint256 amount) external onlyValidators {
        _mint(account, amount);
    }

    /// @notice Burns validator balance. GovValidators only.
    function burn(address account, uint256 amount) external onlyValidators {
        _burn(account, amount);
    }

    /// @notice Takes a snapshot of every balance and returns its id. GovValidators only.
    function snapshot() external onlyValidators returns (uint256 id) {
        id = _currentSnapshotId;
        _currentSnapshotId = uint48(id + 1);
        emit Snapshot(id);
    }

    /// @notice Balance of `account` when snapshot `id` was taken.
    function balanceOfAt(address account, uint256 id) external view returns (uint256) {
        return _balanceSnapshots[account].upperLookup(SafeCast.toUint48(id));
    }

    /// @notice Total supply when snapshot `id` was taken.
    function totalSupplyAt(uint256 id) external view returns (uint256) {
        return _supplySnapshots.upperLookup(SafeCast.toUint48(id));
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0)) revert GovValidatorsTokenNonTransferable();
        super._update(from, to, value);
        uint48 key = _currentSnapshotId;
        if (from != address(0)) _balanceSnapshots[from].push(key, SafeCast.toUint208(balanceOf(from)));
        if (to != address(0)) _balanceSnapshots[to].push(key, SafeCast.toUint208(balanceOf(to)));
        _supplySnapshots.push(key, SafeCast.toUint208(totalSupply()));
    }
}
