// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Chainlink-compatible aggregator with a fixed, settable answer (local chains and tests).
contract MockAggregator {
    uint8 public immutable decimals;
    int256 private _answer;
    uint256 private _updatedAt;
    uint80 private _round;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, int256 answer_) {
        decimals = decimals_;
        setAnswer(answer_);
    }

    function setAnswer(int256 answer_) public {
        _answer = answer_;
        _updatedAt = block.timestamp;
        ++_round;
        emit AnswerUpdated(answer_, _round, block.timestamp);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (_round, _answer, _updatedAt, _updatedAt, _round);
    }
}
