import { STALE_TIMES } from "@polity/core/constants";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import type { HttpClient } from "../../../shared/http/httpClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import type { DaoProfile } from "./fetchDaoProfile.ts";
import { fetchMembers } from "./fetchMembers.ts";

/** The DAO's members (holders, their power, badges and seats), refreshed after a minute. */
export function membersQuery(http: HttpClient, client: ReadClient | undefined, profile: DaoProfile) {
  return queryOptions({
    queryKey: [queryRoots.members, profile.chainId, profile.address.toLowerCase()],
    queryFn: client ? () => fetchMembers(http, client, profile) : skipToken,
    staleTime: STALE_TIMES.slowMs,
  });
}
