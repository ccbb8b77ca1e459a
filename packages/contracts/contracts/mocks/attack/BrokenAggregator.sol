// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice A broken price aggregator: its round data looks valid, but `decimals()` reverts (when asked) or is
/// absurd, or its answer is too large to scale. One such feed must not break a batch of prices (L9).
contract BrokenAggregator {
    uint8 private immutable _decimals;
    bool private immutable _revertDecimals;
    int256 private immutable _answer;

    constructor(uint8 decimals_, bool revertDecimals_, int256 answer_) {
        _decimals = decimals_;
        _revertDecimals = revertDecimals_;
        _answer = answer_;
    }

    function decimals() external view returns (uint8) {
        require(!_revertDecimals, "decimals unavailable");
        return _decimals;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (1, _answer, block.timestamp, block.timestamp, 1);
    }
}
