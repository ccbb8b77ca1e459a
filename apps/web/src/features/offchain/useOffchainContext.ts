import { useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import { useSession } from "../../shared/auth/authStore.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";

/** The DAO in the URL, the selected chain, the connected account and whether it is signed in. */
export function useOffchainContext() {
  const { daoAddress = "" } = useParams();
  const chainId = useSelectedChainId();
  const { address } = useConnection();
  const session = useSession(address);
  const pool = isAddress(daoAddress, { strict: false }) ? (daoAddress.toLowerCase() as Address) : null;
  return { pool, chainId, address, isSignedIn: Boolean(session) };
}

export const offchainKeys = {
  root: (chainId: number, pool: string) => ["offchain", chainId, pool] as const,
  types: (chainId: number, pool: string) => ["offchain", chainId, pool, "types"] as const,
  type: (chainId: number, pool: string, name: string) => ["offchain", chainId, pool, "types", name] as const,
  proposals: (chainId: number, pool: string) => ["offchain", chainId, pool, "proposals"] as const,
  proposal: (chainId: number, pool: string, id: string) =>
    ["offchain", chainId, pool, "proposals", id] as const,
};
