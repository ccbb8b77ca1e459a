import type { Address } from "viem";
import { readBatch, readCall } from "./readBatch.ts";
import type { ReadClient } from "./readClient.ts";

const enumerableAbi = [
  {
    type: "function",
    name: "tokenOfOwnerByIndex",
    stateMutability: "view",
    inputs: [
      { name: "owner", type: "address" },
      { name: "index", type: "uint256" },
    ],
    outputs: [{ name: "", type: "uint256" }],
  },
] as const;

/** Most wallet NFTs listed for a deposit or a delegation. */
export const MAX_WALLET_NFTS = 100;

/**
 * The ids of the first `count` (at most `MAX_WALLET_NFTS`) NFTs of `nft` that `owner` holds, in one
 * multicall of the collection's `tokenOfOwnerByIndex`.
 */
export async function readWalletNfts(
  client: ReadClient,
  nft: Address,
  owner: Address,
  count: bigint,
): Promise<bigint[]> {
  if (count <= 0n) return [];
  const listed = Number(count > BigInt(MAX_WALLET_NFTS) ? BigInt(MAX_WALLET_NFTS) : count);
  const enumerable = { address: nft, abi: enumerableAbi } as const;
  const owned = await readBatch(client, {
    ids: Array.from({ length: listed }, (_, index) =>
      readCall(enumerable, "tokenOfOwnerByIndex", [owner, BigInt(index)]),
    ),
  });
  return owned.ids.filter((id): id is bigint => id !== undefined);
}
