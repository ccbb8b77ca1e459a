// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @notice Test ERC721 (not enumerable) minted by ranges, for collections of thousands of NFTs (local chains only).
contract BulkNft is ERC721 {
    constructor() ERC721("Bulk", "BULK") {}

    /// @notice Mints ids `from` .. `from + count - 1` to `to`.
    function mintRange(address to, uint256 from, uint256 count) external {
        for (uint256 i; i < count; ++i) _mint(to, from + i);
    }
}
