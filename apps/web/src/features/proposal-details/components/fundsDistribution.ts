import type { ProposalDetails } from "../api/fetchProposalDetails.ts";

/** DistributionProposal's `execute(uint256,address,uint256)` selector (checked against the ABI by the test). */
export const DISTRIBUTION_EXECUTE = "0xc45e0ae6";

/** Whether the proposal funds a distribution (an action calling DistributionProposal's `execute`). */
export function fundsDistribution(details: Pick<ProposalDetails, "actionsOnFor">): boolean {
  return details.actionsOnFor.some((a) => a.data.slice(0, 10).toLowerCase() === DISTRIBUTION_EXECUTE);
}
