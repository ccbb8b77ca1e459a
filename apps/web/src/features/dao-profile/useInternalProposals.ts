import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import type { DaoProfile } from "./api/fetchDaoProfile.ts";
import { internalProposalsQuery } from "./api/fetchInternalProposals.ts";

/** The validators' internal proposals with the connected account's votes, when the DAO has validators. */
export function useInternalProposals(profile: DaoProfile) {
  const queryClient = useQueryClient();
  const client = useReadClient({ chainId: profile.chainId });
  const { address } = useConnection();
  return useQuery(
    internalProposalsQuery(
      profile.validators.hasValidators,
      queryClient,
      client,
      profile.chainId,
      profile.address,
      address,
    ),
  );
}
