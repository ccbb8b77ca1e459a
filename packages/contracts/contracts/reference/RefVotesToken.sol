// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/// @notice Gas-benchmark reference: plain OpenZeppelin ERC20Votes token.
contract RefVotesToken is ERC20, ERC20Permit, ERC20Votes {
    constructor(address[] memory holders, uint256[] memory amounts) ERC20("Reference", "REF") ERC20Permit("Reference") {
        for (uint256 i; i < holders.length; ++i) _mint(holders[i], amounts[i]);
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Votes) {
        super._update(from, to, value);
    }

    function nonces(address owner) public view override(ERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner);
    }
}
