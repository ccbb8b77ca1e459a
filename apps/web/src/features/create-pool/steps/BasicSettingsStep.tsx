import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type AvatarUploadState, DaoProfileFields } from "../../../shared/dao-metadata/DaoProfileFields.tsx";
import {
  type DaoProfileValues as BasicSettingsValues,
  validateDaoProfile,
} from "../../../shared/dao-metadata/daoProfileForm.ts";
import { useDebouncedValue } from "../../../shared/hooks/useDebouncedValue.ts";
import { decodeMessage, encodeMessage } from "../../../shared/ui/fieldMessage.ts";
import { formResolver } from "../../../shared/ui/formResolver.ts";
import { TextField } from "../components/Field.tsx";
import { NameTakenHint } from "../components/NameTakenHint.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useAutosave } from "../hooks/useAutosave.ts";
import { usePoolPrediction, usePoolPredictionFetcher } from "../hooks/usePoolPrediction.ts";
import { nextStepPath } from "../wizardSteps.ts";

export function BasicSettingsStep() {
  const { t } = useTranslation("createPool");
  const { draft, updateDraft } = useDraft();
  const navigate = useNavigate();
  // The name is taken when this deployer already created a pool with it (CREATE2 prediction).
  const takenNameRef = useRef<string | null>(null);
  const form = useForm<BasicSettingsValues>({
    resolver: formResolver<BasicSettingsValues>((values) =>
      validateDaoProfile(values, { isNameTaken: (name) => name === takenNameRef.current }),
    ),
    defaultValues: {
      avatarUrl: draft.avatarUrl,
      avatarCID: draft.avatarCID,
      avatarName: draft.avatarName,
      daoName: draft.daoName,
      websiteUrl: draft.websiteUrl,
      description: draft.description,
      socialLinks: draft.socialLinks,
      documents: draft.documents,
    },
  });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  useAutosave(watch, (values) => updateDraft(values as Partial<BasicSettingsValues>));

  const [avatarState, setAvatarState] = useState<AvatarUploadState>("idle");
  const daoName = useDebouncedValue(watch("daoName"), 400);
  const prediction = usePoolPrediction(daoName);
  takenNameRef.current = prediction.data?.isNameTaken ? daoName.trim() : null;

  const isNameTakenShown = decodeMessage(errors.daoName?.message ?? "").key === "validation.poolNameTaken";

  const fetchPrediction = usePoolPredictionFetcher();
  const onSubmit = handleSubmit(async (values) => {
    const name = values.daoName.trim();
    if ((await fetchPrediction(name))?.isNameTaken) {
      takenNameRef.current = name;
      form.setError(
        "daoName",
        { type: "validate", message: encodeMessage("validation.poolNameTaken") },
        { shouldFocus: true },
      );
      return;
    }
    updateDraft(values);
    navigate(nextStepPath("basic", { ...draft, ...values }));
  });

  return (
    <WizardLayout
      step="basic"
      title={t("basic.title")}
      description={t("basic.intro")}
      onSubmit={onSubmit}
      isSubmitting={avatarState === "uploading"}
    >
      <DaoProfileFields
        form={form}
        onAvatarStateChange={setAvatarState}
        afterAvatar={
          <>
            <TextField
              label={t("basic.daoName")}
              hint={t("basic.daoNameHint")}
              error={errors.daoName}
              autoComplete="off"
              registration={register("daoName")}
            />
            {isNameTakenShown ? <NameTakenHint name={watch("daoName").trim()} /> : null}
          </>
        }
      />
    </WizardLayout>
  );
}
