import { type ChangeEvent, useRef, useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDebouncedValue } from "../../../shared/hooks/useDebouncedValue.ts";
import { IMAGE_TYPES, ipfsGatewayUrl, MAX_IMAGE_BYTES, uploadImage } from "../../../shared/ipfs/upload.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { encodeMessage } from "../../../shared/ui/fieldMessage.ts";
import { RichTextEditor } from "../../../shared/ui/RichTextEditor.tsx";
import { Field, FieldMessage, TextField } from "../components/Field.tsx";
import { ListSection } from "../components/ListSection.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import { SOCIAL_LINK_KINDS } from "../draft/createPoolDraft.ts";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useAutosave } from "../hooks/useAutosave.ts";
import { usePoolPrediction, usePoolPredictionFetcher } from "../hooks/usePoolPrediction.ts";
import { formResolver } from "../schemas/formResolver.ts";
import { type BasicSettingsValues, validateBasicSettings } from "../schemas/stepValidators.ts";
import { nextStepPath } from "../wizardSteps.ts";

export function BasicSettingsStep() {
  const { t } = useTranslation("createPool");
  const { draft, updateDraft } = useDraft();
  const navigate = useNavigate();
  // The name is taken when this deployer already created a pool with it (CREATE2 prediction).
  const takenNameRef = useRef<string | null>(null);
  const form = useForm<BasicSettingsValues>({
    resolver: formResolver<BasicSettingsValues>((values) =>
      validateBasicSettings(values, { isNameTaken: (name) => name === takenNameRef.current }),
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
  const { register, control, handleSubmit, formState, setValue, watch } = form;
  const errors = formState.errors;
  const socialLinks = useFieldArray({ control, name: "socialLinks" });
  const documents = useFieldArray({ control, name: "documents" });
  useAutosave(watch, (values) => updateDraft(values as Partial<BasicSettingsValues>));

  const [avatarState, setAvatarState] = useState<"idle" | "uploading" | { error: string }>("idle");
  const avatarCID = watch("avatarCID");
  const daoName = useDebouncedValue(watch("daoName"), 400);
  const prediction = usePoolPrediction(daoName);
  takenNameRef.current = prediction.data?.isNameTaken ? daoName.trim() : null;

  async function onAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setAvatarState({ error: t("basic.avatarType") });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setAvatarState({ error: t("basic.avatarSize") });
      return;
    }
    setAvatarState("uploading");
    try {
      const upload = await uploadImage(file);
      setValue("avatarUrl", upload.url, { shouldDirty: true });
      setValue("avatarCID", upload.cid, { shouldDirty: true });
      setValue("avatarName", file.name, { shouldDirty: true });
      setAvatarState("idle");
    } catch (err) {
      console.error("Avatar upload failed", err);
      setAvatarState({ error: t("basic.avatarUploadFailed") });
    }
  }

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
      <div className={fieldStyles.field}>
        <span className={fieldStyles.label} id="avatar-label">
          {t("basic.avatar")}
        </span>
        <div className={styles.avatarRow}>
          {avatarCID ? (
            <img className={styles.avatar} src={ipfsGatewayUrl(avatarCID)} alt={t("basic.avatarAlt")} />
          ) : null}
          {avatarCID ? (
            <button
              type="button"
              className={styles.buttonLink}
              onClick={() => {
                for (const field of ["avatarUrl", "avatarCID", "avatarName"] as const)
                  setValue(field, "", { shouldDirty: true });
              }}
            >
              {t("basic.removeAvatar")}
            </button>
          ) : null}
          <input
            type="file"
            accept={IMAGE_TYPES.join(",")}
            aria-labelledby="avatar-label"
            onChange={onAvatarChange}
            disabled={avatarState === "uploading"}
          />
        </div>
        <span className={fieldStyles.hint}>{t("basic.avatarHint")}</span>
        {avatarState === "uploading" ? (
          <span role="status" className={fieldStyles.hint}>
            {t("basic.avatarUploading")}
          </span>
        ) : null}
        {typeof avatarState === "object" ? <FieldMessage message={avatarState.error} /> : null}
      </div>

      <TextField
        label={t("basic.daoName")}
        hint={t("basic.daoNameHint")}
        error={errors.daoName}
        autoComplete="off"
        registration={register("daoName")}
      />

      <TextField
        label={t("basic.websiteUrl")}
        error={errors.websiteUrl}
        type="url"
        inputMode="url"
        placeholder="https://"
        registration={register("websiteUrl")}
      />

      <Field label={t("basic.description")} error={errors.description}>
        {({ id, describedBy, invalid }) => (
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <RichTextEditor
                id={id}
                label={t("basic.description")}
                value={field.value}
                onChange={field.onChange}
                describedBy={describedBy}
                invalid={invalid}
              />
            )}
          />
        )}
      </Field>

      <ListSection
        titleId="social-links-title"
        title={t("basic.socialLinks")}
        rowKeys={socialLinks.fields.map((item) => item.id)}
        renderRow={(index) => (
          <>
            <TextField
              label={t("basic.socialLinkUrl", { index: index + 1 })}
              error={errors.socialLinks?.[index]?.url}
              type="url"
              placeholder="https://"
              registration={register(`socialLinks.${index}.url`)}
            />
            <Field label={t("basic.socialLinkKind", { index: index + 1 })}>
              {({ id }) => (
                <select id={id} className={fieldStyles.select} {...register(`socialLinks.${index}.kind`)}>
                  {SOCIAL_LINK_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`socialKinds.${kind}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        )}
        onRemove={socialLinks.remove}
        addLabel={t("basic.addSocialLink")}
        onAdd={() => socialLinks.append({ kind: "twitter", url: "" })}
      />

      <ListSection
        titleId="documents-title"
        title={t("basic.documents")}
        rowKeys={documents.fields.map((item) => item.id)}
        renderRow={(index) => (
          <>
            <TextField
              label={t("basic.documentName", { index: index + 1 })}
              error={errors.documents?.[index]?.name}
              registration={register(`documents.${index}.name`)}
            />
            <TextField
              label={t("basic.documentUrl", { index: index + 1 })}
              error={errors.documents?.[index]?.url}
              type="url"
              placeholder="https://"
              registration={register(`documents.${index}.url`)}
            />
          </>
        )}
        onRemove={documents.remove}
        addLabel={t("basic.addDocument")}
        onAdd={() => documents.append({ id: crypto.randomUUID(), name: "", url: "" })}
      />
    </WizardLayout>
  );
}
