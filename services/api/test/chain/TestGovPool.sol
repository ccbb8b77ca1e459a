// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The signer of a 65-byte (r, s, v) signature of `digest`; the zero address when invalid.
function recoverSigner(bytes32 digest, bytes calldata signature) pure returns (address) {
    bytes32 r;
    bytes32 s;
    uint8 v;
    assembly {
        r := calldataload(signature.offset)
        s := calldataload(add(signature.offset, 32))
        v := byte(0, calldataload(add(signature.offset, 64)))
    }
    return ecrecover(digest, v, r, s);
}

/// @notice Test double of GovUserKeeper's read interface (votingPower, getTotalPower) with settable
/// balances, so api tests control members' power on a real EVM and read it at past blocks.
contract TestUserKeeper {
    struct VotingPowerView {
        uint256 power;
        uint256 rawPower;
        uint256 nftPower;
        uint256 rawNftPower;
        uint256[] perNftPower;
        uint256 ownedBalance;
        uint256 ownedLength;
        uint256[] nftIds;
    }

    /// @notice The governance token (zero for an NFT-only DAO), as GovUserKeeper exposes it.
    address public tokenAddress;
    mapping(address => uint256) public deposited;
    mapping(address => uint256) public delegated;
    mapping(address => uint256) public walletBalance;
    uint256 public totalPower;

    function setPower(address user, uint256 power) external {
        totalPower = totalPower - deposited[user] + power;
        deposited[user] = power;
    }

    function setDelegated(address user, uint256 power) external {
        delegated[user] = power;
    }

    function setWalletBalance(address user, uint256 balance) external {
        walletBalance[user] = balance;
    }

    function setToken(address token) external {
        tokenAddress = token;
    }

    function setTotalPower(uint256 power) external {
        totalPower = power;
    }

    function getTotalPower() external view returns (uint256) {
        return totalPower;
    }

    function votingPower(
        address[] calldata users,
        uint8[] calldata voteTypes,
        bool
    ) external view returns (VotingPowerView[] memory views) {
        require(users.length == voteTypes.length, "length");
        views = new VotingPowerView[](users.length);
        for (uint256 i; i < users.length; ++i) {
            views[i].ownedBalance = walletBalance[users[i]];
            if (voteTypes[i] == 0) views[i].power = deposited[users[i]];
            else if (voteTypes[i] == 1) views[i].power = delegated[users[i]];
            views[i].rawPower = views[i].power;
        }
    }
}

/// @notice Test double of GovPool's comment settings and off-chain results (EIP-712 as agreed).
contract TestGovPool {
    bytes32 private constant TYPEHASH =
        keccak256(
            "OffchainResults(string resultsHash,uint256 nonce,address submitter,uint256 deadline,bool quorumReached)"
        );
    bytes32 private immutable _domainSeparator;

    address public immutable userKeeper;
    address public immutable verifier;
    uint256 private _minRead;
    uint256 private _minCreate;
    uint256 public offchainResultsNonce;
    string public latestOffchainResultsHash;
    string public descriptionURL;

    event OffchainResultsSaved(string resultsHash, address indexed sender);

    error GovPoolInvalidSignature();
    error GovPoolSignatureExpired(uint256 deadline);

    constructor(address keeper, address verifier_, uint256 minRead, uint256 minCreate) {
        userKeeper = keeper;
        verifier = verifier_;
        _minRead = minRead;
        _minCreate = minCreate;
        _domainSeparator = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes("Polity GovPool")),
                keccak256(bytes("1")),
                block.chainid,
                address(this)
            )
        );
    }

    function getHelperContracts()
        external
        view
        returns (address settings, address keeper, address validators, address poolRegistry, address votePower)
    {
        return (address(0), userKeeper, address(0), address(0), address(0));
    }

    function setDescriptionURL(string calldata url) external {
        descriptionURL = url;
    }

    function setCommentSettings(uint256 minRead, uint256 minCreate) external {
        _minRead = minRead;
        _minCreate = minCreate;
    }

    function getCommentSettings()
        external
        view
        returns (uint256 minVotesForReadProposalDiscussion, uint256 minVotesForCreatingComment)
    {
        return (_minRead, _minCreate);
    }

    function saveOffchainResults(
        string calldata resultsHash,
        uint256 deadline,
        bool quorumReached,
        bytes calldata signature
    ) external {
        if (block.timestamp > deadline) revert GovPoolSignatureExpired(deadline);
        bytes32 structHash = keccak256(
            abi.encode(TYPEHASH, keccak256(bytes(resultsHash)), offchainResultsNonce, msg.sender, deadline, quorumReached)
        );
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", _domainSeparator, structHash));
        if (signature.length != 65 || recoverSigner(digest, signature) != verifier) {
            revert GovPoolInvalidSignature();
        }
        ++offchainResultsNonce;
        latestOffchainResultsHash = resultsHash;
        emit OffchainResultsSaved(resultsHash, msg.sender);
    }
}

/// @notice A minimal EIP-1271 contract wallet owned by one key, to sign in as a smart-contract account.
contract TestSmartWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        return recoverSigner(hash, signature) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// @notice CREATE2 factory of TestSmartWallet, for EIP-6492 sign-ins by wallets not deployed yet.
contract TestWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new TestSmartWallet{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}

/// @notice Test double of PoolRegistry's `isGovPool`: the api only trusts pools it lists.
contract TestPoolRegistry {
    mapping(address => bool) public isGovPool;

    function addGovPool(address pool) external {
        isGovPool[pool] = true;
    }
}

/// @notice A governance token's `decimals`, the only ERC-20 fact the api reads of it.
contract TestToken {
    uint8 public immutable decimals;

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }
}
