import { type Address, erc20Abi, type PublicClient } from "viem";

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

const erc721MetadataAbi = [
  {
    type: "function",
    name: "name",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
  },
  {
    type: "function",
    name: "symbol",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
  },
  {
    type: "function",
    name: "totalSupply",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "uint256" }],
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

type ReadClient = Pick<PublicClient, "getCode" | "readContract">;

async function supportsInterface(client: ReadClient, address: Address, id: `0x${string}`): Promise<boolean> {
  try {
    return await client.readContract({
      address,
      abi: erc165Abi,
      functionName: "supportsInterface",
      args: [id],
    });
  } catch {
    return false;
  }
}

async function optional<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch {
    return null;
  }
}

/** What a governance asset address holds: an ERC-20 token, an ERC-721 collection, or nothing usable. */
export async function inspectToken(client: ReadClient, address: Address): Promise<TokenInspection> {
  const code = await client.getCode({ address });
  if (!code || code === "0x") return { kind: "notFound", address };

  if (await supportsInterface(client, address, ERC721_INTERFACE)) {
    const [name, symbol, isEnumerable] = await Promise.all([
      optional(client.readContract({ address, abi: erc721MetadataAbi, functionName: "name" })),
      optional(client.readContract({ address, abi: erc721MetadataAbi, functionName: "symbol" })),
      supportsInterface(client, address, ERC721_ENUMERABLE_INTERFACE),
    ]);
    const totalSupply = isEnumerable
      ? await optional(client.readContract({ address, abi: erc721MetadataAbi, functionName: "totalSupply" }))
      : null;
    return { kind: "erc721", address, name: name ?? "", symbol: symbol ?? "", isEnumerable, totalSupply };
  }

  try {
    const [name, symbol, decimals, totalSupply] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: "name" }),
      client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
      client.readContract({ address, abi: erc20Abi, functionName: "totalSupply" }),
    ]);
    return { kind: "erc20", address, name, symbol, decimals, totalSupply };
  } catch {
    return { kind: "notFound", address };
  }
}
