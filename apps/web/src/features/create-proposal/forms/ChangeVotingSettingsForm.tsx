import { govSettingsAbi } from "@polity/core/generated/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError } from "../components/Field.tsx";
import { SettingsFields } from "../components/SettingsFields.tsx";
import { callAction } from "../lib/callAction.ts";
import { settingsToForm, validateSettings } from "../lib/settingsForm.ts";
import { type FieldErrors, isValid } from "../lib/validate.ts";

/** Edits one settings slot through GovSettings.editSettings; an unchanged form is refused. */
export function ChangeVotingSettingsForm({
  ctx,
  chainId,
  settingId,
}: {
  ctx: PoolContext;
  chainId: number;
  settingId: number;
}) {
  const { t } = useTranslation("createProposal");
  const current = ctx.proposalSettings[settingId];
  const [initial] = useState(() => (current ? settingsToForm(current) : null));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!current || !initial || !values)
    return <EmptyState title={t("settings.unknownSlot", { id: settingId })} />;

  function build(): BuiltProposal | null {
    if (!values || !initial || !current) return null;
    const result = validateSettings(values, initial);
    if (!isValid(result, setErrors)) return null;
    return {
      actions: [
        callAction(ctx.settings, {
          abi: govSettingsAbi,
          functionName: "editSettings",
          args: [[BigInt(settingId)], [result.settings]],
        }),
      ],
      proposedChanges: { settingId, ...values },
      currentChanges: { settingId, ...initial },
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.changeVotingSettings.slotTitle", { id: settingId })}
      category="changeSettings"
      build={build}
    >
      <SettingsFields values={values} onChange={setValues} errors={errors} />
      <FormError error={errors.form} />
    </CreateProposalShell>
  );
}
