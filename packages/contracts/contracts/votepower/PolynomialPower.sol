// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IVotePower} from "../interfaces/IVotePower.sol";

interface IPolynomialPool {
    function getHelperContracts()
        external
        view
        returns (address settings, address userKeeper, address validators, address poolRegistry, address votePower);

    function getNftContracts()
        external
        view
        returns (address nftMultiplier, address expertNft, address globalExpertNft, address babt);
}

interface IPowerSource {
    function getTotalPower() external view returns (uint256);
}

interface IExpertSource {
    function isExpert(address user) external view returns (bool);
}

/// @title PolynomialPower
/// @notice Meritocratic vote-power model (PROTOCOL.md "Voting power"), fixed point with 18 decimals.
/// Holders are linear below 7% of the total power, then follow a cubic; experts follow a quartic curve
/// weighted by the share of treasury-delegated votes.
contract PolynomialPower is IVotePower, Initializable {
    uint256 private constant ONE = 1e18;
    uint256 private constant HUNDRED = 100e18;
    uint256 private constant HOLDERS_THRESHOLD = 7e18;
    uint256 private constant EXPERTS_BREAKPOINT = 6.63e18;
    int256 private constant EXPERTS_VALUE_AT_BREAKPOINT = 8837558950360920000;

    address public govPool;
    /// @notice Coefficients with 18 decimals (0.97e18 = 0.97).
    uint256 public holdersCoefficient;
    uint256 public expertsCoefficient;
    uint256 public expertsDelegationCoefficient;

    error PolynomialPowerNotPool(address caller);
    error PolynomialPowerInvalidCoefficients();

    event CoefficientsChanged(uint256 holders, uint256 experts, uint256 expertsDelegation);

    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the model for one DAO.
    function initialize(address govPool_, uint256 holders, uint256 experts, uint256 expertsDelegation) external initializer {
        govPool = govPool_;
        _setCoefficients(holders, experts, expertsDelegation);
    }

    /// @notice Changes the coefficients. GovPool (proposal) only.
    function changeCoefficients(uint256 holders, uint256 experts, uint256 expertsDelegation) external {
        if (msg.sender != govPool) revert PolynomialPowerNotPool(msg.sender);
        _setCoefficients(holders, experts, expertsDelegation);
    }

    /// @inheritdoc IVotePower
    function transformVotes(
        address voter,
        uint256 personalVotes,
        uint256 micropoolVotes,
        uint256 treasuryVotes
    ) external view returns (uint256) {
        uint256 votes = personalVotes + micropoolVotes + treasuryVotes;
        if (votes == 0) return 0;
        (, address userKeeper, , , ) = IPolynomialPool(govPool).getHelperContracts();
        uint256 totalPower = IPowerSource(userKeeper).getTotalPower();
        return calculate(totalPower, votes, treasuryVotes, _isExpert(voter));
    }

    /// @notice The formula itself, for previews and tests.
    /// @param totalPower S
    /// @param votes v (raw vote, clamped to S)
    /// @param treasuryVotes the treasury-delegated part of v
    /// @param isExpert whether the experts' curve applies
    function calculate(
        uint256 totalPower,
        uint256 votes,
        uint256 treasuryVotes,
        bool isExpert
    ) public view returns (uint256) {
        if (totalPower == 0 || votes == 0) return 0;
        uint256 x = votes >= totalPower ? HUNDRED : Math.mulDiv(votes, HUNDRED, totalPower);
        if (isExpert) {
            uint256 f = _expertsCurve(x);
            uint256 r = treasuryVotes >= votes ? ONE : Math.mulDiv(treasuryVotes, ONE, votes);
            uint256 k = (expertsCoefficient * (ONE - r) + expertsDelegationCoefficient * r) / ONE;
            // (S / 100) * f * k with f and k in 18 decimals
            return Math.mulDiv(totalPower, Math.mulDiv(f, k, ONE), HUNDRED);
        }
        if (x < HOLDERS_THRESHOLD) return votes;
        uint256 t = x - HOLDERS_THRESHOLD;
        uint256 t2 = (t * t) / ONE;
        uint256 t3 = (t2 * t) / ONE;
        // 1.041t − 0.007211t² + 0.0001994t³ is positive for every t > 0 (negative discriminant)
        uint256 curve = (1.041e18 * t + 0.0001994e18 * t3 - 0.007211e18 * t2) / ONE;
        return (totalPower * 7) / 100 + Math.mulDiv(totalPower, Math.mulDiv(holdersCoefficient, curve, ONE), HUNDRED);
    }

    function _expertsCurve(uint256 x) private pure returns (uint256) {
        int256 f;
        if (x < EXPERTS_BREAKPOINT) {
            int256 xi = int256(x);
            int256 x2 = (xi * xi) / 1e18;
            int256 x3 = (x2 * xi) / 1e18;
            int256 x4 = (x3 * xi) / 1e18;
            f = (1.801894e18 * xi - 0.169889e18 * x2 + 0.023761e18 * x3 - 0.001328e18 * x4) / 1e18;
        } else {
            int256 u = int256(x - EXPERTS_BREAKPOINT);
            int256 u2 = (u * u) / 1e18;
            int256 u3 = (u2 * u) / 1e18;
            int256 u4 = (u3 * u) / 1e18;
            f =
                EXPERTS_VALUE_AT_BREAKPOINT +
                (1.13e18 * u - 0.006086e18 * u2 + 0.00004147e18 * u3 - 0.000000148e18 * u4) /
                1e18;
        }
        return f > 0 ? uint256(f) : 0;
    }

    function _isExpert(address voter) private view returns (bool) {
        (, address expertNft, address globalExpertNft, ) = IPolynomialPool(govPool).getNftContracts();
        return
            (expertNft != address(0) && IExpertSource(expertNft).isExpert(voter)) ||
            (globalExpertNft != address(0) && IExpertSource(globalExpertNft).isExpert(voter));
    }

    function _setCoefficients(uint256 holders, uint256 experts, uint256 expertsDelegation) private {
        if (holders == 0 || experts == 0 || expertsDelegation == 0 || holders > 10e18 || experts > 10e18 || expertsDelegation > 10e18) {
            revert PolynomialPowerInvalidCoefficients();
        }
        holdersCoefficient = holders;
        expertsCoefficient = experts;
        expertsDelegationCoefficient = expertsDelegation;
        emit CoefficientsChanged(holders, experts, expertsDelegation);
    }
}
