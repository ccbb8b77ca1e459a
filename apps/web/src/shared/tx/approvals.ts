import { type Address, erc20Abi, erc721Abi } from "viem";

/** The ERC-20 approval a terminal asks for before the DAO's contract pulls `amount` of `token`. */
export function approveTokenRequest(input: {
  token: Address;
  spender: Address;
  amount: bigint;
  chainId: number;
}) {
  return {
    address: input.token,
    abi: erc20Abi,
    chainId: input.chainId,
    functionName: "approve",
    args: [input.spender, input.amount],
  } as const;
}

/** The approval of every NFT of a collection for the DAO's contract that takes them in. */
export function approveNftsRequest(input: { nft: Address; spender: Address; chainId: number }) {
  return {
    address: input.nft,
    abi: erc721Abi,
    chainId: input.chainId,
    functionName: "setApprovalForAll",
    args: [input.spender, true],
  } as const;
}
