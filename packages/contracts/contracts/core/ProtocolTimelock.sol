// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/// @title ProtocolTimelock
/// @notice OpenZeppelin's TimelockController as the owner of the PoolRegistry and CoreProperties: every upgrade
/// of the DAOs' logic and every registry or protocol-parameter change waits at least `getMinDelay()` between
/// being scheduled and executed, so members see it coming and can leave first (M6). Its proposer and executor
/// should be a multisig; it administers itself (changing the delay is itself delayed).
contract ProtocolTimelock is TimelockController {
    constructor(
        uint256 minDelay,
        address[] memory proposers,
        address[] memory executors
    ) TimelockController(minDelay, proposers, executors, address(0)) {}
}
