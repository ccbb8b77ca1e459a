// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC3156FlashBorrower} from "@openzeppelin/contracts/interfaces/IERC3156FlashBorrower.sol";
import {IERC3156FlashLender} from "@openzeppelin/contracts/interfaces/IERC3156FlashLender.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice ERC-3156 lender of the tokens it holds, without fee: the capital of a flash-loan attack (H3).
contract MockFlashLender is IERC3156FlashLender {
    using SafeERC20 for IERC20;

    bytes32 private constant CALLBACK_SUCCESS = keccak256("ERC3156FlashBorrower.onFlashLoan");

    error MockFlashLenderCallbackFailed();
    error MockFlashLenderNotRepaid(uint256 balance, uint256 required);

    function maxFlashLoan(address token) external view returns (uint256) {
        return IERC20(token).balanceOf(address(this));
    }

    function flashFee(address, uint256) external pure returns (uint256) {
        return 0;
    }

    function flashLoan(
        IERC3156FlashBorrower receiver,
        address token,
        uint256 amount,
        bytes calldata data
    ) external returns (bool) {
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransfer(address(receiver), amount);
        if (receiver.onFlashLoan(msg.sender, token, amount, 0, data) != CALLBACK_SUCCESS) {
            revert MockFlashLenderCallbackFailed();
        }
        IERC20(token).safeTransferFrom(address(receiver), address(this), amount);
        uint256 balance = IERC20(token).balanceOf(address(this));
        if (balance < before) revert MockFlashLenderNotRepaid(balance, before);
        return true;
    }
}
