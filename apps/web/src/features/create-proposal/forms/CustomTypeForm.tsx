import { govSettingsAbi } from "@polity/core/generated/contracts";
import { addressSchema, reportDuplicates, textSchema } from "@polity/core/validation/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { z } from "zod";
import { Button } from "../../../shared/ui/Button.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, TextField } from "../components/Field.tsx";
import { SettingsFields } from "../components/SettingsFields.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { settingsToForm, validateSettings } from "../lib/settingsForm.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";
import { FIRST_CUSTOM_SETTING } from "../proposalTypes.ts";

const executorsSchema = z
  .object({
    label: textSchema({ max: 60 }),
    executors: z.array(addressSchema).min(1, "validation.atLeastOneItem"),
  })
  .superRefine((v, ctx) =>
    reportDuplicates(v.executors, (a) => a, ctx, {
      path: (i) => ["executors", i],
      key: "validation.duplicateAddress",
    }),
  );

/**
 * 'Custom': a new proposal type — a settings slot (GovSettings.addSettings) and the executors it
 * governs (changeExecutors). Existing custom types (slots 5+) are listed to create proposals with.
 */
export function CustomTypeForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const base = ctx.proposalSettings[0];
  const [values, setValues] = useState(() => (base ? settingsToForm(base) : null));
  const [label, setLabel] = useState("");
  const [executors, setExecutors] = useState([""]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const custom = ctx.proposalSettings
    .map((s, id) => ({ s, id }))
    .filter(({ id }) => id >= FIRST_CUSTOM_SETTING);

  function build(): BuiltProposal | null {
    if (!values) return null;
    const settings = validateSettings({ ...values, executorDescription: label.trim() });
    const list = validate(executorsSchema, { label, executors });
    const next: FieldErrors = { ...(settings.ok ? {} : settings.errors), ...(list.ok ? {} : list.errors) };
    setErrors(next);
    if (!settings.ok || !list.ok) return null;
    const newId = BigInt(ctx.proposalSettings.length);
    const addresses = list.data.executors as Address[];
    return {
      actions: [
        callAction(ctx.settings, {
          abi: govSettingsAbi,
          functionName: "addSettings",
          args: [[settings.settings]],
        }),
        callAction(ctx.settings, {
          abi: govSettingsAbi,
          functionName: "changeExecutors",
          args: [addresses, addresses.map(() => newId)],
        }),
      ],
      proposedChanges: { settingId: Number(newId), label: list.data.label, executors: addresses, ...values },
      currentChanges: { settingsCount: ctx.proposalSettings.length },
    };
  }

  return (
    <>
      {custom.length > 0 ? (
        <section className={styles.card}>
          <h2>{t("custom.existing")}</h2>
          <ul className={styles.list}>
            {custom.map(({ s, id }) => (
              <li key={id} className={styles.row}>
                <span>
                  #{id} {s.executorDescription || t("custom.unnamed")}
                </span>
                <Link to={`/dao/${ctx.pool}/create-custom-proposal/${id}`}>{t("custom.createWith")}</Link>
                <Link to={`/dao/${ctx.pool}/create-proposal/change-voting-settings/custom/${id}`}>
                  {t("custom.editSettings")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {values ? (
        <CreateProposalShell
          ctx={ctx}
          chainId={chainId}
          title={t("types.custom.title")}
          category="createProposalType"
          build={build}
        >
          <TextField label={t("custom.label")} value={label} onChange={setLabel} error={errors.label} />
          {executors.map((address, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
              key={i}
              label={t("custom.executor", { index: i + 1 })}
              value={address}
              error={errors[`executors.${i}`]}
              onChange={(v) => setExecutors((list) => list.map((x, j) => (j === i ? v : x)))}
            />
          ))}
          <FormError error={errors.executors} />
          <Button size="small" variant="secondary" onClick={() => setExecutors((l) => [...l, ""])}>
            {t("custom.addExecutor")}
          </Button>
          <SettingsFields values={values} onChange={setValues} errors={errors} />
        </CreateProposalShell>
      ) : null}
    </>
  );
}
