import { useQuery } from "@tanstack/react-query";
import type { Address, PublicClient } from "viem";
import { useConnection, usePublicClient } from "wagmi";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { proposalDetailsQuery } from "./api/proposalDetailsQuery.ts";

/** The proposal page's data on the selected chain, for the connected user. */
export function useProposalDetails(dao: Address, id: bigint) {
  const chainId = useSelectedChainId();
  const client = usePublicClient({ chainId });
  const { address } = useConnection();
  return useQuery(proposalDetailsQuery(client as PublicClient | undefined, chainId, dao, id, address));
}
