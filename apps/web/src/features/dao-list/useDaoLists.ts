import { useQuery } from "@tanstack/react-query";
import { type TopPoolsParams, topPoolsQuery } from "../../shared/tracker/trackerApi.ts";

/** A page of the chain's DAOs, read while the "all" tab shows. */
export function useTopPools(params: TopPoolsParams, enabled: boolean) {
  return useQuery({ ...topPoolsQuery(params), enabled });
}
