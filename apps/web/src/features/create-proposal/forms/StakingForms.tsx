import { STALE_TIMES } from "@polity/core/constants";
import { stakingProposalAbi } from "@polity/core/generated/contracts";
import { addressSchema, amountSchema, durationTextSchema } from "@polity/core/validation/rules";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, erc20Abi, formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchStakingInfo, type StakingRecord } from "../../../shared/tracker/stakingApi.ts";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, TextField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";
import { treasuryPosition } from "./TokenTransferForm.tsx";

function stakingInfoQuery(chainId: number, pool: Address) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, pool.toLowerCase(), "staking-info"],
    queryFn: ({ signal }) => fetchStakingInfo(chainId, pool, { signal }),
    staleTime: STALE_TIMES.liveMs,
  });
}

/** The DAO's staking executor, or the page's state while it loads or when the DAO has none. */
function StakingGate({
  ctx,
  chainId,
  children,
}: {
  ctx: PoolContext;
  chainId: number;
  children: (staking: StakingRecord) => React.ReactNode;
}) {
  const { t } = useTranslation("createProposal");
  const query = useQuery(stakingInfoQuery(chainId, ctx.pool));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!query.data) return <EmptyState title={t("staking.notDeployed")} />;
  return <>{children(query.data)}</>;
}

/** The enable-staking proposal: the DAO's staking executor runs `enableStaking()`. */
export function enableStakingProposal(staking: Address): BuiltProposal {
  return {
    actions: [callAction(staking, { abi: stakingProposalAbi, functionName: "enableStaking", args: [] })],
    proposedChanges: { staking, isEnabled: true },
    currentChanges: { staking, isEnabled: false },
  };
}

/** `enable-staking`: a proposal turning staking on (tiers can be proposed afterwards). */
export function EnableStakingForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  return (
    <StakingGate ctx={ctx} chainId={chainId}>
      {(staking) =>
        staking.is_enabled ? (
          <EmptyState title={t("staking.alreadyEnabled")} />
        ) : (
          <CreateProposalShell
            ctx={ctx}
            chainId={chainId}
            title={t("types.enableStaking.title")}
            category="enableStaking"
            build={() => enableStakingProposal(staking.staking_address)}
          >
            <p className={styles.muted}>{t("staking.enableIntro")}</p>
          </CreateProposalShell>
        )
      }
    </StakingGate>
  );
}

export interface TierInput {
  stakeToken: string;
  rewardToken: string;
  rewardAmount: string;
  /** UTC, as a datetime-local input gives it (YYYY-MM-DDTHH:mm). */
  start: string;
  duration: string;
}

/** The tier form's rules (the reward amount in the reward token's decimals). */
export function tierSchema(decimals: number) {
  return z.object({
    stakeToken: addressSchema,
    rewardToken: addressSchema,
    rewardAmount: amountSchema({ positive: true, decimals }),
    start: z
      .string()
      .trim()
      .min(1, "validation.required")
      .refine((v) => Number.isFinite(Date.parse(`${v}Z`)), "validation.invalidDate"),
    duration: durationTextSchema({ maxDays: 3_650 }),
  });
}

/** The create-staking-tier proposal: the treasury approves the reward, the executor creates the tier. */
export function stakingTierProposal(
  staking: Address,
  tier: z.output<ReturnType<typeof tierSchema>>,
  reward: { decimals: number; symbol: string; balance: bigint },
  metadataURL: string,
): BuiltProposal {
  const rewardAmount = parseUnits(tier.rewardAmount, reward.decimals);
  const startTime = BigInt(Math.floor(Date.parse(`${tier.start}Z`) / 1000));
  const params = {
    metadataURL,
    stakeToken: tier.stakeToken as Address,
    rewardToken: tier.rewardToken as Address,
    rewardAmount,
    startTime,
    endTime: startTime + BigInt(tier.duration),
  };
  return {
    actions: [
      callAction(params.rewardToken, {
        abi: erc20Abi,
        functionName: "approve",
        args: [staking, rewardAmount],
      }),
      callAction(staking, { abi: stakingProposalAbi, functionName: "createTier", args: [params] }),
    ],
    proposedChanges: {
      stakeToken: params.stakeToken,
      rewardToken: params.rewardToken,
      symbol: reward.symbol,
      rewardAmount: tier.rewardAmount,
      startTime: Number(params.startTime),
      endTime: Number(params.endTime),
    },
    currentChanges: { treasuryBalance: formatUnits(reward.balance, reward.decimals) },
  };
}

/** The next whole hour, UTC, as a datetime-local value. */
const nextHour = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString().slice(0, 16);

function TierForm({ ctx, chainId, staking }: { ctx: PoolContext; chainId: number; staking: StakingRecord }) {
  const { t } = useTranslation("createProposal");
  const client = useReadClient({ chainId }) as ReadClient;
  const token = ctx.token?.address ?? "";
  const [input, setInput] = useState<TierInput>({
    stakeToken: token,
    rewardToken: token,
    rewardAmount: "",
    start: nextHour(),
    duration: "30d",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof TierInput) => (value: string) => setInput((v) => ({ ...v, [key]: value }));

  async function build(): Promise<BuiltProposal | null> {
    const tokenCheck = validate(addressSchema, input.rewardToken);
    const reward = tokenCheck.ok ? await treasuryPosition(client, ctx, input.rewardToken as Address) : null;
    const result = validate(tierSchema(reward?.decimals ?? 18), input);
    const next: FieldErrors = result.ok ? {} : { ...result.errors };
    if (tokenCheck.ok && !reward) next.rewardToken = { key: "validation.tokenNotFound" };
    if (staking.active_tiers_count >= 10) next.tiers = { key: "staking.tooManyTiers" };
    if (result.ok && reward && parseUnits(result.data.rewardAmount, reward.decimals) > reward.balance)
      next.rewardAmount = { key: "terminal.overlimit" };
    setErrors(next);
    if (!result.ok || !reward || Object.keys(next).length > 0) return null;
    return stakingTierProposal(staking.staking_address, result.data, reward, "");
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.createStakingTier.title")}
      category="createStakingTier"
      build={build}
    >
      <p className={styles.muted}>{t("staking.tierIntro", { active: staking.active_tiers_count })}</p>
      <TextField
        label={t("staking.stakeToken")}
        value={input.stakeToken}
        onChange={set("stakeToken")}
        error={errors.stakeToken}
      />
      <TextField
        label={t("staking.rewardToken")}
        value={input.rewardToken}
        onChange={set("rewardToken")}
        error={errors.rewardToken}
      />
      <TextField
        label={t("staking.rewardAmount")}
        value={input.rewardAmount}
        onChange={set("rewardAmount")}
        error={errors.rewardAmount}
      />
      <TextField
        label={t("staking.start")}
        type="datetime-local"
        value={input.start}
        onChange={set("start")}
        error={errors.start}
      />
      <TextField
        label={t("staking.duration")}
        value={input.duration}
        onChange={set("duration")}
        error={errors.duration}
      />
      <FormError error={errors.tiers} />
    </CreateProposalShell>
  );
}

/** `create-staking-tier`: a tier paying a treasury reward linearly over its period to its stakers. */
export function CreateStakingTierForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  return (
    <StakingGate ctx={ctx} chainId={chainId}>
      {(staking) =>
        staking.is_enabled ? (
          <TierForm ctx={ctx} chainId={chainId} staking={staking} />
        ) : (
          <EmptyState title={t("staking.notEnabled")} />
        )
      }
    </StakingGate>
  );
}
