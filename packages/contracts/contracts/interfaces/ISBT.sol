// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Account-bound token (BABT-compatible read interface)
interface ISBT {
    function balanceOf(address owner) external view returns (uint256);
}
