import { type Address, erc20Abi } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";

/** ERC-165 interface ids. */
const ERC721_INTERFACE = "0x80ac58cd";
const ERC721_ENUMERABLE_INTERFACE = "0x780e9d63";

const erc165Abi = [
  {
    type: "function",
    name: "supportsInterface",
    stateMutability: "view",
    inputs: [{ name: "interfaceId", type: "bytes4" }],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

export type TokenInspection =
  | { kind: "erc20"; address: Address; name: string; symbol: string; decimals: number; totalSupply: bigint }
  | {
      kind: "erc721";
      address: Address;
      name: string;
      symbol: string;
      isEnumerable: boolean;
      totalSupply: bigint | null;
    }
  | { kind: "notFound"; address: Address };

/**
 * What a governance asset address holds: an ERC-20 token, an ERC-721 collection, or nothing usable.
 * The code, then one multicall: the ERC-165 answers and the metadata both standards share (a read
 * the contract does not answer counts as absent).
 */
export async function inspectToken(
  client: Pick<ReadClient, "getCode" | "multicall">,
  address: Address,
): Promise<TokenInspection> {
  const code = await client.getCode({ address });
  if (!code || code === "0x") return { kind: "notFound", address };

  const erc165 = { address, abi: erc165Abi } as const;
  const token = { address, abi: erc20Abi } as const;
  const read = await readBatch(client, {
    isErc721: readCall(erc165, "supportsInterface", [ERC721_INTERFACE]),
    isEnumerable: readCall(erc165, "supportsInterface", [ERC721_ENUMERABLE_INTERFACE]),
    name: readCall(token, "name"),
    symbol: readCall(token, "symbol"),
    decimals: readCall(token, "decimals"),
    totalSupply: readCall(token, "totalSupply"),
  });

  if (read.isErc721) {
    const isEnumerable = read.isEnumerable ?? false;
    return {
      kind: "erc721",
      address,
      name: read.name ?? "",
      symbol: read.symbol ?? "",
      isEnumerable,
      totalSupply: isEnumerable ? (read.totalSupply ?? null) : null,
    };
  }
  const { name, symbol, decimals, totalSupply } = read;
  if (name === undefined || symbol === undefined || decimals === undefined || totalSupply === undefined)
    return { kind: "notFound", address };
  return { kind: "erc20", address, name, symbol, decimals, totalSupply };
}
