// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Chainlink AggregatorV3 read interface.
interface IAggregatorV3 {
    function decimals() external view returns (uint8);

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

/// @title PriceFeed
/// @notice USD prices of tokens from Chainlink-compatible aggregators configured by the protocol owner.
/// Prices are returned with 18 decimals whatever the aggregator's decimals; unknown, stale or non-positive
/// answers read as zero. The native coin uses the placeholder 0xEeee…EeeE.
contract PriceFeed is Ownable {
    struct Feed {
        address aggregator;
        uint64 maxAge;
    }

    mapping(address => Feed) private _feeds;

    error PriceFeedLengthMismatch();

    event AggregatorSet(address indexed token, address aggregator, uint256 maxAge);

    constructor(address owner_) Ownable(owner_) {}

    /// @notice Sets the aggregator (zero removes it) and maximum answer age (0 = no limit) of tokens.
    function setAggregators(
        address[] calldata tokens,
        address[] calldata aggregators,
        uint64[] calldata maxAges
    ) external onlyOwner {
        if (tokens.length != aggregators.length || tokens.length != maxAges.length) revert PriceFeedLengthMismatch();
        for (uint256 i; i < tokens.length; ++i) {
            _feeds[tokens[i]] = Feed(aggregators[i], maxAges[i]);
            emit AggregatorSet(tokens[i], aggregators[i], maxAges[i]);
        }
    }

    /// @notice Aggregator of `token` and its maximum age.
    function getAggregator(address token) external view returns (address aggregator, uint256 maxAge) {
        Feed memory f = _feeds[token];
        return (f.aggregator, f.maxAge);
    }

    /// @notice USD price of one whole `token` with 18 decimals (zero when unknown or stale).
    function getUSDPrice(address token) public view returns (uint256) {
        Feed memory f = _feeds[token];
        if (f.aggregator == address(0)) return 0;
        try IAggregatorV3(f.aggregator).latestRoundData() returns (uint80, int256 answer, uint256, uint256 updatedAt, uint80) {
            if (answer <= 0) return 0;
            if (f.maxAge != 0 && updatedAt + f.maxAge < block.timestamp) return 0;
            uint8 decimals = IAggregatorV3(f.aggregator).decimals();
            if (decimals <= 18) return uint256(answer) * 10 ** (18 - decimals);
            return uint256(answer) / 10 ** (decimals - 18);
        } catch {
            return 0;
        }
    }

    /// @notice USD prices (18 decimals) of many tokens in one call.
    function getUSDPrices(address[] calldata tokens) external view returns (uint256[] memory prices) {
        prices = new uint256[](tokens.length);
        for (uint256 i; i < tokens.length; ++i) prices[i] = getUSDPrice(tokens[i]);
    }
}
