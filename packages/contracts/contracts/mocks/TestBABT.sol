// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title TestBABT
/// @notice Soulbound account-bound token for local chains (BABT-compatible `balanceOf`). Owner attests.
contract TestBABT is Ownable {
    mapping(address => uint256) private _tokenOf;
    uint256 private _nextId = 1;

    error TestBABTAlreadyAttested(address account);
    error TestBABTNotAttested(address account);

    event Attest(address indexed to, uint256 indexed tokenId);
    event Revoke(address indexed from, uint256 indexed tokenId);

    constructor(address owner_) Ownable(owner_) {}

    /// @notice Issues the token to `to`. Owner only.
    function attest(address to) external onlyOwner {
        if (_tokenOf[to] != 0) revert TestBABTAlreadyAttested(to);
        uint256 id = _nextId++;
        _tokenOf[to] = id;
        emit Attest(to, id);
    }

    /// @notice Revokes the token of `from`. Owner only.
    function revoke(address from) external onlyOwner {
        uint256 id = _tokenOf[from];
        if (id == 0) revert TestBABTNotAttested(from);
        delete _tokenOf[from];
        emit Revoke(from, id);
    }

    /// @notice 1 when `owner_` holds the token.
    function balanceOf(address owner_) external view returns (uint256) {
        return _tokenOf[owner_] == 0 ? 0 : 1;
    }

    /// @notice Token id of `owner_` (reverts when none).
    function tokenIdOf(address owner_) external view returns (uint256) {
        uint256 id = _tokenOf[owner_];
        if (id == 0) revert TestBABTNotAttested(owner_);
        return id;
    }
}
