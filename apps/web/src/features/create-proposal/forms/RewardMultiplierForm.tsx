import { govPoolAbi, nftMultiplierAbi } from "@polity/core/generated/contracts";
import {
  multiplierContractSchema,
  multiplierNftSchema,
  multiplierUnits,
} from "@polity/core/validation/multiplier";
import { amountUnits } from "@polity/core/validation/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, zeroAddress } from "viem";
import { useNftMultiplier } from "../../../shared/chain/nftMultiplier.ts";
import { ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { CheckboxField, TextField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { validate } from "../lib/validate.ts";

export type MultiplierMode = "contract" | "mint";

/**
 * The proposal setting the DAO's multiplier contract: the pool deactivates the active one first (only one is
 * active at a time), then activates `address` — or only deactivates when `address` is the zero address.
 */
export function multiplierContractProposal(
  pool: Address,
  active: Address | null,
  address: Address,
): BuiltProposal {
  const set = (to: Address) =>
    callAction(pool, { abi: govPoolAbi, functionName: "setNftMultiplierAddress", args: [to] });
  const actions = [
    ...(active ? [set(zeroAddress)] : []),
    ...(address.toLowerCase() === zeroAddress ? [] : [set(address)]),
  ];
  return {
    actions,
    proposedChanges: { nftMultiplier: address },
    currentChanges: { nftMultiplier: active ?? zeroAddress },
  };
}

export interface MintInput {
  to: string;
  multiplier: string;
  period: string;
  averageBalance: string;
}

/** The proposal minting a multiplier NFT: the DAO's active collection mints it to the recipient. */
export function multiplierMintProposal(
  collection: Address,
  nft: { to: string; multiplier: string; period: number; averageBalance: string },
  decimals: number,
): BuiltProposal {
  const args = [
    nft.to as Address,
    multiplierUnits(nft.multiplier),
    BigInt(nft.period),
    amountUnits(nft.averageBalance, decimals),
  ] as const;
  return {
    actions: [callAction(collection, { abi: nftMultiplierAbi, functionName: "mint", args })],
    proposedChanges: {
      nftMultiplier: collection,
      to: nft.to,
      multiplier: nft.multiplier,
      rewardPeriod: nft.period,
      averageBalance: nft.averageBalance,
    },
    currentChanges: { nftMultiplier: collection },
  };
}

function ModeChoice({ mode, onChange }: { mode: MultiplierMode; onChange: (mode: MultiplierMode) => void }) {
  const { t } = useTranslation("createProposal");
  return (
    <fieldset className={styles.card}>
      <legend>{t("multiplier.modeLabel")}</legend>
      {(["contract", "mint"] as const).map((m) => (
        <label key={m}>
          <input type="radio" name="multiplier-mode" checked={mode === m} onChange={() => onChange(m)} />{" "}
          {t(`multiplier.modes.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** `reward-multiplier`: set or replace the DAO's NFT multiplier contract, or mint a multiplier NFT. */
export function RewardMultiplierForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const query = useNftMultiplier(ctx.pool, undefined);
  const active = query.data?.address ?? null;
  const [mode, setMode] = useState<MultiplierMode>("mint");
  const [address, setAddress] = useState("");
  const [deactivateActive, setDeactivateActive] = useState(true);
  const {
    values: mint,
    errors,
    setErrors,
    bind,
  } = useFormValues<MintInput>({ to: "", multiplier: "1.5", period: "30d", averageBalance: "0" });

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const isMint = mode === "mint" && active !== null;
  const decimals = ctx.token?.decimals ?? 18;

  function build(): BuiltProposal | null {
    if (isMint && active) {
      const result = validate(multiplierNftSchema(decimals), mint);
      setErrors(result.ok ? {} : result.errors);
      return result.ok ? multiplierMintProposal(active, result.data, decimals) : null;
    }
    const result = validate(multiplierContractSchema(active), { address, deactivateActive });
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? multiplierContractProposal(ctx.pool, active, result.data.address as Address) : null;
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.rewardMultiplier.title")}
      category="rewardMultiplier"
      build={build}
    >
      <p className={styles.muted} data-testid="active-multiplier">
        {active ? t("multiplier.active", { address: active }) : t("multiplier.none")}
      </p>
      {active ? <ModeChoice mode={mode} onChange={setMode} /> : null}
      {isMint ? (
        <>
          <TextField label={t("multiplier.to")} {...bind("to")} isMono />
          <TextField
            label={t("multiplier.multiplier")}
            hint={t("multiplier.multiplierHint")}
            {...bind("multiplier")}
            inputMode="decimal"
          />
          <TextField label={t("multiplier.period")} hint={t("multiplier.periodHint")} {...bind("period")} />
          <TextField
            label={t("multiplier.averageBalance", { symbol: ctx.token?.symbol ?? "" })}
            hint={t("multiplier.averageBalanceHint")}
            {...bind("averageBalance")}
            inputMode="decimal"
          />
        </>
      ) : (
        <>
          <TextField
            label={t("multiplier.address")}
            hint={t("multiplier.addressHint")}
            value={address}
            onChange={setAddress}
            error={errors.address}
            isMono
          />
          {active ? (
            <CheckboxField
              label={t("multiplier.deactivateActive")}
              checked={deactivateActive}
              onChange={setDeactivateActive}
            />
          ) : null}
        </>
      )}
    </CreateProposalShell>
  );
}
