// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IVotePower} from "../interfaces/IVotePower.sol";

/// @title LinearPower
/// @notice Identity vote-power model, shared by every linear DAO.
contract LinearPower is IVotePower {
    /// @inheritdoc IVotePower
    function transformVotes(
        address,
        uint256 personalVotes,
        uint256 micropoolVotes,
        uint256 treasuryVotes
    ) external pure returns (uint256) {
        return personalVotes + micropoolVotes + treasuryVotes;
    }
}
