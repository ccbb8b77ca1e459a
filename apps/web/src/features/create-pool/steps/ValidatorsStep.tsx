import { validatorTokenName } from "@polity/core/validation/dao";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formResolver } from "../../../shared/ui/formResolver.ts";
import { ListSection } from "../../../shared/ui/ListSection.tsx";
import { AddressField, FormError, TextField } from "../components/Field.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import { DEFAULT_VALIDATOR_BALANCE } from "../draft/createPoolDraft.ts";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useAutosave } from "../hooks/useAutosave.ts";
import { type ValidatorsValues, validateValidators } from "../schemas/stepValidators.ts";
import { nextStepPath } from "../wizardSteps.ts";

export function ValidatorsStep() {
  const { t } = useTranslation("createPool");
  const { draft, updateDraft } = useDraft();
  const navigate = useNavigate();
  const form = useForm<ValidatorsValues>({
    resolver: formResolver<ValidatorsValues>(validateValidators),
    defaultValues: {
      isValidator: draft.isValidator,
      validatorsVote: draft.defaultProposalSettings.validatorsVote,
      ...draft.validatorsParams,
    },
  });
  const { register, control, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const validators = useFieldArray({ control, name: "validators" });
  const toDraft = (values: Partial<ValidatorsValues>) =>
    updateDraft((current) => {
      const { isValidator, validatorsVote, ...params } = values;
      return {
        ...current,
        isValidator: isValidator ?? current.isValidator,
        defaultProposalSettings: {
          ...current.defaultProposalSettings,
          validatorsVote: validatorsVote ?? current.defaultProposalSettings.validatorsVote,
        },
        validatorsParams: {
          ...current.validatorsParams,
          ...params,
          validators: (params.validators ?? current.validatorsParams.validators).map((v) => ({
            address: v?.address ?? "",
            balance: v?.balance ?? "",
          })),
        },
      };
    });
  useAutosave(watch, toDraft);
  const isValidator = watch("isValidator");
  const name = watch("name");
  const symbol = watch("symbol");

  const onSubmit = handleSubmit((values) => {
    toDraft(values);
    navigate(nextStepPath("validators", draft));
  });

  return (
    <WizardLayout
      step="validators"
      title={t("validators.title")}
      description={t("validators.intro")}
      onSubmit={onSubmit}
    >
      <label className={styles.checkbox}>
        <input type="checkbox" {...register("isValidator")} />
        <span>{t("validators.isValidator")}</span>
      </label>

      {isValidator ? (
        <>
          <label className={styles.checkbox}>
            <input type="checkbox" {...register("validatorsVote")} />
            <span>{t("validators.validatorsVote")}</span>
          </label>
          <div className={styles.row}>
            <TextField
              label={t("validators.name")}
              hint={
                name?.trim() ? t("validators.suffixPreview", { value: validatorTokenName(name) }) : undefined
              }
              error={errors.name}
              registration={register("name")}
            />
            <TextField
              label={t("validators.symbol")}
              hint={
                symbol?.trim()
                  ? t("validators.suffixPreview", { value: validatorTokenName(symbol) })
                  : undefined
              }
              error={errors.symbol}
              registration={register("symbol")}
            />
            <TextField
              label={t("validators.quorum")}
              hint={t("voting.quorumHint")}
              inputMode="decimal"
              error={errors.quorum}
              registration={register("quorum")}
            />
            <TextField
              label={t("validators.duration")}
              hint={t("voting.durationHint")}
              error={errors.duration}
              registration={register("duration")}
            />
            <TextField
              label={t("validators.executionDelay")}
              hint={t("voting.durationHint")}
              error={errors.executionDelay}
              registration={register("executionDelay")}
            />
          </div>

          <ListSection
            titleId="validators-list-title"
            title={t("validators.list")}
            rowKeys={validators.fields.map((item) => item.id)}
            renderRow={(index) => (
              <>
                <AddressField
                  label={t("validators.address", { index: index + 1 })}
                  error={errors.validators?.[index]?.address}
                  registration={register(`validators.${index}.address`)}
                />
                <TextField
                  label={t("validators.balance", { index: index + 1 })}
                  inputMode="decimal"
                  error={errors.validators?.[index]?.balance}
                  registration={register(`validators.${index}.balance`)}
                />
              </>
            )}
            onRemove={validators.remove}
            minRows={1}
            footer={<FormError error={errors.validators?.root ?? errors.validators} />}
            addLabel={t("validators.add")}
            onAdd={() => validators.append({ address: "", balance: DEFAULT_VALIDATOR_BALANCE })}
          />
        </>
      ) : null}
    </WizardLayout>
  );
}
