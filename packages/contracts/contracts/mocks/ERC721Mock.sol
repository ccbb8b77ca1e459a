// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721Enumerable, ERC721} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/// @notice Test/demo enumerable ERC721 with open minting (local chains only).
contract ERC721Mock is ERC721Enumerable {
    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {}

    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }
}
