import type { Address } from "viem";

/** The spec's delegation type of a delegation (`/dao/{dao}/delegate/{delegatee}/{type}`): delegate 1. */
export const DELEGATE_TYPE = "1";

/** Path of the terminal delegating to `delegatee` in `dao`. */
export function delegatePath(dao: Address, delegatee: Address): string {
  return `/dao/${dao}/delegate/${delegatee}/${DELEGATE_TYPE}`;
}

/** Path of the terminal taking back what was delegated to `delegatee` in `dao`. */
export function undelegatePath(dao: Address, delegatee: Address): string {
  return `/dao/${dao}/undelegate/${delegatee}`;
}

/** Path of the proposal form delegating treasury tokens to (`delegate`) or revoking them from (`revoke`) `expert`. */
export function treasuryDelegationProposalPath(
  dao: Address,
  type: "delegate" | "revoke",
  expert: Address,
): string {
  return `/dao/${dao}/create-proposal/tokens/${type}/${expert}`;
}
