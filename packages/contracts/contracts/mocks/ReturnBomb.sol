// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IGovTypes} from "../interfaces/IGovTypes.sol";

/// @notice Test executor that returns or reverts with huge data (return-bomb regression) and can veto.
contract ReturnBomb {
    bool public vetoAll;

    function setVeto(bool veto) external {
        vetoAll = veto;
    }

    function validate(IGovTypes.ProposalAction[] calldata) external view returns (bool) {
        return !vetoAll;
    }

    function bombReturn() external pure {
        assembly {
            return(0, 1000000)
        }
    }

    function bombRevert() external pure {
        assembly {
            revert(0, 1000000)
        }
    }
}
