// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IGovTypes} from "../../interfaces/IGovTypes.sol";

/// @notice Code that appears at an address after a proposal naming it was created (L4): whatever the members
/// saw there (nothing), this runs with the DAO as caller once executed.
contract LateCode {
    uint256 public calls;
    address public lastCaller;

    fallback() external payable {
        ++calls;
        lastCaller = msg.sender;
    }
}

/// @notice Deploys `LateCode` with CREATE2, so its address is known (and can be named in a proposal) before any
/// code is there.
contract LateCodeDeployer {
    function predict(bytes32 salt) external view returns (address) {
        bytes32 hash = keccak256(
            abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(type(LateCode).creationCode))
        );
        return address(uint160(uint256(hash)));
    }

    function deploy(bytes32 salt) external returns (address) {
        return address(new LateCode{salt: salt}());
    }
}

/// @notice Executor whose `validate` hook reverts with a reason: a veto (L4).
contract RevertingValidator {
    error NotThisProposal();

    function validate(IGovTypes.ProposalAction[] calldata) external pure returns (bool) {
        revert NotThisProposal();
    }

    fallback() external payable {}
}
