import {
  erc20GovAbi,
  expertNftAbi,
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
} from "@polity/core/generated/contracts";
import { type Abi, type Address, zeroAddress } from "viem";
import type { KnownContract } from "./decodeAction.ts";

/** The contracts of one DAO an action may call, as the create-proposal form and the proposal page know them. */
export interface DaoContracts {
  pool: Address;
  settings: Address;
  userKeeper: Address;
  validators: Address;
  expertNft?: Address;
  token: { address: Address; symbol: string; decimals: number } | null;
}

/** The DAO's own contracts by role: the pool (which holds the treasury), its helpers and its token. */
export function knownContracts(dao: DaoContracts): KnownContract[] {
  const list: KnownContract[] = [
    { address: dao.pool, role: "treasury", abi: govPoolAbi as Abi },
    { address: dao.settings, role: "settings", abi: govSettingsAbi as Abi },
    { address: dao.userKeeper, role: "userKeeper", abi: govUserKeeperAbi as Abi },
    { address: dao.validators, role: "validators", abi: govValidatorsAbi as Abi },
  ];
  if (dao.expertNft && dao.expertNft !== zeroAddress)
    list.push({ address: dao.expertNft, role: "expertNft", abi: expertNftAbi as Abi });
  if (dao.token) {
    list.push({
      address: dao.token.address,
      role: "token",
      abi: erc20GovAbi as Abi,
      token: { symbol: dao.token.symbol, decimals: dao.token.decimals },
    });
  }
  return list;
}

/** Every ABI whose custom errors a revert may carry. */
export const REVERT_ABIS: readonly Abi[] = [
  govPoolAbi as Abi,
  govSettingsAbi as Abi,
  govUserKeeperAbi as Abi,
  govValidatorsAbi as Abi,
  erc20GovAbi as Abi,
  expertNftAbi as Abi,
];
