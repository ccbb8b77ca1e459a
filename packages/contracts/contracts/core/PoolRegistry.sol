// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";

/// @title PoolRegistry
/// @notice Holds one upgradeable beacon per DAO component, the protocol's shared contracts and the list of
/// deployed GovPools. Upgrading a beacon upgrades that component in every DAO at once.
contract PoolRegistry is Ownable {
    bytes32 public constant GOV_POOL_NAME = "GOV_POOL";
    bytes32 public constant SETTINGS_NAME = "SETTINGS";
    bytes32 public constant USER_KEEPER_NAME = "USER_KEEPER";
    bytes32 public constant VALIDATORS_NAME = "VALIDATORS";
    bytes32 public constant VALIDATORS_TOKEN_NAME = "VALIDATORS_TOKEN";
    bytes32 public constant EXPERT_NFT_NAME = "EXPERT_NFT";
    bytes32 public constant POLYNOMIAL_POWER_NAME = "POLYNOMIAL_POWER";
    bytes32 public constant ERC20_GOV_NAME = "ERC20_GOV";
    bytes32 public constant TOKEN_SALE_NAME = "TOKEN_SALE";
    bytes32 public constant DISTRIBUTION_NAME = "DISTRIBUTION";
    bytes32 public constant STAKING_NAME = "STAKING";
    bytes32 public constant NFT_MULTIPLIER_NAME = "NFT_MULTIPLIER";

    bytes32 public constant POOL_FACTORY_NAME = "POOL_FACTORY";
    bytes32 public constant CORE_PROPERTIES_NAME = "CORE_PROPERTIES";
    bytes32 public constant LINEAR_POWER_NAME = "LINEAR_POWER";
    bytes32 public constant GLOBAL_EXPERT_NFT_NAME = "GLOBAL_EXPERT_NFT";
    bytes32 public constant BABT_NAME = "BABT";
    bytes32 public constant PRICE_FEED_NAME = "PRICE_FEED";
    /// @dev Receives the protocol's token-sale commission (unset: no commission is taken).
    bytes32 public constant PROTOCOL_TREASURY_NAME = "PROTOCOL_TREASURY";

    mapping(bytes32 => address) private _beacons;
    mapping(bytes32 => address) private _contracts;
    mapping(address => bool) private _isGovPool;
    address[] private _govPools;
    mapping(address => bool) private _babtExempt;

    error PoolRegistryLengthMismatch();
    error PoolRegistryNotFactory(address caller);
    error PoolRegistryZeroAddress();

    event ImplementationSet(bytes32 indexed name, address implementation, address beacon);
    event ContractSet(bytes32 indexed name, address contractAddress);
    event GovPoolAdded(address indexed govPool);
    event BABTExemptionSet(address indexed account, bool exempt);

    /// @param owner_ the protocol owner
    constructor(address owner_) Ownable(owner_) {}

    /// @notice Sets (first time: creates the beacon) or upgrades component implementations. Owner only.
    function setImplementations(bytes32[] calldata names, address[] calldata implementations) external onlyOwner {
        if (names.length != implementations.length) revert PoolRegistryLengthMismatch();
        for (uint256 i; i < names.length; ++i) {
            address beacon = _beacons[names[i]];
            if (beacon == address(0)) {
                beacon = address(new UpgradeableBeacon(implementations[i], address(this)));
                _beacons[names[i]] = beacon;
            } else {
                UpgradeableBeacon(beacon).upgradeTo(implementations[i]);
            }
            emit ImplementationSet(names[i], implementations[i], beacon);
        }
    }

    /// @notice Sets shared protocol contracts (factory, core properties, linear power, BABT...). Owner only.
    function setContracts(bytes32[] calldata names, address[] calldata addresses) external onlyOwner {
        if (names.length != addresses.length) revert PoolRegistryLengthMismatch();
        for (uint256 i; i < names.length; ++i) {
            _contracts[names[i]] = addresses[i];
            emit ContractSet(names[i], addresses[i]);
        }
    }

    /// @notice Records a newly deployed GovPool. Pool factory only.
    function addGovPool(address govPool) external {
        if (msg.sender != _contracts[POOL_FACTORY_NAME]) revert PoolRegistryNotFactory(msg.sender);
        if (govPool == address(0)) revert PoolRegistryZeroAddress();
        _isGovPool[govPool] = true;
        _govPools.push(govPool);
        emit GovPoolAdded(govPool);
    }

    /// @notice Whether `pool` was deployed by the protocol's factory.
    function isGovPool(address pool) external view returns (bool) {
        return _isGovPool[pool];
    }

    /// @notice Adds or removes accounts (e.g. a DAO known to vote for its verified members) from the allow-list of
    /// accounts that may vote and create in DAOs restricted to BABT holders without holding one. Owner only.
    /// @dev Being a registered GovPool is not enough (M4): anyone can deploy one through the permissionless factory.
    function setBABTExemptions(address[] calldata accounts, bool exempt) external onlyOwner {
        for (uint256 i; i < accounts.length; ++i) {
            _babtExempt[accounts[i]] = exempt;
            emit BABTExemptionSet(accounts[i], exempt);
        }
    }

    /// @notice Whether `account` is on the owner's BABT allow-list.
    function isBABTExempt(address account) external view returns (bool) {
        return _babtExempt[account];
    }

    /// @notice Beacon of a component (zero when unset).
    function getBeacon(bytes32 name) external view returns (address) {
        return _beacons[name];
    }

    /// @notice Current implementation of a component (zero when unset).
    function getImplementation(bytes32 name) external view returns (address) {
        address beacon = _beacons[name];
        return beacon == address(0) ? address(0) : UpgradeableBeacon(beacon).implementation();
    }

    /// @notice A shared protocol contract by name (zero when unset).
    function getContract(bytes32 name) external view returns (address) {
        return _contracts[name];
    }

    /// @notice Number of GovPools deployed.
    function countPools() external view returns (uint256) {
        return _govPools.length;
    }

    /// @notice A page of GovPools in deployment order.
    function listPools(uint256 offset, uint256 limit) external view returns (address[] memory pools) {
        uint256 total = _govPools.length;
        uint256 to = offset + limit > total ? total : offset + limit;
        if (offset >= to) return new address[](0);
        pools = new address[](to - offset);
        for (uint256 i = offset; i < to; ++i) pools[i - offset] = _govPools[i];
    }
}
