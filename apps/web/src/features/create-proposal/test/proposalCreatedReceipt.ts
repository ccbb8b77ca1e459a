import { govPoolAbi } from "@polity/core/generated/contracts";
import { type Address, encodeAbiParameters, encodeEventTopics, type TransactionReceipt } from "viem";
import { POOL, USER } from "./poolContextFixture.ts";

/** A receipt holding one `ProposalCreated(proposalId, creator)` log of the pool. */
export function proposalCreatedReceipt(proposalId: bigint, creator: Address = USER): TransactionReceipt {
  const topics = encodeEventTopics({
    abi: govPoolAbi,
    eventName: "ProposalCreated",
    args: { proposalId, creator },
  });
  const data = encodeAbiParameters(
    [
      { type: "string" },
      { type: "uint256" },
      { type: "uint256" },
      { type: "uint256" },
      { type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }, { type: "bytes" }] },
      { type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }, { type: "bytes" }] },
    ],
    ["ipfs://x", 0n, 1n, 2n, [], []],
  );
  return {
    status: "success",
    transactionHash: `0x${"ab".repeat(32)}`,
    logs: [
      {
        address: POOL,
        topics,
        data,
        blockNumber: 1n,
        logIndex: 0,
        transactionIndex: 0,
        transactionHash: `0x${"ab".repeat(32)}`,
        blockHash: `0x${"cd".repeat(32)}`,
        removed: false,
      },
    ],
  } as unknown as TransactionReceipt;
}
