// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title TokenSaleVesting
/// @notice The vesting schedule of token sale purchases: nothing before `start + cliff`, then a linear share
/// of `total` for every whole `step` seconds since `start`, all of it from `start + duration`. Never more
/// than `total`, never decreasing in time.
library TokenSaleVesting {
    /// @notice When a schedule starts, and its cliff, duration and unlock step in seconds.
    struct Schedule {
        uint256 start;
        uint256 cliff;
        uint256 duration;
        uint256 step;
    }

    /// @notice How much of `total` has unlocked at `timestamp`.
    function vested(uint256 total, Schedule memory s, uint256 timestamp) internal pure returns (uint256) {
        uint256 start = s.start;
        if (timestamp < start + s.cliff || timestamp < start) return 0;
        if (timestamp >= start + s.duration) return total;
        uint256 step = s.step == 0 ? 1 : s.step;
        uint256 elapsed = ((timestamp - start) / step) * step;
        return Math.mulDiv(total, elapsed, s.duration);
    }

    /// @notice The next time more unlocks after `timestamp` (0 when everything has).
    function nextUnlock(Schedule memory s, uint256 timestamp) internal pure returns (uint256) {
        uint256 start = s.start;
        uint256 end = start + s.duration;
        if (timestamp >= end) return 0;
        uint256 step = s.step == 0 ? 1 : s.step;
        uint256 next = timestamp < start ? start + step : start + ((timestamp - start) / step + 1) * step;
        if (next < start + s.cliff) next = start + s.cliff;
        return next > end ? end : next;
    }
}
