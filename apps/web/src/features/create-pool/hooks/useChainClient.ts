import type { PublicClient } from "viem";
import { usePublicClient } from "wagmi";

/** The read client of the chain the wizard deploys on (the wallet's current chain). */
export function useChainClient(): PublicClient | undefined {
  return usePublicClient() as PublicClient | undefined;
}
