import { type Address, isAddress, isAddressEqual } from "viem";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import type { PoolContext } from "../api/poolContext.ts";
import type { FieldError } from "./validate.ts";

/**
 * Why an action may not call `target`, or null. The DAO's GovUserKeeper holds the members' deposits
 * and only the pool calls it, for the members themselves: GovPool refuses at execution any action
 * whose target is the keeper (`GovPoolUserKeeperAction`), so such a proposal could pass and never run.
 */
export function actionTargetError(ctx: Pick<PoolContext, "userKeeper">, target: string): FieldError | null {
  const address = target.trim();
  if (!isAddress(address, { strict: false })) return null;
  return isAddressEqual(address as Address, ctx.userKeeper) ? { key: "errors.userKeeperTarget" } : null;
}

/** The first action (for, then against) whose target the DAO refuses, as a form error; else null. */
export function refusedActionError(
  ctx: Pick<PoolContext, "userKeeper">,
  actionsOnFor: readonly ProposalAction[],
  actionsOnAgainst: readonly ProposalAction[] = [],
): FieldError | null {
  const refused = (action: ProposalAction) => actionTargetError(ctx, action.executor) !== null;
  const onFor = actionsOnFor.findIndex(refused);
  if (onFor !== -1) return { key: "errors.userKeeperAction", params: { index: onFor + 1 } };
  const onAgainst = actionsOnAgainst.findIndex(refused);
  if (onAgainst !== -1) return { key: "errors.userKeeperActionAgainst", params: { index: onAgainst + 1 } };
  return null;
}
