import { useMemo, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { formResolver } from "../../../shared/ui/formResolver.ts";
import { AddressField, FormError, TextField } from "../components/Field.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import { VOTE_POWER_TYPES, type VotePowerTypeName } from "../draft/createPoolDraft.ts";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useAutosave } from "../hooks/useAutosave.ts";
import { type VotingValues, validateVoting, votingContextOf } from "../schemas/stepValidators.ts";
import { nextStepPath } from "../wizardSteps.ts";

export function VotingParametersStep() {
  const { t } = useTranslation("createPool");
  const { draft, updateDraft } = useDraft();
  const navigate = useNavigate();
  const context = useMemo(() => votingContextOf(draft), [draft]);
  const contextRef = useRef(context);
  contextRef.current = context;
  const form = useForm<VotingValues>({
    resolver: formResolver<VotingValues>((values) => validateVoting(values, contextRef.current)),
    defaultValues: { votingModel: draft.votingModel, settings: draft.defaultProposalSettings },
  });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  useAutosave(watch, (values) =>
    updateDraft((current) => ({
      ...current,
      votingModel: { ...current.votingModel, ...values.votingModel },
      defaultProposalSettings: {
        ...current.defaultProposalSettings,
        ...values.settings,
        rewardsInfo: { ...current.defaultProposalSettings.rewardsInfo, ...values.settings?.rewardsInfo },
      },
    })),
  );
  const votePowerType = watch("votingModel.votePowerType");

  const onSubmit = handleSubmit((values) => {
    const patch = { votingModel: values.votingModel, defaultProposalSettings: values.settings };
    updateDraft(patch);
    navigate(nextStepPath("voting", { ...draft, ...patch }));
  });

  const durationHint = t("voting.durationHint");

  return (
    <WizardLayout step="voting" title={t("voting.title")} description={t("voting.intro")} onSubmit={onSubmit}>
      <fieldset className={styles.radioGroup}>
        <legend className={fieldStyles.label}>{t("voting.votePowerType")}</legend>
        {(Object.keys(VOTE_POWER_TYPES) as VotePowerTypeName[]).map((type) => (
          <label key={type} className={styles.radioOption}>
            <input type="radio" value={type} {...register("votingModel.votePowerType")} />
            <span>
              {t(`voting.model.${type}`)}
              <br />
              <span className={fieldStyles.hint}>{t(`voting.model.${type}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {votePowerType === "polynomial" ? (
        <div className={styles.row}>
          <TextField
            label={t("voting.polinomialHoldersCoefficient")}
            inputMode="decimal"
            error={errors.votingModel?.polinomialHoldersCoefficient}
            registration={register("votingModel.polinomialHoldersCoefficient")}
          />
          <TextField
            label={t("voting.polinomialExpertsCoefficient")}
            inputMode="decimal"
            error={errors.votingModel?.polinomialExpertsCoefficient}
            registration={register("votingModel.polinomialExpertsCoefficient")}
          />
          <TextField
            label={t("voting.polinomialExpertsDelegationCoefficient")}
            inputMode="decimal"
            error={errors.votingModel?.polinomialExpertsDelegationCoefficient}
            registration={register("votingModel.polinomialExpertsDelegationCoefficient")}
          />
        </div>
      ) : null}

      {votePowerType === "custom" ? (
        <>
          <AddressField
            label={t("voting.customPowerContractAddress")}
            error={errors.votingModel?.customPowerContractAddress}
            registration={register("votingModel.customPowerContractAddress")}
          />
          <label className={styles.checkbox}>
            <input type="checkbox" {...register("votingModel.isCustomPowerContractAgreement")} />
            <span>{t("voting.isCustomPowerContractAgreement")}</span>
          </label>
          <FormError error={errors.votingModel?.isCustomPowerContractAgreement} />
        </>
      ) : null}

      <h2 className={styles.subtitle}>{t("voting.proposalSettings")}</h2>
      <div className={styles.row}>
        <TextField
          label={t("voting.duration")}
          hint={durationHint}
          error={errors.settings?.duration}
          registration={register("settings.duration")}
        />
        <TextField
          label={t("voting.quorum")}
          hint={t("voting.quorumHint")}
          inputMode="decimal"
          error={errors.settings?.quorum}
          registration={register("settings.quorum")}
        />
        <TextField
          label={t("voting.minVotesForVoting")}
          inputMode="decimal"
          error={errors.settings?.minVotesForVoting}
          registration={register("settings.minVotesForVoting")}
        />
        <TextField
          label={t("voting.minVotesForCreating")}
          inputMode="decimal"
          error={errors.settings?.minVotesForCreating}
          registration={register("settings.minVotesForCreating")}
        />
        <TextField
          label={t("voting.executionDelay")}
          hint={durationHint}
          error={errors.settings?.executionDelay}
          registration={register("settings.executionDelay")}
        />
      </div>
      <label className={styles.checkbox}>
        <input type="checkbox" {...register("settings.earlyCompletion")} />
        <span>{t("voting.earlyCompletion")}</span>
      </label>
      <label className={styles.checkbox}>
        <input type="checkbox" {...register("settings.delegatedVotingAllowed")} />
        <span>{t("voting.delegatedVotingAllowed")}</span>
      </label>

      <h2 className={styles.subtitle}>{t("voting.rewards")}</h2>
      <div className={styles.row}>
        <AddressField
          label={t("voting.rewardToken")}
          hint={t("voting.rewardTokenHint")}
          error={errors.settings?.rewardsInfo?.rewardToken}
          registration={register("settings.rewardsInfo.rewardToken")}
        />
        <TextField
          label={t("voting.creationReward")}
          inputMode="decimal"
          error={errors.settings?.rewardsInfo?.creationReward}
          registration={register("settings.rewardsInfo.creationReward")}
        />
        <TextField
          label={t("voting.executionReward")}
          inputMode="decimal"
          error={errors.settings?.rewardsInfo?.executionReward}
          registration={register("settings.rewardsInfo.executionReward")}
        />
        <TextField
          label={t("voting.voteRewardsCoefficient")}
          inputMode="decimal"
          error={errors.settings?.rewardsInfo?.voteRewardsCoefficient}
          registration={register("settings.rewardsInfo.voteRewardsCoefficient")}
        />
      </div>

      <h2 className={styles.subtitle}>{t("voting.discussion")}</h2>
      <div className={styles.row}>
        <TextField
          label={t("voting.minVotesForReadProposalDiscussion")}
          inputMode="decimal"
          error={errors.votingModel?.minVotesForReadProposalDiscussion}
          registration={register("votingModel.minVotesForReadProposalDiscussion")}
        />
        <TextField
          label={t("voting.minVotesForCreatingComment")}
          inputMode="decimal"
          error={errors.votingModel?.minVotesForCreatingComment}
          registration={register("votingModel.minVotesForCreatingComment")}
        />
      </div>
    </WizardLayout>
  );
}
