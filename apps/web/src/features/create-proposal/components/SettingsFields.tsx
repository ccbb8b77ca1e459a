import { useTranslation } from "react-i18next";
import styles from "../createProposal.module.css";
import type { SettingsFormValues } from "../lib/settingsForm.ts";
import type { FieldErrors } from "../lib/validate.ts";
import { CheckboxField, TextField } from "./Field.tsx";

const TEXT_FIELDS = [
  "duration",
  "quorum",
  "minVotesForVoting",
  "minVotesForCreating",
  "executionDelay",
  "durationValidators",
  "quorumValidators",
  "rewardToken",
  "creationReward",
  "executionReward",
  "voteRewardsCoefficient",
] as const;

/** Every proposal-settings field, labelled; used by change-voting-settings and new proposal types. */
export function SettingsFields({
  values,
  onChange,
  errors,
}: {
  values: SettingsFormValues;
  onChange: (values: SettingsFormValues) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation("createProposal");
  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <div className={styles.list}>
      <CheckboxField
        label={t("settings.earlyCompletion")}
        checked={values.earlyCompletion}
        onChange={(v) => set("earlyCompletion", v)}
      />
      <CheckboxField
        label={t("settings.delegatedVotingAllowed")}
        checked={values.delegatedVotingAllowed}
        onChange={(v) => set("delegatedVotingAllowed", v)}
      />
      <CheckboxField
        label={t("settings.validatorsVote")}
        checked={values.validatorsVote}
        onChange={(v) => set("validatorsVote", v)}
      />
      <div className={styles.grid}>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`settings.${field}`)}
            value={values[field]}
            onChange={(v) => set(field, v)}
            error={errors[field]}
          />
        ))}
      </div>
    </div>
  );
}
