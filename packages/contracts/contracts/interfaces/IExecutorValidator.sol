// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IGovTypes} from "./IGovTypes.sol";

/// @title Optional hook of a proposal's main executor
/// @notice An executor implementing it may veto the creation of a proposal that targets it.
interface IExecutorValidator {
    /// @notice Returns false to reject a proposal with these actions.
    function validate(IGovTypes.ProposalAction[] calldata actions) external view returns (bool);
}
