import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { proposalDetailsQuery } from "./api/proposalDetailsQuery.ts";

/** The proposal page's data on the selected chain, for the connected user. */
export function useProposalDetails(dao: Address, id: bigint) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const { address, status } = useConnection();
  const options = proposalDetailsQuery(queryClient, client, chainId, dao, id, address);
  // While wagmi restores the session the account is not known yet: waiting keeps a page load to
  // one read of the proposal instead of one without and one with the user. That wait only holds a
  // read back before it starts: wagmi's restore can begin after the first render, and a read it
  // paused then would be made again when it ends (a proposal that does not exist asked twice).
  const state = queryClient.getQueryState(options.queryKey);
  const started = state !== undefined && (state.fetchStatus !== "idle" || state.status !== "pending");
  const isSettling = status === "reconnecting" || status === "connecting";
  return useQuery({ ...options, enabled: options.enabled !== false && (started || !isSettling) });
}
