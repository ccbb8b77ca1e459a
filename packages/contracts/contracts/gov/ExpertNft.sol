// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC721/ERC721Upgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";

/// @title ExpertNft
/// @notice Soulbound expert badge: one per address, minted and burned by the owner (a GovPool for local
/// experts, the protocol owner for global experts). Mint and burn emit the standard ERC-721 `Transfer`.
contract ExpertNft is ERC721Upgradeable, OwnableUpgradeable {
    uint256 private _nextId;
    mapping(address => uint256) private _tokenOf;
    mapping(uint256 => string) private _uris;

    error ExpertNftSoulbound();
    error ExpertNftAlreadyExpert(address user);
    error ExpertNftNotExpert(address user);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the badge collection.
    function initialize(address owner_, string calldata name_, string calldata symbol_) external initializer {
        __ERC721_init(name_, symbol_);
        __Ownable_init(owner_);
        _nextId = 1;
    }

    /// @notice Mints the badge to `to`. Owner only.
    function mint(address to, string calldata uri) external onlyOwner returns (uint256 tokenId) {
        if (_tokenOf[to] != 0) revert ExpertNftAlreadyExpert(to);
        tokenId = _nextId++;
        _tokenOf[to] = tokenId;
        _uris[tokenId] = uri;
        _mint(to, tokenId);
    }

    /// @notice Burns the badge of `from`. Owner only.
    function burn(address from) external onlyOwner {
        uint256 tokenId = _tokenOf[from];
        if (tokenId == 0) revert ExpertNftNotExpert(from);
        delete _tokenOf[from];
        delete _uris[tokenId];
        _burn(tokenId);
    }

    /// @notice Whether `user` holds the badge.
    function isExpert(address user) external view returns (bool) {
        return _tokenOf[user] != 0;
    }

    /// @notice Badge id of `user` (zero when none).
    function getIdByExpert(address user) external view returns (uint256) {
        return _tokenOf[user];
    }

    /// @inheritdoc ERC721Upgradeable
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return _uris[tokenId];
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        address from = _ownerOf(tokenId);
        if (from != address(0) && to != address(0)) revert ExpertNftSoulbound();
        return super._update(to, tokenId, auth);
    }
}
