import { useMemo } from "react";
import type { Chain, Client, PublicActions, Transport } from "viem";
import {
  call,
  getBalance,
  getBlock,
  getCode,
  getContractEvents,
  multicall,
  readContract,
} from "viem/actions";
import { useClient } from "wagmi";

/** The chain reads the app makes. Add an action here when a feature needs one more. */
export type ReadActions = Pick<
  PublicActions<Transport, Chain | undefined>,
  "call" | "getBalance" | "getBlock" | "getCode" | "getContractEvents" | "multicall" | "readContract"
>;

/** A chain client with the read actions the app uses. */
export type ReadClient = Client<Transport, Chain | undefined> & ReadActions;

/**
 * The read actions bound to a client. wagmi's public client carries all of viem's public actions
 * (ENS, signature verification, simulations, filters and their cryptography): about 40 KB gzip
 * that every page reading the chain would download for seven calls.
 */
export function readActions(client: Client<Transport, Chain | undefined>): ReadActions {
  return {
    call: (args) => call(client, args),
    getBalance: (args) => getBalance(client, args),
    getBlock: (args) => getBlock(client, args),
    getCode: (args) => getCode(client, args),
    getContractEvents: (args) => getContractEvents(client, args),
    multicall: (args) => multicall(client, args),
    readContract: (args) => readContract(client, args),
  };
}

/** The read client of `chainId` (default: the wallet's chain, else the first configured chain). */
export function useReadClient(parameters: { chainId?: number | undefined } = {}): ReadClient | undefined {
  const client = useClient(parameters.chainId === undefined ? {} : { chainId: parameters.chainId });
  return useMemo(
    () => (client ? (client as Client<Transport, Chain | undefined>).extend(readActions) : undefined),
    [client],
  );
}
