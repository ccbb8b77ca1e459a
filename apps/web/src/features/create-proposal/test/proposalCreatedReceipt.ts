import { govPoolAbi } from "@polity/core/generated/contracts";
import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { POOL, USER } from "./poolContextFixture.ts";

/** A receipt holding one `ProposalCreated(proposalId, creator)` log of the pool. */
export function proposalCreatedReceipt(
  proposalId: bigint,
  creator: Address = USER,
): Pick<TransactionReceipt, "status" | "transactionHash" | "logs"> {
  const [signature, ...indexed] = encodeEventTopics({
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
        // Both indexed arguments are given, so every topic is one value.
        topics: [signature, ...indexed.filter((topic): topic is Hex => typeof topic === "string")],
        data,
        blockNumber: 1n,
        logIndex: 0,
        transactionIndex: 0,
        transactionHash: `0x${"ab".repeat(32)}`,
        blockHash: `0x${"cd".repeat(32)}`,
        removed: false,
      },
    ],
  };
}
