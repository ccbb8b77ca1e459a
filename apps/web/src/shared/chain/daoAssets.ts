import { govPoolAbi } from "@polity/core/generated/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Address, erc20Abi, erc721Abi, zeroAddress } from "viem";
import { useSelectedChainId } from "../wallet/selectedChain.ts";
import {
  type DaoUserFetch,
  daoUserQuery,
  keeperAssetReads,
  readDaoFirst,
  tokenPositionReads,
} from "./poolHelpers.ts";
import { named, readBatch, readCall } from "./readBatch.ts";
import { useReadClient } from "./readClient.ts";
import { readWalletNfts } from "./walletNfts.ts";

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
 * The DAO's assets and the user's position for the terminals that move them (deposit, withdraw,
 * treasury deposit, delegate, undelegate): the pool (beside
 * its helper contracts, from `options.helpers` or read), then its user keeper, then the tokens (three
 * multicalls; a fourth lists wallet NFTs when there are any).
 */
export const fetchDaoAssets: DaoUserFetch<DaoAssets> = async (client, dao, user, options = {}) => {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const { first, helpers, contracts } = await readDaoFirst(
    client,
    dao,
    {
      name: readCall(pool, "name"),
      withdrawable: user ? named(readCall(pool, "getWithdrawableAssets", [user])) : undefined,
    },
    { cache: options.helpers, notADao: (message) => new NotADaoError(message) },
  );
  const userKeeper = helpers.userKeeper;
  const { keeper } = contracts;
  const [second, nativeBalance] = await Promise.all([
    readBatch(client, {
      ...keeperAssetReads(keeper),
      deposited: user ? readCall(keeper, "tokenBalance", [user]) : undefined,
      depositedNfts: user ? readCall(keeper, "nftBalance", [user]) : undefined,
    }),
    user ? client.getBalance({ address: user }) : Promise.resolve(0n),
  ]);
  const tokenAddress = second.tokenAddress ?? zeroAddress;
  const nftAddress = second.nftAddress ?? zeroAddress;
  const owner = user ?? zeroAddress;
  const token20 = tokenAddress !== zeroAddress ? ({ address: tokenAddress, abi: erc20Abi } as const) : null;
  const token721 = nftAddress !== zeroAddress ? ({ address: nftAddress, abi: erc721Abi } as const) : null;
  const third = await readBatch(client, {
    ...tokenPositionReads(token20, owner, userKeeper),
    nftSymbol: token721 && readCall(token721, "symbol"),
    nftCount: token721 && readCall(token721, "balanceOf", [owner]),
    isNftApproved: token721 && readCall(token721, "isApprovedForAll", [owner, userKeeper]),
  });
  const token: DaoAssets["token"] = token20 && {
    address: tokenAddress,
    symbol: third.tokenSymbol ?? "",
    decimals: third.tokenDecimals ?? 18,
  };
  const nft: DaoAssets["nft"] = token721 && { address: nftAddress, symbol: third.nftSymbol ?? "" };
  const nftCount = third.nftCount ?? 0n;
  const walletNfts = user && nft ? await readWalletNfts(client, nft.address, user, nftCount) : [];
  const withdrawable = first.withdrawable?.tokens ?? 0n;
  const withdrawableNfts = first.withdrawable?.nfts ?? [];
  return {
    dao,
    daoName: first.name ?? "",
    userKeeper,
    token,
    nft,
    user: user
      ? {
          address: user,
          walletBalance: third.walletBalance ?? 0n,
          nativeBalance,
          allowance: third.allowance ?? 0n,
          deposited: second.deposited ?? 0n,
          withdrawable,
          depositedNfts: second.depositedNfts ?? [],
          withdrawableNfts,
          walletNfts,
          isNftApproved: third.isNftApproved ?? false,
        }
      : null,
  };
};

const assetsQuery = daoUserQuery("assets", fetchDaoAssets);

/** The DAO's assets and `user`'s position, read once per DAO and user and shared by every terminal. */
export function daoAssetsQuery(...scope: Parameters<typeof assetsQuery>) {
  return queryOptions({ ...assetsQuery(...scope), refetchOnWindowFocus: false });
}

/** The DAO's assets and `user`'s position on the selected chain; `select` derives a terminal's view. */
export function useDaoAssets<T = DaoAssets>(
  dao: Address,
  user: Address | undefined,
  select?: (assets: DaoAssets) => T,
) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  return useQuery({ ...daoAssetsQuery(queryClient, client, chainId, dao, user), select });
}
