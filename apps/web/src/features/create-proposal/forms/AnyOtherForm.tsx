import { getChain } from "@polity/core/chains";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { AbiBuilder, ManualActionBuilder } from "../components/AbiBuilder.tsx";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { actionTargetError } from "../lib/actionTargets.ts";
import type { FieldErrors } from "../lib/validate.ts";
import { useExecutorSettingsReader } from "../useExecutorSettings.ts";

/** Any other proposal (or one of a custom type): actions built from a pasted ABI or typed by hand. */
export function AnyOtherForm({
  ctx,
  chainId,
  mode,
  settingId,
}: {
  ctx: PoolContext;
  chainId: number;
  mode: "abi" | "manual";
  /** Custom proposal type: the main (last) action's target must be governed by this slot. */
  settingId?: number;
}) {
  const { t } = useTranslation("createProposal");
  const readExecutorSettings = useExecutorSettingsReader(ctx, chainId);
  const [actions, setActions] = useState<ProposalAction[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setting = settingId === undefined ? undefined : ctx.proposalSettings[settingId];
  const checkTarget = (target: Address) => actionTargetError(ctx, target);

  async function build(): Promise<BuiltProposal | null> {
    const last = actions.at(-1);
    if (!last) {
      setErrors({ actions: { key: "validation.atLeastOneItem" } });
      return null;
    }
    if (settingId !== undefined) {
      const slot = await readExecutorSettings(last.executor);
      if (Number(slot) !== settingId) {
        setErrors({ actions: { key: "custom.executorNotInSetting", params: { id: settingId } } });
        return null;
      }
    }
    setErrors({});
    return {
      actions,
      proposedChanges: { actions: actions.map((a) => ({ ...a, value: a.value.toString() })) },
      currentChanges: {},
    };
  }

  const base =
    settingId === undefined
      ? `/dao/${ctx.pool}/create-proposal/any-other`
      : `/dao/${ctx.pool}/create-custom-proposal/${settingId}`;
  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={
        settingId === undefined
          ? t("types.anyOther.title")
          : t("custom.proposalTitle", {
              id: settingId,
              name: setting?.executorDescription || t("custom.unnamed"),
            })
      }
      category={settingId === undefined ? "anyOtherProposal" : "custom"}
      build={build}
    >
      <nav className={styles.row} aria-label={t("anyOther.modes")}>
        <Link to={`${base}/abi`} aria-current={mode === "abi" ? "page" : undefined}>
          {t("anyOther.abiMode")}
        </Link>
        <Link to={`${base}/manual`} aria-current={mode === "manual" ? "page" : undefined}>
          {t("anyOther.manualMode")}
        </Link>
      </nav>
      {mode === "abi" ? (
        <AbiBuilder onAdd={(a) => setActions((l) => [...l, a])} checkTarget={checkTarget} />
      ) : (
        <ManualActionBuilder onAdd={(a) => setActions((l) => [...l, a])} checkTarget={checkTarget} />
      )}
      <section aria-label={t("anyOther.actions")} className={styles.list}>
        <h3>{t("anyOther.actions")}</h3>
        {actions.length === 0 ? <p className={styles.muted}>{t("anyOther.noActions")}</p> : null}
        {actions.map((a, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: actions are positional
            key={i}
            className={styles.action}
            data-testid="built-action"
          >
            <span className={fieldStyles.mono}>
              {i + 1}. {a.executor} · {tokenAmount(a.value, 18, getChain(chainId).nativeCurrency.symbol)} ·{" "}
              {a.data.slice(0, 10)}…
            </span>
            <Button
              size="small"
              variant="ghost"
              onClick={() => setActions((l) => l.filter((_, j) => j !== i))}
            >
              {t("actions.remove")}
            </Button>
          </div>
        ))}
        <FormError error={errors.actions} />
      </section>
    </CreateProposalShell>
  );
}
