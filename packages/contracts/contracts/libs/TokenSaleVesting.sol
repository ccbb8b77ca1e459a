// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title TokenSaleVesting
/// @notice The vesting schedule of token sale purchases: nothing before `start + cliff`, then a linear share
/// of `total` for every whole `step` seconds since `start`, all of it from `start + duration`. Never more
/// than `total`, never decreasing in time.
library TokenSaleVesting {
    function vested(
        uint256 total,
        uint256 start,
        uint256 cliff,
        uint256 duration,
        uint256 step,
        uint256 timestamp
    ) internal pure returns (uint256) {
        if (timestamp < start + cliff || timestamp < start) return 0;
        if (timestamp >= start + duration) return total;
        if (step == 0) step = 1;
        uint256 elapsed = ((timestamp - start) / step) * step;
        return Math.mulDiv(total, elapsed, duration);
    }

    /// @notice The next time more unlocks after `timestamp` (0 when everything has).
    function nextUnlock(
        uint256 start,
        uint256 cliff,
        uint256 duration,
        uint256 step,
        uint256 timestamp
    ) internal pure returns (uint256) {
        uint256 end = start + duration;
        if (timestamp >= end) return 0;
        if (step == 0) step = 1;
        uint256 next = timestamp < start ? start + step : start + ((timestamp - start) / step + 1) * step;
        if (next < start + cliff) next = start + cliff;
        return next > end ? end : next;
    }
}
