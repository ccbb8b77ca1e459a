// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {IGovTypes} from "../interfaces/IGovTypes.sol";
import {PoolRegistry} from "./PoolRegistry.sol";
import {GovPool} from "../gov/GovPool.sol";
import {GovSettings} from "../gov/GovSettings.sol";
import {GovUserKeeper} from "../gov/GovUserKeeper.sol";
import {GovValidators} from "../gov/GovValidators.sol";
import {GovValidatorsToken} from "../gov/GovValidatorsToken.sol";
import {ExpertNft} from "../gov/ExpertNft.sol";
import {ERC20Gov} from "../gov/ERC20Gov.sol";
import {PolynomialPower} from "../votepower/PolynomialPower.sol";
import {TokenSaleProposal} from "../executors/TokenSaleProposal.sol";
import {DistributionProposal} from "../executors/DistributionProposal.sol";
import {StakingProposal} from "../executors/StakingProposal.sol";
import {NftMultiplier} from "../gov/NftMultiplier.sol";

/// @title PoolFactory
/// @notice Deploys a whole DAO in one transaction. Helpers are beacon proxies of the PoolRegistry's
/// implementations (upgradeable together by the protocol owner); a new governance token and the validator
/// token are immutable clones, so nobody can change a DAO's token logic later. Every address is CREATE2 with
/// salt keccak256(deployer, name), so `predictGovAddresses` tells the wizard the addresses in advance and
/// whether a name is taken.
contract PoolFactory is IGovTypes {
    struct SettingsDeployParams {
        ProposalSettings[] proposalSettings;
        address[] additionalProposalExecutors;
    }

    struct ValidatorsDeployParams {
        string name;
        string symbol;
        GovValidators.ValidatorSettings proposalSettings;
        address[] validators;
        uint256[] balances;
    }

    struct UserKeeperDeployParams {
        address tokenAddress;
        address nftAddress;
        uint256 individualPower;
        uint256 nftsTotalSupply;
    }

    /// @dev Coefficients have 18 decimals; zero means the spec default (0.97 / 0.92 / 1.08).
    struct VotePowerDeployParams {
        VotePowerType voteType;
        uint256 holdersCoefficient;
        uint256 expertsCoefficient;
        uint256 expertsDelegationCoefficient;
        address presetAddress;
    }

    /// @dev `tokenParams.name` empty = use `userKeeperParams.tokenAddress`; otherwise a new ERC20Gov is
    /// created and used as the governance token.
    struct GovPoolDeployParams {
        SettingsDeployParams settingsParams;
        ValidatorsDeployParams validatorsParams;
        UserKeeperDeployParams userKeeperParams;
        ERC20Gov.TokenParams tokenParams;
        VotePowerDeployParams votePowerParams;
        address verifier;
        bool onlyBABTHolders;
        string descriptionURL;
        string name;
        uint256 minVotesForReadProposalDiscussion;
        uint256 minVotesForCreatingComment;
    }

    struct GovPoolPredictedAddresses {
        address govPool;
        address settings;
        address userKeeper;
        address validators;
        address validatorsToken;
        address expertNft;
        address polynomialPower;
        address govToken;
        address tokenSale;
        address distribution;
        address staking;
        address nftMultiplier;
    }

    struct DeployedEvent {
        string name;
        string descriptionURL;
        GovPoolPredictedAddresses a;
        address votePower;
        address token;
        address nft;
    }

    PoolRegistry public immutable poolRegistry;

    error PoolFactoryEmptyName();
    error PoolFactoryNameTaken(string name);
    error PoolFactoryInvalidVotePower();

    event DaoPoolDeployed(
        string name,
        address indexed govPool,
        address settings,
        address userKeeper,
        address validators,
        address validatorsToken,
        address expertNft,
        address votePower,
        address token,
        address nft,
        string descriptionURL,
        address indexed sender
    );

    /// @notice The DAO's executors (token sale: settings slot 4, distribution: slot 3), deployed with it.
    event DaoExecutorsDeployed(address indexed govPool, address tokenSale, address distribution);

    /// @notice The DAO's StakingProposal (default settings slot), deployed with it.
    event DaoStakingDeployed(address indexed govPool, address staking);

    /// @notice The DAO's reward multiplier NFT collection, deployed with it and active from the start.
    event DaoNftMultiplierDeployed(address indexed govPool, address nftMultiplier);

    constructor(PoolRegistry registry) {
        poolRegistry = registry;
    }

    /// @notice Deploys and initializes a DAO. The GovPool owns every helper afterwards.
    function deployGovPool(GovPoolDeployParams calldata params) external returns (address govPool) {
        if (bytes(params.name).length == 0) revert PoolFactoryEmptyName();
        bytes32 salt = _salt(msg.sender, params.name);
        GovPoolPredictedAddresses memory a = _predict(salt, bytes(params.tokenParams.name).length > 0);
        if (a.govPool.code.length > 0) revert PoolFactoryNameTaken(params.name);

        _deployProxy(PoolRegistry(poolRegistry).GOV_POOL_NAME(), salt);
        _deployProxy(poolRegistry.SETTINGS_NAME(), salt);
        _deployProxy(poolRegistry.USER_KEEPER_NAME(), salt);
        _deployProxy(poolRegistry.VALIDATORS_NAME(), salt);
        _deployProxy(poolRegistry.EXPERT_NFT_NAME(), salt);
        _deployProxy(poolRegistry.TOKEN_SALE_NAME(), salt);
        _deployProxy(poolRegistry.DISTRIBUTION_NAME(), salt);
        _deployProxy(poolRegistry.STAKING_NAME(), salt);
        _deployProxy(poolRegistry.NFT_MULTIPLIER_NAME(), salt);
        Clones.cloneDeterministic(poolRegistry.getImplementation(poolRegistry.VALIDATORS_TOKEN_NAME()), salt);

        address token = params.userKeeperParams.tokenAddress;
        if (a.govToken != address(0)) {
            Clones.cloneDeterministic(poolRegistry.getImplementation(poolRegistry.ERC20_GOV_NAME()), salt);
            ERC20Gov(a.govToken).initialize(a.govPool, params.tokenParams);
            token = a.govToken;
        }

        (address votePower, bool isLinear) = _deployVotePower(params.votePowerParams, a, salt);
        // Order matters: the pool reads the keeper's token/NFT when initialized, and GovSettings pushes its
        // settings into the initialized pool.
        GovUserKeeper(a.userKeeper).initialize(
            a.govPool,
            token,
            params.userKeeperParams.nftAddress,
            params.userKeeperParams.individualPower,
            params.userKeeperParams.nftsTotalSupply
        );
        _initPool(params, a, votePower, isLinear);
        _initHelpers(params, a);

        poolRegistry.addGovPool(a.govPool);
        _emitDeployed(params, a, votePower, token);
        emit DaoExecutorsDeployed(a.govPool, a.tokenSale, a.distribution);
        emit DaoStakingDeployed(a.govPool, a.staking);
        emit DaoNftMultiplierDeployed(a.govPool, a.nftMultiplier);
        return a.govPool;
    }

    /// @notice Addresses `deployer` would get for a DAO named `name` (govToken assumes a new token).
    function predictGovAddresses(
        address deployer,
        string calldata name
    ) external view returns (GovPoolPredictedAddresses memory) {
        return _predict(_salt(deployer, name), true);
    }

    /// @notice Whether `deployer` already used `name`.
    function isNameTaken(address deployer, string calldata name) external view returns (bool) {
        return _predict(_salt(deployer, name), false).govPool.code.length > 0;
    }

    function _initHelpers(GovPoolDeployParams calldata params, GovPoolPredictedAddresses memory a) private {
        address[] memory internalExecutors = new address[](3);
        internalExecutors[0] = a.govPool;
        internalExecutors[1] = a.settings;
        internalExecutors[2] = a.userKeeper;
        GovSettings(a.settings).initialize(
            a.govPool,
            internalExecutors,
            a.validators,
            [a.distribution, a.tokenSale],
            params.settingsParams.proposalSettings,
            params.settingsParams.additionalProposalExecutors
        );
        ValidatorsDeployParams calldata v = params.validatorsParams;
        GovValidatorsToken(a.validatorsToken).initialize(a.validators, _vt(v.name), _vt(v.symbol));
        GovValidators(a.validators).initialize(a.govPool, a.validatorsToken, v.proposalSettings, v.validators, v.balances);
        ExpertNft(a.expertNft).initialize(a.govPool, string.concat(params.name, " Expert"), "EXPERT");
        TokenSaleProposal(a.tokenSale).initialize(a.govPool, a.userKeeper, address(poolRegistry));
        DistributionProposal(a.distribution).initialize(a.govPool);
        StakingProposal(a.staking).initialize(a.govPool);
        NftMultiplier(a.nftMultiplier).initialize(
            a.govPool,
            a.userKeeper,
            string.concat(params.name, " Multiplier"),
            "MULTIPLIER"
        );
    }

    function _initPool(
        GovPoolDeployParams calldata params,
        GovPoolPredictedAddresses memory a,
        address votePower,
        bool isLinear
    ) private {
        PoolRegistry registry = poolRegistry;
        GovPool(payable(a.govPool)).initialize(
            GovPool.InitParams({
                settings: a.settings,
                userKeeper: a.userKeeper,
                validators: a.validators,
                poolRegistry: address(registry),
                votePower: votePower,
                isLinearPower: isLinear,
                expertNft: a.expertNft,
                globalExpertNft: registry.getContract(registry.GLOBAL_EXPERT_NFT_NAME()),
                babt: registry.getContract(registry.BABT_NAME()),
                onlyBABTHolders: params.onlyBABTHolders,
                verifier: params.verifier,
                coreProperties: registry.getContract(registry.CORE_PROPERTIES_NAME()),
                descriptionURL: params.descriptionURL,
                name: params.name,
                minVotesForReadProposalDiscussion: params.minVotesForReadProposalDiscussion,
                minVotesForCreatingComment: params.minVotesForCreatingComment,
                nftMultiplier: a.nftMultiplier
            })
        );
    }

    function _deployVotePower(
        VotePowerDeployParams calldata p,
        GovPoolPredictedAddresses memory a,
        bytes32 salt
    ) private returns (address votePower, bool isLinear) {
        if (p.voteType == VotePowerType.Linear) {
            return (poolRegistry.getContract(poolRegistry.LINEAR_POWER_NAME()), true);
        }
        if (p.voteType == VotePowerType.Custom) {
            if (p.presetAddress.code.length == 0) revert PoolFactoryInvalidVotePower();
            return (p.presetAddress, false);
        }
        _deployProxy(poolRegistry.POLYNOMIAL_POWER_NAME(), salt);
        PolynomialPower(a.polynomialPower).initialize(
            a.govPool,
            p.holdersCoefficient == 0 ? 0.97e18 : p.holdersCoefficient,
            p.expertsCoefficient == 0 ? 0.92e18 : p.expertsCoefficient,
            p.expertsDelegationCoefficient == 0 ? 1.08e18 : p.expertsDelegationCoefficient
        );
        return (a.polynomialPower, false);
    }

    function _emitDeployed(
        GovPoolDeployParams calldata params,
        GovPoolPredictedAddresses memory a,
        address votePower,
        address token
    ) private {
        DeployedEvent memory e = DeployedEvent({
            name: params.name,
            descriptionURL: params.descriptionURL,
            a: a,
            votePower: votePower,
            token: token,
            nft: params.userKeeperParams.nftAddress
        });
        _emit(e);
    }

    function _emit(DeployedEvent memory e) private {
        emit DaoPoolDeployed(
            e.name,
            e.a.govPool,
            e.a.settings,
            e.a.userKeeper,
            e.a.validators,
            e.a.validatorsToken,
            e.a.expertNft,
            e.votePower,
            e.token,
            e.nft,
            e.descriptionURL,
            msg.sender
        );
    }

    function _deployProxy(bytes32 component, bytes32 salt) private returns (address) {
        return address(new BeaconProxy{salt: salt}(poolRegistry.getBeacon(component), ""));
    }

    function _predict(bytes32 salt, bool withToken) private view returns (GovPoolPredictedAddresses memory a) {
        PoolRegistry r = poolRegistry;
        a.govPool = _predictProxy(r.GOV_POOL_NAME(), salt);
        a.settings = _predictProxy(r.SETTINGS_NAME(), salt);
        a.userKeeper = _predictProxy(r.USER_KEEPER_NAME(), salt);
        a.validators = _predictProxy(r.VALIDATORS_NAME(), salt);
        a.expertNft = _predictProxy(r.EXPERT_NFT_NAME(), salt);
        a.polynomialPower = _predictProxy(r.POLYNOMIAL_POWER_NAME(), salt);
        a.tokenSale = _predictProxy(r.TOKEN_SALE_NAME(), salt);
        a.distribution = _predictProxy(r.DISTRIBUTION_NAME(), salt);
        a.staking = _predictProxy(r.STAKING_NAME(), salt);
        a.nftMultiplier = _predictProxy(r.NFT_MULTIPLIER_NAME(), salt);
        a.validatorsToken = Clones.predictDeterministicAddress(r.getImplementation(r.VALIDATORS_TOKEN_NAME()), salt);
        if (withToken) a.govToken = Clones.predictDeterministicAddress(r.getImplementation(r.ERC20_GOV_NAME()), salt);
    }

    function _predictProxy(bytes32 component, bytes32 salt) private view returns (address) {
        bytes32 initCodeHash = keccak256(
            abi.encodePacked(type(BeaconProxy).creationCode, abi.encode(poolRegistry.getBeacon(component), bytes("")))
        );
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }

    function _salt(address deployer, string calldata name) private pure returns (bytes32) {
        return keccak256(abi.encodePacked(deployer, name));
    }

    /// @dev Validator token name and symbol carry the "-VT" suffix (added unless already there).
    function _vt(string calldata s) private pure returns (string memory) {
        bytes calldata b = bytes(s);
        uint256 n = b.length;
        if (n >= 3 && b[n - 3] == "-" && b[n - 2] == "V" && b[n - 1] == "T") return s;
        return string.concat(s, "-VT");
    }
}
