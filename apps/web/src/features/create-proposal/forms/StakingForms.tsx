import { STALE_TIMES } from "@polity/core/constants";
import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { stakingProposalAbi } from "@polity/core/generated/contracts";
import {
  addressSchema,
  amountSchema,
  durationTextSchema,
  optionalTextSchema,
  textSchema,
} from "@polity/core/validation/rules";
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, erc20Abi, formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, type TokenInfo, tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { overlimitMessage } from "../../../shared/format/overlimitMessage.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import {
  type StakingTierMetadata,
  stakingTierMetadataQuery,
} from "../../../shared/ipfs/stakingTierMetadata.ts";
import { uploadJson } from "../../../shared/ipfs/upload.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchStakingInfo, type StakingRecord } from "../../../shared/tracker/stakingApi.ts";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, TextField, TokenField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { useFormValues } from "../lib/useFormValues.ts";
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
  name: string;
  description: string;
  stakeToken: string;
  rewardToken: string;
  rewardAmount: string;
  /** UTC, as a datetime-local input gives it (YYYY-MM-DDTHH:mm). */
  start: string;
  duration: string;
}

/** Longest tier name and description (the bounds of a token sale tier's). */
export const TIER_NAME_MAX_LENGTH = 100;
export const TIER_DESCRIPTION_MAX_LENGTH = 10_000;

/** The tier form's rules (the reward amount in the reward token's decimals). */
export function tierSchema(decimals: number) {
  return z.object({
    name: textSchema({ max: TIER_NAME_MAX_LENGTH }),
    description: optionalTextSchema(TIER_DESCRIPTION_MAX_LENGTH),
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
      name: tier.name,
      description: tier.description,
      metadataURL,
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
  const {
    values: input,
    errors,
    setErrors,
    bind,
  } = useFormValues<TierInput>({
    name: "",
    description: "",
    stakeToken: token,
    rewardToken: token,
    rewardAmount: "",
    start: nextHour(),
    duration: "30d",
  });

  async function build(): Promise<BuiltProposal | null> {
    const tokenCheck = validate(addressSchema, input.rewardToken);
    const reward = tokenCheck.ok ? await treasuryPosition(client, ctx, input.rewardToken as Address) : null;
    const result = validate(tierSchema(reward?.decimals ?? 18), input);
    const next: FieldErrors = result.ok ? {} : { ...result.errors };
    if (tokenCheck.ok && !reward) next.rewardToken = { key: "validation.tokenNotFound" };
    if (staking.active_tiers_count >= 10) next.tiers = { key: "staking.tooManyTiers" };
    if (result.ok && reward && parseUnits(result.data.rewardAmount, reward.decimals) > reward.balance)
      next.rewardAmount = overlimitMessage(reward.balance, reward.decimals, reward.symbol);
    setErrors(next);
    if (!result.ok || !reward || Object.keys(next).length > 0) return null;
    const metadata: StakingTierMetadata = { name: result.data.name, description: result.data.description };
    const { url } = await uploadJson(metadata);
    return stakingTierProposal(staking.staking_address, result.data, reward, url);
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
      <TextField label={t("tokenSale.name")} {...bind("name")} />
      <TextField label={t("tokenSale.description")} {...bind("description")} multiline />
      <TokenField chainId={chainId} label={t("staking.stakeToken")} {...bind("stakeToken")} />
      <TokenField chainId={chainId} label={t("staking.rewardToken")} {...bind("rewardToken")} />
      <TextField label={t("staking.rewardAmount")} {...bind("rewardAmount")} />
      <TextField label={t("staking.start")} type="datetime-local" {...bind("start")} />
      <TextField label={t("staking.duration")} {...bind("duration")} />
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

/** A tier as the recover page needs it: the contract's view, its reward token and its name. */
export interface RecoverTier {
  id: bigint;
  metadataURL: string;
  rewardToken: TokenInfo;
  rewardAmount: bigint;
  /** Rewards accrued to the stakers over the tier's period (final once it ended). */
  allocated: bigint;
  endTime: number;
  isActive: boolean;
  recovered: boolean;
}

/** What goes back to the treasury: the rewards of the seconds when nothing was staked. */
export const unearnedOf = (tier: RecoverTier) => tier.rewardAmount - tier.allocated;

/**
 * Why the tier cannot be recovered, or null: `recover` takes back, once, what accrued to nobody in a tier whose
 * period is over (by the chain's clock).
 */
export function stakingRecoverRefusal(tier: RecoverTier): "notEnded" | "alreadyRecovered" | "nothing" | null {
  if (tier.recovered) return "alreadyRecovered";
  if (tier.isActive) return "notEnded";
  if (unearnedOf(tier) === 0n) return "nothing";
  return null;
}

/** The proposal: the DAO's staking executor runs `recover([tierId])` and pays the pool. */
export function stakingRecoverProposal(staking: Address, tier: RecoverTier, name: string): BuiltProposal {
  const { decimals, symbol } = tier.rewardToken;
  return {
    actions: [callAction(staking, { abi: stakingProposalAbi, functionName: "recover", args: [[tier.id]] })],
    proposedChanges: {
      tierId: tier.id.toString(),
      tierName: name,
      token: tier.rewardToken.address,
      symbol,
      amount: formatUnits(unearnedOf(tier), decimals),
    },
    currentChanges: {
      rewardAmount: formatUnits(tier.rewardAmount, decimals),
      earnedByStakers: formatUnits(tier.allocated, decimals),
    },
  };
}

/** Tier `id` as the contract sees it now, or null when there is no such tier. */
export async function fetchRecoverTier(
  client: ReadClient,
  chainId: number,
  staking: Address,
  id: bigint,
): Promise<RecoverTier | null> {
  const read = await readBatch(client, {
    tiers: readCall({ address: staking, abi: stakingProposalAbi }, "getTierViews", [id - 1n, 1n]),
  });
  const view = read.tiers?.[0];
  if (!view || view.id !== id) return null;
  const infos = await fetchTokenInfos(client, chainId, [view.rewardToken]);
  return {
    id,
    metadataURL: view.metadataURL,
    rewardToken: tokenInfoOf(infos, view.rewardToken),
    rewardAmount: view.rewardAmount,
    allocated: view.allocated,
    endTime: Number(view.endTime),
    isActive: view.isActive,
    recovered: view.recovered,
  };
}

function RecoverPage({ ctx, chainId, staking }: { ctx: PoolContext; chainId: number; staking: Address }) {
  const { t } = useTranslation("createProposal");
  const { tierId = "" } = useParams();
  const client = useReadClient({ chainId }) as ReadClient | undefined;
  const validId = /^\d+$/.test(tierId) && BigInt(tierId) > 0n;
  const query = useQuery({
    queryKey: [queryRoots.dao, chainId, ctx.pool.toLowerCase(), "staking-recover", tierId],
    queryFn: client && validId ? () => fetchRecoverTier(client, chainId, staking, BigInt(tierId)) : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
  if (!validId) return <EmptyState title={t("stakingRecover.notFound", { id: tierId })} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!query.data) return <EmptyState title={t("stakingRecover.notFound", { id: tierId })} />;
  return <RecoverSummary ctx={ctx} chainId={chainId} staking={staking} tier={query.data} />;
}

function RecoverSummary({
  ctx,
  chainId,
  staking,
  tier,
}: {
  ctx: PoolContext;
  chainId: number;
  staking: Address;
  tier: RecoverTier;
}) {
  const { t } = useTranslation("createProposal");
  const metadata = useQuery(stakingTierMetadataQuery(tier.metadataURL));
  const name = metadata.data?.name ?? "";
  const { decimals, symbol } = tier.rewardToken;
  const amount = (value: bigint) => tokenAmount(value, decimals, symbol);
  const summary = (
    <dl className={styles.list}>
      <dt>{t("recover.tier")}</dt>
      <dd>
        {name || t("stakingRecover.unnamed")} (#{tier.id.toString()})
      </dd>
      <dt>{t("stakingRecover.end")}</dt>
      <dd>{formatUtcDateTime(fromUnixSeconds(tier.endTime))}</dd>
      <dt>{t("stakingRecover.reward")}</dt>
      <dd>{amount(tier.rewardAmount)}</dd>
      <dt>{t("stakingRecover.earned")}</dt>
      <dd>{amount(tier.allocated)}</dd>
      <dt>{t("recover.returned")}</dt>
      <dd data-testid="staking-recover-amount">{amount(tier.recovered ? 0n : unearnedOf(tier))}</dd>
    </dl>
  );
  const refusal = stakingRecoverRefusal(tier);
  if (refusal)
    return (
      <section className={styles.card}>
        <h1>{t("types.stakingRecover.title")}</h1>
        {summary}
        <p role="alert">{t(`stakingRecover.refused.${refusal}`)}</p>
        <Link to={`/dao/${ctx.pool}/staking`}>{t("stakingRecover.back")}</Link>
      </section>
    );
  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.stakingRecover.title")}
      category="stakingRecover"
      build={() => stakingRecoverProposal(staking, tier, name)}
    >
      {summary}
    </CreateProposalShell>
  );
}

/** `staking-recover/:tierId`: a proposal taking back to the treasury what an ended staking tier paid nobody. */
export function StakingRecoverForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  return (
    <StakingGate ctx={ctx} chainId={chainId}>
      {(staking) => <RecoverPage ctx={ctx} chainId={chainId} staking={staking.staking_address} />}
    </StakingGate>
  );
}
