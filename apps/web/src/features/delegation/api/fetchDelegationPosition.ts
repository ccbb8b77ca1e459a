import { govPoolAbi } from "@polity/core/generated/contracts";
import { type Address, erc20Abi, erc721Abi, zeroAddress } from "viem";
import {
  helpersOf,
  helpersRead,
  keeperAssetReads,
  type PoolHelpersCache,
  poolContracts,
  tokenPositionReads,
} from "../../../shared/chain/poolHelpers.ts";
import { named, readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { readWalletNfts } from "../../../shared/chain/walletNfts.ts";

export class NotADaoError extends Error {
  override name = "NotADaoError";
}

/** What a member can delegate in a DAO: its unlocked deposit, and its wallet to deposit more. */
export interface DelegationPosition {
  dao: Address;
  daoName: string;
  userKeeper: Address;
  token: { address: Address; symbol: string; decimals: number } | null;
  nft: { address: Address; symbol: string } | null;
  user: Address;
  /** Deposited tokens not locked by a vote (`getWithdrawableAssets`): delegated as they are. */
  unlocked: bigint;
  unlockedNfts: readonly bigint[];
  walletBalance: bigint;
  allowance: bigint;
  walletNfts: readonly bigint[];
  isNftApproved: boolean;
}

/**
 * The DAO's token and NFT and `user`'s position for the delegation terminals: the pool (its name, the
 * user's unlocked deposit, its helper contracts from `options.helpers` or read), then the user keeper's
 * assets, then the tokens (three multicalls; a fourth lists wallet NFTs when there are any).
 */
export async function fetchDelegationPosition(
  client: ReadClient,
  dao: Address,
  user: Address,
  options: { helpers?: PoolHelpersCache } = {},
): Promise<DelegationPosition> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const first = await readBatch(client, {
    name: readCall(pool, "name"),
    unlocked: named(readCall(pool, "getWithdrawableAssets", [user])),
    helpers: helpersRead(dao, options.helpers),
  });
  const helpers = helpersOf(first.helpers, options.helpers);
  if (!helpers) throw new NotADaoError(`${dao} is not a DAO`);
  const { keeper } = poolContracts(helpers);
  const second = await readBatch(client, keeperAssetReads(keeper));
  const tokenAddress = second.tokenAddress ?? zeroAddress;
  const nftAddress = second.nftAddress ?? zeroAddress;
  const token20 = tokenAddress !== zeroAddress ? ({ address: tokenAddress, abi: erc20Abi } as const) : null;
  const token721 = nftAddress !== zeroAddress ? ({ address: nftAddress, abi: erc721Abi } as const) : null;
  const third = await readBatch(client, {
    ...tokenPositionReads(token20, user, helpers.userKeeper),
    nftSymbol: token721 && readCall(token721, "symbol"),
    nftCount: token721 && readCall(token721, "balanceOf", [user]),
    isNftApproved: token721 && readCall(token721, "isApprovedForAll", [user, helpers.userKeeper]),
  });
  const walletNfts = token721 ? await readWalletNfts(client, nftAddress, user, third.nftCount ?? 0n) : [];
  return {
    dao,
    daoName: first.name ?? "",
    userKeeper: helpers.userKeeper,
    token: token20 && {
      address: tokenAddress,
      symbol: third.tokenSymbol ?? "",
      decimals: third.tokenDecimals ?? 18,
    },
    nft: token721 && { address: nftAddress, symbol: third.nftSymbol ?? "" },
    user,
    unlocked: first.unlocked?.tokens ?? 0n,
    unlockedNfts: first.unlocked?.nfts ?? [],
    walletBalance: third.walletBalance ?? 0n,
    allowance: third.allowance ?? 0n,
    walletNfts,
    isNftApproved: third.isNftApproved ?? false,
  };
}
