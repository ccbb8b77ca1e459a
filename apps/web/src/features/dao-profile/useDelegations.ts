import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { expertsQuery, memberDelegationsQuery } from "../../shared/tracker/delegationQueries.ts";
import type { DaoProfile } from "./api/fetchDaoProfile.ts";

/** A page of the connected member's delegations out of (or into) the DAO; idle without a wallet. */
export function useMemberDelegations(profile: DaoProfile, direction: "out" | "in", page: number) {
  const { address } = useConnection();
  return useQuery(
    memberDelegationsQuery(profile.chainId, profile.address, address as Address | undefined, direction, page),
  );
}

/** A page of the DAO's experts. */
export function useExperts(profile: DaoProfile, page: number) {
  return useQuery(expertsQuery(profile.chainId, profile.address, page));
}
