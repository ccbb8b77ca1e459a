// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IGovTypes} from "../interfaces/IGovTypes.sol";

/// @notice Test executor whose `validate` hook vetoes exactly the actions whose standard ABI encoding hashes to
/// `vetoHash`: proves the pool passes the actions to the hook encoded exactly as `abi.encode(actions)`.
contract ActionsEchoExecutor {
    bytes32 public vetoHash;

    function setVetoHash(bytes32 hash) external {
        vetoHash = hash;
    }

    function validate(IGovTypes.ProposalAction[] calldata actions) external view returns (bool) {
        return keccak256(abi.encode(actions)) != vetoHash;
    }
}
