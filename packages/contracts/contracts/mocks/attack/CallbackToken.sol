// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

interface ITokensSender {
    function tokensToSend(address from, address to, uint256 amount) external;
}

/// @notice An ERC777-like token: before moving a sender's tokens it calls the sender's `tokensToSend` hook
/// when the sender registered one — the callback a buyer can use to re-enter a sale mid-payment.
contract CallbackToken is ERC20 {
    mapping(address => bool) public hasHook;

    constructor() ERC20("Callback", "CBK") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function registerHook(bool on) external {
        hasHook[msg.sender] = on;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && hasHook[from]) ITokensSender(from).tokensToSend(from, to, value);
        super._update(from, to, value);
    }
}
