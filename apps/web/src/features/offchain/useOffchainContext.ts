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
