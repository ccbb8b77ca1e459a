import type { ChangeEvent, ReactNode } from "react";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { IMAGE_TYPES, ipfsGatewayUrl } from "../ipfs/upload.ts";
import { type ImageUploadState, useImageUpload } from "../ipfs/useImageUpload.ts";
import { Button } from "../ui/Button.tsx";
import { createFields, FieldMessage, fieldStyles } from "../ui/Field.tsx";
import { ListSection } from "../ui/ListSection.tsx";
import { RichTextEditor } from "../ui/RichTextEditor.tsx";
import { SocialKindSelect } from "../ui/SocialKindSelect.tsx";
import styles from "./DaoProfileFields.module.css";
import type { DaoProfileValues } from "./daoProfileForm.ts";

const { Field, TextField } = createFields("daoMetadata");

export type AvatarUploadState = ImageUploadState;

/**
 * The DAO profile's fields — avatar (uploaded to IPFS), website, description, social links and
 * documents — bound to a react-hook-form form of `DaoProfileValues`. The DAO creation wizard puts
 * its name field in `afterAvatar`; the change-dao-settings proposal edits the rest.
 */
export function DaoProfileFields({
  form,
  afterAvatar,
  onAvatarStateChange,
}: {
  form: UseFormReturn<DaoProfileValues>;
  afterAvatar?: ReactNode;
  onAvatarStateChange?: (state: AvatarUploadState) => void;
}) {
  const { t } = useTranslation("daoMetadata");
  const { register, control, formState, setValue, watch } = form;
  const errors = formState.errors;
  const socialLinks = useFieldArray({ control, name: "socialLinks" });
  const documents = useFieldArray({ control, name: "documents" });
  const { state: avatarState, onPicked } = useImageUpload(
    { type: t("avatarType"), size: t("avatarSize"), failed: t("avatarUploadFailed") },
    onAvatarStateChange,
  );
  const avatarCID = watch("avatarCID");

  async function onAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    const upload = await onPicked(event);
    if (!upload || !file) return;
    setValue("avatarUrl", upload.url, { shouldDirty: true });
    setValue("avatarCID", upload.cid, { shouldDirty: true });
    setValue("avatarName", file.name, { shouldDirty: true });
  }

  return (
    <>
      <div className={fieldStyles.field}>
        <span className={fieldStyles.label} id="avatar-label">
          {t("avatar")}
        </span>
        <div className={styles.avatarRow}>
          {avatarCID ? (
            <img className={styles.avatar} src={ipfsGatewayUrl(avatarCID)} alt={t("avatarAlt")} />
          ) : null}
          {avatarCID ? (
            <Button
              variant="ghost"
              size="small"
              onClick={() => {
                for (const field of ["avatarUrl", "avatarCID", "avatarName"] as const)
                  setValue(field, "", { shouldDirty: true });
              }}
            >
              {t("removeAvatar")}
            </Button>
          ) : null}
          <input
            type="file"
            accept={IMAGE_TYPES.join(",")}
            aria-labelledby="avatar-label"
            onChange={onAvatarChange}
            disabled={avatarState === "uploading"}
          />
        </div>
        <span className={fieldStyles.hint}>{t("avatarHint")}</span>
        {avatarState === "uploading" ? (
          <span role="status" className={fieldStyles.hint}>
            {t("avatarUploading")}
          </span>
        ) : null}
        {typeof avatarState === "object" ? <FieldMessage message={avatarState.error} /> : null}
      </div>

      {afterAvatar}

      <TextField
        label={t("websiteUrl")}
        error={errors.websiteUrl}
        type="url"
        inputMode="url"
        placeholder="https://"
        registration={register("websiteUrl")}
      />

      <Field label={t("description")} error={errors.description}>
        {({ id, describedBy, invalid }) => (
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <RichTextEditor
                id={id}
                label={t("description")}
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
        title={t("socialLinks")}
        rowKeys={socialLinks.fields.map((item) => item.id)}
        renderRow={(index) => (
          <>
            <TextField
              label={t("socialLinkUrl", { index: index + 1 })}
              error={errors.socialLinks?.[index]?.url}
              type="url"
              placeholder="https://"
              registration={register(`socialLinks.${index}.url`)}
            />
            <Field label={t("socialLinkKind", { index: index + 1 })}>
              {({ id }) => (
                <SocialKindSelect
                  id={id}
                  kindLabel={(kind) => t(`socialKinds.${kind}`)}
                  {...register(`socialLinks.${index}.kind`)}
                />
              )}
            </Field>
          </>
        )}
        onRemove={socialLinks.remove}
        addLabel={t("addSocialLink")}
        onAdd={() => socialLinks.append({ kind: "twitter", url: "" })}
      />

      <ListSection
        titleId="documents-title"
        title={t("documents")}
        rowKeys={documents.fields.map((item) => item.id)}
        renderRow={(index) => (
          <>
            <TextField
              label={t("documentName", { index: index + 1 })}
              error={errors.documents?.[index]?.name}
              registration={register(`documents.${index}.name`)}
            />
            <TextField
              label={t("documentUrl", { index: index + 1 })}
              error={errors.documents?.[index]?.url}
              type="url"
              placeholder="https://"
              registration={register(`documents.${index}.url`)}
            />
          </>
        )}
        onRemove={documents.remove}
        addLabel={t("addDocument")}
        onAdd={() => documents.append({ id: crypto.randomUUID(), name: "", url: "" })}
      />
    </>
  );
}
