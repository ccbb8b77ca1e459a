import type { Hex } from "viem";

/**
 * The root of a Merkle whitelist as the api stores it and the contract checks it: an OpenZeppelin
 * StandardMerkleTree of `[address]` over the distinct lower-cased addresses, sorted. The library loads
 * only when a tier has a Merkle whitelist.
 */
export async function merkleWhitelistRoot(
  addresses: readonly string[],
): Promise<{ root: Hex; addresses: Hex[] }> {
  const { StandardMerkleTree } = await import("@openzeppelin/merkle-tree");
  const unique = [...new Set(addresses.map((a) => a.trim().toLowerCase() as Hex))].sort();
  const tree = StandardMerkleTree.of(
    unique.map((a) => [a]),
    ["address"],
  );
  return { root: tree.root as Hex, addresses: unique };
}
