import type { Address } from "viem";
import type { DaoAssets } from "../../../shared/chain/daoAssets.ts";

/** What a member can delegate in a DAO: its unlocked deposit, and its wallet to deposit more. */
export interface DelegationPosition {
  dao: Address;
  daoName: string;
  userKeeper: Address;
  token: DaoAssets["token"];
  nft: DaoAssets["nft"];
  user: Address;
  /** Deposited tokens not locked by a vote (`getWithdrawableAssets`): delegated as they are. */
  unlocked: bigint;
  unlockedNfts: readonly bigint[];
  walletBalance: bigint;
  allowance: bigint;
  walletNfts: readonly bigint[];
  isNftApproved: boolean;
}

/** The delegation terminals' view of the DAO's assets read for `user` (the shared assets read). */
export function delegationPositionOf(assets: DaoAssets, user: Address): DelegationPosition {
  const position = assets.user;
  return {
    dao: assets.dao,
    daoName: assets.daoName,
    userKeeper: assets.userKeeper,
    token: assets.token,
    nft: assets.nft,
    user,
    unlocked: position?.withdrawable ?? 0n,
    unlockedNfts: position?.withdrawableNfts ?? [],
    walletBalance: position?.walletBalance ?? 0n,
    allowance: position?.allowance ?? 0n,
    walletNfts: position?.walletNfts ?? [],
    isNftApproved: position?.isNftApproved ?? false,
  };
}
