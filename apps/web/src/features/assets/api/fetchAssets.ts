import { govPoolAbi, govUserKeeperAbi } from "@polity/core/generated/contracts";
import { type Address, erc20Abi, erc721Abi, zeroAddress } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";

type Settled = { status: "success"; result: unknown } | { status: "failure"; error: Error };

function ok<T>(entry: Settled | undefined): T | undefined {
  return entry?.status === "success" ? (entry.result as T) : undefined;
}

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

/** Most wallet NFTs listed for a deposit. */
export const MAX_WALLET_NFTS = 100;

export class NotADaoError extends Error {
  override name = "NotADaoError";
}

export interface DaoAssets {
  dao: Address;
  daoName: string;
  userKeeper: Address;
  token: { address: Address; symbol: string; decimals: number } | null;
  nft: { address: Address; symbol: string } | null;
  user: {
    address: Address;
    walletBalance: bigint;
    nativeBalance: bigint;
    allowance: bigint;
    deposited: bigint;
    withdrawable: bigint;
    depositedNfts: readonly bigint[];
    withdrawableNfts: readonly bigint[];
    walletNfts: readonly bigint[];
    isNftApproved: boolean;
  } | null;
}

/**
 * The DAO's assets and the user's position for the deposit and withdraw terminals: the pool, then
 * its user keeper, then the tokens (three multicalls; a fourth lists wallet NFTs when there are any).
 */
export async function fetchAssets(
  client: ReadClient,
  dao: Address,
  user: Address | undefined,
): Promise<DaoAssets> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const first = (await client.multicall({
    allowFailure: true,
    contracts: [
      { ...pool, functionName: "name" },
      { ...pool, functionName: "getHelperContracts" },
      ...(user ? [{ ...pool, functionName: "getWithdrawableAssets", args: [user] }] : []),
    ] as never,
  })) as Settled[];
  const helpers = ok<readonly Address[]>(first[1]);
  const userKeeper = helpers?.[1];
  if (!userKeeper) throw new NotADaoError(`${dao} is not a DAO`);
  const keeper = { address: userKeeper, abi: govUserKeeperAbi } as const;
  const [second, nativeBalance] = await Promise.all([
    client.multicall({
      allowFailure: true,
      contracts: [
        { ...keeper, functionName: "tokenAddress" },
        { ...keeper, functionName: "nftAddress" },
        ...(user
          ? [
              { ...keeper, functionName: "tokenBalance", args: [user] },
              { ...keeper, functionName: "nftBalance", args: [user] },
            ]
          : []),
      ] as never,
    }) as Promise<Settled[]>,
    user ? client.getBalance({ address: user }) : Promise.resolve(0n),
  ]);
  const tokenAddress = ok<Address>(second[0]) ?? zeroAddress;
  const nftAddress = ok<Address>(second[1]) ?? zeroAddress;
  const owner = user ?? zeroAddress;
  const third = [
    ...(tokenAddress !== zeroAddress
      ? [
          { address: tokenAddress, abi: erc20Abi, functionName: "symbol" },
          { address: tokenAddress, abi: erc20Abi, functionName: "decimals" },
          { address: tokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [owner] },
          { address: tokenAddress, abi: erc20Abi, functionName: "allowance", args: [owner, userKeeper] },
        ]
      : []),
    ...(nftAddress !== zeroAddress
      ? [
          { address: nftAddress, abi: erc721Abi, functionName: "symbol" },
          { address: nftAddress, abi: erc721Abi, functionName: "balanceOf", args: [owner] },
          {
            address: nftAddress,
            abi: erc721Abi,
            functionName: "isApprovedForAll",
            args: [owner, userKeeper],
          },
        ]
      : []),
  ];
  const results = third.length
    ? ((await client.multicall({ allowFailure: true, contracts: third as never })) as Settled[])
    : [];
  let i = 0;
  const next = <T>() => ok<T>(results[i++]);
  let token: DaoAssets["token"] = null;
  let walletBalance = 0n;
  let allowance = 0n;
  if (tokenAddress !== zeroAddress) {
    token = { address: tokenAddress, symbol: next<string>() ?? "", decimals: Number(next<number>() ?? 18) };
    walletBalance = next<bigint>() ?? 0n;
    allowance = next<bigint>() ?? 0n;
  }
  let nft: DaoAssets["nft"] = null;
  let nftCount = 0n;
  let isNftApproved = false;
  if (nftAddress !== zeroAddress) {
    nft = { address: nftAddress, symbol: next<string>() ?? "" };
    nftCount = next<bigint>() ?? 0n;
    isNftApproved = Boolean(next<boolean>());
  }
  let walletNfts: bigint[] = [];
  if (user && nft && nftCount > 0n) {
    const count = Number(nftCount > BigInt(MAX_WALLET_NFTS) ? BigInt(MAX_WALLET_NFTS) : nftCount);
    const ids = (await client.multicall({
      allowFailure: true,
      contracts: Array.from({ length: count }, (_, index) => ({
        address: nft.address,
        abi: enumerableAbi,
        functionName: "tokenOfOwnerByIndex",
        args: [user, BigInt(index)],
      })),
    })) as Settled[];
    walletNfts = ids.map((entry) => ok<bigint>(entry)).filter((id): id is bigint => id !== undefined);
  }
  const withdrawable = user ? (ok<readonly [bigint, readonly bigint[]]>(first[2]) ?? [0n, []]) : [0n, []];
  return {
    dao,
    daoName: ok<string>(first[0]) ?? "",
    userKeeper,
    token,
    nft,
    user: user
      ? {
          address: user,
          walletBalance,
          nativeBalance,
          allowance,
          deposited: ok<bigint>(second[2]) ?? 0n,
          withdrawable: withdrawable[0] as bigint,
          depositedNfts: ok<readonly bigint[]>(second[3]) ?? [],
          withdrawableNfts: withdrawable[1] as readonly bigint[],
          walletNfts,
          isNftApproved,
        }
      : null,
  };
}
