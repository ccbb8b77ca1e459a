import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { useExecutorSettings } from "../useExecutorSettings.ts";

/**
 * Creation needs `minVotesForCreating` of the settings that govern the proposal (those of its last
 * action's executor); the creator's raw deposited power after the Deposit step is compared with it.
 * Only a notice: global experts are exempt, which the form cannot know.
 */
export function creationShortfall(
  ctx: Pick<PoolContext, "proposalSettings" | "user">,
  settingsId: number,
  voteAmount: bigint,
  nftPower: bigint,
): { required: bigint; power: bigint } | null {
  const required = ctx.proposalSettings[settingsId]?.minVotesForCreating ?? 0n;
  const deposited = ctx.user?.deposited ?? 0n;
  const power = (voteAmount > deposited ? voteAmount : deposited) + nftPower;
  return power === 0n || power < required ? { required, power } : null;
}

export function CreationPowerNotice({
  ctx,
  chainId,
  mainExecutor,
  voteAmount,
  nftPower,
}: {
  ctx: PoolContext;
  chainId: number;
  mainExecutor: Address;
  voteAmount: bigint;
  nftPower: bigint;
}) {
  const { t } = useTranslation("createProposal");
  const slot = useExecutorSettings(ctx, chainId, mainExecutor);
  if (slot.data === undefined) return null;
  const shortfall = creationShortfall(ctx, Number(slot.data), voteAmount, nftPower);
  if (!shortfall) return null;
  const decimals = ctx.token?.decimals ?? 18;
  const amount = (value: bigint) => tokenAmount(value, decimals, ctx.token?.symbol);
  return (
    <p role="alert" className={fieldStyles.error} data-testid="low-creating-power">
      {t("review.lowCreatingPowerOf", {
        required: amount(shortfall.required),
        power: amount(shortfall.power),
      })}
    </p>
  );
}
