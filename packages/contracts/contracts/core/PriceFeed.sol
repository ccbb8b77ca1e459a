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

    /// @notice USD price of one whole `token` with 18 decimals (zero when unknown, stale or unreadable).
    /// @dev Never reverts, whatever the aggregator does (L9: one broken feed must not revert a batch): both
    /// calls are low-level and their answers checked before decoding (a `try` would still revert on data it
    /// cannot decode), and an answer that cannot be scaled to 18 decimals reads as unknown.
    function getUSDPrice(address token) public view returns (uint256) {
        Feed memory f = _feeds[token];
        if (f.aggregator == address(0)) return 0;
        (bool ok, bytes memory data) = f.aggregator.staticcall(abi.encodeCall(IAggregatorV3.latestRoundData, ()));
        if (!ok || data.length < 160) return 0;
        (, int256 answer, , uint256 updatedAt, ) = abi.decode(data, (uint256, int256, uint256, uint256, uint256));
        if (answer <= 0) return 0;
        if (f.maxAge != 0 && (updatedAt > block.timestamp || block.timestamp - updatedAt > f.maxAge)) return 0;
        (ok, data) = f.aggregator.staticcall(abi.encodeCall(IAggregatorV3.decimals, ()));
        if (!ok || data.length < 32) return 0;
        return _scale(uint256(answer), abi.decode(data, (uint256)));
    }

    /// @dev `answer` with `decimals` decimals as 18 decimals; zero when it does not fit.
    function _scale(uint256 answer, uint256 decimals) private pure returns (uint256) {
        if (decimals > 18) return decimals - 18 > 77 ? 0 : answer / 10 ** (decimals - 18);
        uint256 factor = 10 ** (18 - decimals);
        return answer > type(uint256).max / factor ? 0 : answer * factor;
    }

    /// @notice USD prices (18 decimals) of many tokens in one call.
    function getUSDPrices(address[] calldata tokens) external view returns (uint256[] memory prices) {
        prices = new uint256[](tokens.length);
        for (uint256 i; i < tokens.length; ++i) prices[i] = getUSDPrice(tokens[i]);
    }
}
