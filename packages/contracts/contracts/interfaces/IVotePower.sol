// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Vote-power model
/// @notice Turns a voter's raw votes into post-formula voting power. Custom models implement this interface.
interface IVotePower {
    /// @notice Post-formula power of `voter` for the given raw votes of each kind.
    /// @param voter the voting account (used to detect experts)
    /// @param personalVotes raw votes from the voter's own deposits
    /// @param micropoolVotes raw votes delegated to the voter by members
    /// @param treasuryVotes raw votes delegated to the voter by the DAO treasury
    function transformVotes(
        address voter,
        uint256 personalVotes,
        uint256 micropoolVotes,
        uint256 treasuryVotes
    ) external view returns (uint256);
}
