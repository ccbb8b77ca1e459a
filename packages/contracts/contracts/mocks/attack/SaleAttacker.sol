// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

interface ISale {
    function buy(uint256 tierId, address paymentToken, uint256 amount, bytes32[] calldata proof) external payable returns (uint256);
}

interface ICallbackToken {
    function registerHook(bool on) external;
}

/// @notice A buyer contract that re-enters the sale's `buy` once from inside its own purchase: from the
/// payment token's `tokensToSend` callback, or from the native-coin refund. It records whether the re-entrant
/// buy went through.
contract SaleAttacker {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    ISale public sale;
    uint256 public tierId;
    address public token;
    uint256 public amount;
    bool private _armed;
    bool public reentered;
    bool public reentrySucceeded;

    receive() external payable {
        _reenter(NATIVE);
    }

    function tokensToSend(address, address, uint256) external {
        _reenter(token);
    }

    /// @notice Buys `amount_` of payment `token_` (NATIVE: sends `msg.value`, more than `amount_`, so the
    /// sale refunds the rest) and re-enters once.
    function attack(ISale sale_, uint256 tierId_, address token_, uint256 amount_) external payable {
        (sale, tierId, token, amount) = (sale_, tierId_, token_, amount_);
        if (token_ != NATIVE) {
            IERC20(token_).approve(address(sale_), type(uint256).max);
            ICallbackToken(token_).registerHook(true);
        }
        _armed = true;
        sale_.buy{value: msg.value}(tierId_, token_, amount_, new bytes32[](0));
        _armed = false;
    }

    function _reenter(address payment) private {
        if (!_armed) return;
        _armed = false;
        reentered = true;
        uint256 value = payment == NATIVE ? amount : 0;
        try sale.buy{value: value}(tierId, payment, amount, new bytes32[](0)) {
            reentrySucceeded = true;
        } catch {}
    }
}
