// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @title UserRegistry
/// @notice Protocol-wide records of each account, readable by any front end: its agreement to the
/// privacy policy (an EIP-712 signature of the policy document's hash) and its profile's metadata link.
/// @dev An agreement counts for one document: when the owner publishes a new document hash, every
/// account has to agree again (`agreed` answers false until it does). Smart-contract wallets sign
/// through EIP-1271.
contract UserRegistry is Ownable, EIP712 {
    /// @notice EIP-712 type of the signed agreement.
    bytes32 public constant AGREEMENT_TYPEHASH = keccak256("Agreement(bytes32 documentHash)");

    struct UserInfo {
        /// @dev the profile's metadata link (an IPFS URL), set by the account itself
        string profileURL;
        /// @dev the policy document the account agreed to last; zero when never
        bytes32 agreedDocumentHash;
        /// @dev keccak256 of the agreement's signature, so the signature itself can be checked off chain
        bytes32 signatureHash;
    }

    /// @notice Hash of the privacy policy document in force; zero until the owner sets one.
    bytes32 public documentHash;

    mapping(address user => UserInfo info) private _users;

    error UserRegistryDocumentNotSet();
    error UserRegistryInvalidDocument(bytes32 documentHash);
    error UserRegistryInvalidSignature(address user, bytes32 documentHash);
    error UserRegistryAlreadyAgreed(address user, bytes32 documentHash);

    event DocumentHashSet(bytes32 documentHash);
    event Agreed(address indexed user, bytes32 documentHash);
    event ProfileUpdated(address indexed user, string url);

    /// @param owner_ who publishes the privacy policy's hash
    /// @param documentHash_ the policy in force from the start (zero: none yet)
    constructor(address owner_, bytes32 documentHash_) Ownable(owner_) EIP712("UserRegistry", "1") {
        if (documentHash_ != bytes32(0)) _setDocumentHash(documentHash_);
    }

    /// @notice Publishes a new privacy policy: earlier agreements no longer count. Owner only.
    function setDocumentHash(bytes32 documentHash_) external onlyOwner {
        if (documentHash_ == bytes32(0) || documentHash_ == documentHash)
            revert UserRegistryInvalidDocument(documentHash_);
        _setDocumentHash(documentHash_);
    }

    /// @notice Records the caller's agreement to the policy in force, given as the caller's EIP-712
    /// signature of `Agreement(documentHash)`.
    /// @param signature the signature (65 bytes, or whatever the caller's EIP-1271 wallet accepts)
    function agreeToPrivacyPolicy(bytes calldata signature) public {
        bytes32 document = documentHash;
        if (document == bytes32(0)) revert UserRegistryDocumentNotSet();
        UserInfo storage info = _users[msg.sender];
        // One agreement per document: a second one would only repeat the event the api announces.
        if (info.agreedDocumentHash == document) revert UserRegistryAlreadyAgreed(msg.sender, document);
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(AGREEMENT_TYPEHASH, document)));
        if (!SignatureChecker.isValidSignatureNow(msg.sender, digest, signature))
            revert UserRegistryInvalidSignature(msg.sender, document);
        info.agreedDocumentHash = document;
        info.signatureHash = keccak256(signature);
        emit Agreed(msg.sender, document);
    }

    /// @notice Sets the caller's profile metadata link (an empty string clears it).
    function changeProfile(string calldata url) public {
        _users[msg.sender].profileURL = url;
        emit ProfileUpdated(msg.sender, url);
    }

    /// @notice Both at once: the profile link and the agreement (one transaction for a new account).
    function changeProfileAndAgreeToPrivacyPolicy(string calldata url, bytes calldata signature) external {
        changeProfile(url);
        agreeToPrivacyPolicy(signature);
    }

    /// @notice Whether `user` agreed to the policy in force.
    function agreed(address user) external view returns (bool) {
        bytes32 document = documentHash;
        return document != bytes32(0) && _users[user].agreedDocumentHash == document;
    }

    /// @notice What the registry holds of `user`.
    function userInfo(address user) external view returns (UserInfo memory) {
        return _users[user];
    }

    /// @notice The digest `user` signs for the policy in force (what a wallet shows as typed data).
    function agreementDigest() external view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(AGREEMENT_TYPEHASH, documentHash)));
    }

    function _setDocumentHash(bytes32 documentHash_) private {
        documentHash = documentHash_;
        emit DocumentHashSet(documentHash_);
    }
}
