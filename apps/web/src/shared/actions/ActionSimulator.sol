// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/**
 * Never deployed. The proposal page puts this code at a DAO's address for one `eth_call` (a state
 * override): the DAO keeps its storage and balances, and each call below is made from its address,
 * as the DAO makes its proposal's actions on execution. Balance reads before and after the actions
 * in the same run give the balance changes the execution would cause.
 */
contract ActionSimulator {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// Makes every call in order from this address, none stopping the next; each call's value comes from this address's balance.
    function run(Call[] calldata calls) external returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (results[i].success, results[i].returnData) = calls[i].target.call{value: calls[i].value}(calls[i].data);
        }
    }

    /// The native balance of `account`, read among the calls of `run`.
    function nativeBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
