import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";

/** The read client of the chain the wizard deploys on (the wallet's current chain). */
export function useChainClient(): ReadClient | undefined {
  return useReadClient();
}
