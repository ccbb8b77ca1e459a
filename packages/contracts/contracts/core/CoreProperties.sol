// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title CoreProperties
/// @notice Protocol-wide parameters owned by the protocol owner.
/// @dev Percentages have 25 decimals: 100% = 10**27.
contract CoreProperties is Ownable {
    uint256 public constant PERCENTAGE_100 = 10 ** 27;

    struct Parameters {
        uint64 govVotesLimit;
        uint128 govCommissionPercentage;
        uint128 tokenSaleProposalCommissionPercentage;
        uint128 micropoolVoteRewardsPercentage;
        uint128 treasuryVoteRewardsPercentage;
    }

    Parameters private _parameters;

    error CorePropertiesInvalidParameters();

    event ParametersChanged(Parameters parameters);

    /// @param owner_ the protocol owner
    constructor(address owner_) Ownable(owner_) {
        _setParameters(
            Parameters({
                govVotesLimit: 50,
                govCommissionPercentage: 0,
                tokenSaleProposalCommissionPercentage: 10 ** 25,
                micropoolVoteRewardsPercentage: 20 * 10 ** 25,
                treasuryVoteRewardsPercentage: 1618 * 10 ** 22
            })
        );
    }

    /// @notice Replaces every protocol parameter. Owner only.
    function setParameters(Parameters calldata parameters) external onlyOwner {
        _setParameters(parameters);
    }

    /// @notice Maximum number of active proposals one user may vote in.
    function getGovVotesLimit() external view returns (uint256) {
        return _parameters.govVotesLimit;
    }

    /// @notice Protocol commission percentage (25 decimals).
    function getGovCommissionPercentage() external view returns (uint256) {
        return _parameters.govCommissionPercentage;
    }

    /// @notice Token-sale commission percentage (25 decimals).
    function getTokenSaleProposalCommissionPercentage() external view returns (uint256) {
        return _parameters.tokenSaleProposalCommissionPercentage;
    }

    /// @notice Micropool and treasury vote-reward shares (25 decimals).
    function getVoteRewardsPercentages() external view returns (uint256 micropool, uint256 treasury) {
        return (_parameters.micropoolVoteRewardsPercentage, _parameters.treasuryVoteRewardsPercentage);
    }

    /// @notice Every parameter at once.
    function getParameters() external view returns (Parameters memory) {
        return _parameters;
    }

    function _setParameters(Parameters memory parameters) private {
        if (
            parameters.govVotesLimit == 0 ||
            parameters.govCommissionPercentage > PERCENTAGE_100 ||
            parameters.tokenSaleProposalCommissionPercentage > PERCENTAGE_100 ||
            parameters.micropoolVoteRewardsPercentage > PERCENTAGE_100 ||
            parameters.treasuryVoteRewardsPercentage > PERCENTAGE_100
        ) revert CorePropertiesInvalidParameters();
        _parameters = parameters;
        emit ParametersChanged(parameters);
    }
}
