import { formatAmount } from "@polity/core/bigAmount";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { formResolver } from "../../../shared/ui/formResolver.ts";
import { ListSection } from "../../../shared/ui/ListSection.tsx";
import { AddressField, FormError, TextField } from "../components/Field.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import type { TokenCreation } from "../draft/createPoolDraft.ts";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useAutosave } from "../hooks/useAutosave.ts";
import { TOKEN_DECIMALS } from "../schemas/rules.ts";
import { validateTokenCreation } from "../schemas/stepValidators.ts";
import { initialDistributionAmount, initialDistributionPercent } from "../schemas/tokenDistribution.ts";
import { nextStepPath } from "../wizardSteps.ts";

/** The initial distribution in tokens: what the treasury does not keep. */
function distributionOf(totalSupply: string, treasury: string): string {
  return formatAmount(initialDistributionAmount(totalSupply, treasury), TOKEN_DECIMALS);
}

export function TokenCreationStep() {
  const { t } = useTranslation("createPool");
  const { draft, updateDraft } = useDraft();
  const navigate = useNavigate();
  const form = useForm<TokenCreation>({
    resolver: formResolver<TokenCreation>(validateTokenCreation),
    defaultValues: draft.tokenCreation,
  });
  const { register, control, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const recipients = useFieldArray({ control, name: "recipients" });
  useAutosave(watch, (values) =>
    updateDraft((current) => ({
      ...current,
      tokenCreation: {
        ...current.tokenCreation,
        ...values,
        initialDistribution: distributionOf(values.totalSupply ?? "", values.treasury ?? ""),
      },
    })),
  );

  const treasury = watch("treasury");
  const totalSupply = watch("totalSupply");
  const distributionPercent = initialDistributionPercent(treasury);
  const distributionAmount = formatAmount(initialDistributionAmount(totalSupply, treasury), TOKEN_DECIMALS);

  const onSubmit = handleSubmit((values) => {
    const tokenCreation = {
      ...values,
      initialDistribution: distributionOf(values.totalSupply, values.treasury),
    };
    updateDraft({ tokenCreation });
    navigate(nextStepPath("token", { ...draft, tokenCreation }));
  });

  return (
    <WizardLayout step="token" title={t("token.title")} description={t("token.intro")} onSubmit={onSubmit}>
      <div className={styles.row}>
        <TextField
          label={t("token.name")}
          error={errors.name}
          autoComplete="off"
          registration={register("name")}
        />
        <TextField
          label={t("token.symbol")}
          error={errors.symbol}
          autoComplete="off"
          registration={register("symbol")}
        />
        <TextField
          label={t("token.cap")}
          hint={t("token.capHint")}
          error={errors.cap}
          inputMode="decimal"
          registration={register("cap")}
        />
        <TextField
          label={t("token.totalSupply")}
          hint={t("token.totalSupplyHint")}
          error={errors.totalSupply}
          inputMode="decimal"
          registration={register("totalSupply")}
        />
        <TextField
          label={t("token.treasury")}
          hint={t("token.treasuryHint")}
          error={errors.treasury}
          inputMode="decimal"
          registration={register("treasury")}
        />
        <div className={fieldStyles.field}>
          <span className={fieldStyles.label}>{t("token.initialDistribution")}</span>
          <output className={fieldStyles.input} aria-live="polite">
            {distributionPercent
              ? t("token.initialDistributionValue", {
                  percent: distributionPercent,
                  amount: distributionAmount,
                })
              : "—"}
          </output>
        </div>
      </div>

      <ListSection
        titleId="recipients-title"
        title={t("token.recipients")}
        hint={t("token.recipientsHint", { amount: distributionAmount })}
        rowKeys={recipients.fields.map((item) => item.id)}
        renderRow={(index) => (
          <>
            <AddressField
              label={t("token.recipientAddress", { index: index + 1 })}
              error={errors.recipients?.[index]?.address}
              registration={register(`recipients.${index}.address`)}
            />
            <TextField
              label={t("token.recipientAmount", { index: index + 1 })}
              error={errors.recipients?.[index]?.amount}
              inputMode="decimal"
              registration={register(`recipients.${index}.amount`)}
            />
          </>
        )}
        onRemove={recipients.remove}
        minRows={1}
        footer={<FormError error={errors.recipients?.root ?? errors.recipients} />}
        addLabel={t("token.addRecipient")}
        onAdd={() => recipients.append({ address: "", amount: "" })}
      />
    </WizardLayout>
  );
}
