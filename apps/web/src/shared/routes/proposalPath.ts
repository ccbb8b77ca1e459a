import type { Address } from "viem";

/** Path of a proposal's page. */
export function proposalPath(dao: Address, proposalId: bigint): string {
  return `/dao/${dao}/proposals/${proposalId.toString()}`;
}
