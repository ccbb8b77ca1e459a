import type { SocialLinkKind } from "@polity/core/enums";
import type { ProfileRecord } from "@polity/core/records/profile";
import { firstMessageByField } from "@polity/core/validation/issues";
import { type ProfileInput, profileSchema } from "@polity/core/validation/profile";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useSession } from "../../shared/auth/authStore.ts";
import { useLogin } from "../../shared/auth/useLogin.ts";
import { IMAGE_TYPES } from "../../shared/ipfs/upload.ts";
import { useImageUpload } from "../../shared/ipfs/useImageUpload.ts";
import { profileQuery, saveProfile } from "../../shared/profile/profileApi.ts";
import { queryRoots } from "../../shared/query/queryKeys.ts";
import { showToast } from "../../shared/state/toasts.ts";
import { TransactionStatus } from "../../shared/tx/TerminalSubmit.tsx";
import { Button } from "../../shared/ui/Button.tsx";
import { DaoAvatar } from "../../shared/ui/DaoAvatar.tsx";
import { createFields, fieldStyles } from "../../shared/ui/Field.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import layout from "../../shared/ui/Layout.module.css";
import { SocialKindSelect } from "../../shared/ui/SocialKindSelect.tsx";
import { EmptyState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { TxSteps } from "../../shared/ui/TxSteps.tsx";
import { ConnectPrompt } from "../../shared/wallet/ConnectPrompt.tsx";
import styles from "./Profile.module.css";
import { type PublishStep, usePublishProfileLink } from "./usePublishProfileLink.ts";

const { Field, TextField, FormError } = createFields("profile");

/** `/profile/edit/*`: the connected account edits its own profile, saved by the api under its signed session. */
export default function EditProfileRoute() {
  const { t } = useTranslation("profile");
  const { address, chainId } = useConnection();
  const session = useSession(address);
  const login = useLogin();
  const profile = useQuery({ ...profileQuery(address ?? "0x"), enabled: Boolean(address) });
  if (!address) return <ConnectPrompt title={t("editPage.connect")} />;
  if (!session)
    return (
      <EmptyState title={t("editPage.signIn")}>
        <Button onClick={() => chainId && login.mutate({ address, chainId })} disabled={login.isPending}>
          {t("editPage.signInButton")}
        </Button>
      </EmptyState>
    );
  if (profile.isPending) return <LoadingState />;
  return <EditProfileForm key={address} address={address} initial={profile.data} />;
}

type Errors = Record<string, { key: string; params?: Record<string, unknown> }>;

function EditProfileForm({ address, initial }: { address: Address; initial: ProfileRecord | undefined }) {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileInput>({
    name: initial?.name ?? "",
    avatar_url: initial?.avatar_url ?? "",
    bio: initial?.bio ?? "",
    social_links: initial?.social_links ?? [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<ProfileInput>) => setValues((v) => ({ ...v, ...patch }));
  const publishing = usePublishProfileLink(address);
  const save = useMutation({
    async mutationFn(input: ProfileInput) {
      publishing.setStep("save");
      const saved = await saveProfile(address, input);
      queryClient.setQueryData(profileQuery(address).queryKey, saved);
      showToast({ kind: "success", message: t("editPage.saved") });
      // The profile stays saved when its link is not written: saving again writes it.
      await publishing.publish(saved).catch((err: unknown) => {
        console.error("The profile link was not written on chain", { address, err });
        showToast({ kind: "warning", message: t("editPage.linkFailed") });
      });
      return saved;
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: [queryRoots.profile, address.toLowerCase()] });
    },
  });

  const { state: avatarState, onPicked } = useImageUpload({
    type: t("editPage.avatarType"),
    size: t("editPage.avatarSize"),
    failed: t("editPage.avatarUploadFailed"),
  });
  async function onAvatar(event: ChangeEvent<HTMLInputElement>) {
    const upload = await onPicked(event);
    if (upload) set({ avatar_url: upload.url });
  }

  function onSubmit() {
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const links = values.social_links;
  const setLink = (index: number, patch: Partial<{ kind: SocialLinkKind; url: string }>) =>
    set({ social_links: links.map((link, i) => (i === index ? { ...link, ...patch } : link)) });

  return (
    <div className={layout.page}>
      <div className={layout.row} style={{ justifyContent: "space-between" }}>
        <h1 style={{ margin: 0 }}>{t("editPage.title")}</h1>
        <Link to={`/profile/${address.toLowerCase()}`}>{t("editPage.viewProfile")}</Link>
      </div>
      <p className="muted">{t("editPage.intro")}</p>
      <Form className={layout.card} onSubmit={onSubmit} aria-label={t("editPage.title")}>
        <TextField
          label={t("editPage.name")}
          value={values.name}
          onChange={(name) => set({ name })}
          error={errors.name}
          autoComplete="nickname"
        />
        <div className={fieldStyles.field}>
          <span className={fieldStyles.label} id="profile-avatar-label">
            {t("editPage.avatar")}
          </span>
          <div className={layout.row}>
            <DaoAvatar
              name={values.name || "?"}
              descriptionUrl=""
              avatarUrl={values.avatar_url || undefined}
              size={56}
            />
            <input
              type="file"
              accept={IMAGE_TYPES.join(",")}
              aria-labelledby="profile-avatar-label"
              onChange={onAvatar}
              disabled={avatarState === "uploading"}
            />
            {values.avatar_url ? (
              <Button variant="secondary" onClick={() => set({ avatar_url: "" })}>
                {t("editPage.removeAvatar")}
              </Button>
            ) : null}
          </div>
          <span className={fieldStyles.hint}>
            {avatarState === "uploading" ? t("editPage.avatarUploading") : t("editPage.avatarHint")}
          </span>
          {typeof avatarState === "object" ? <FormError error={{ message: avatarState.error }} /> : null}
          {errors.avatar_url ? <FormError error={errors.avatar_url} /> : null}
        </div>
        <TextField
          label={t("editPage.bio")}
          value={values.bio}
          onChange={(bio) => set({ bio })}
          error={errors.bio}
          multiline
        />
        <fieldset className={fieldStyles.field} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={fieldStyles.label}>{t("editPage.socialLinks")}</legend>
          {links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their position
            <div key={index} className={layout.row}>
              <Field label={t("editPage.socialLinkKind", { index: index + 1 })}>
                {({ id }) => (
                  <SocialKindSelect
                    id={id}
                    value={link.kind}
                    onChange={(e) => setLink(index, { kind: e.target.value as SocialLinkKind })}
                    kindLabel={(kind) => t(`socialKinds.${kind}`)}
                  />
                )}
              </Field>
              <TextField
                label={t("editPage.socialLinkUrl", { index: index + 1 })}
                value={link.url}
                onChange={(url) => setLink(index, { url })}
                error={errors[`social_links.${index}.url`]}
                type="url"
                placeholder="https://"
              />
              <Button
                variant="secondary"
                onClick={() => set({ social_links: links.filter((_, i) => i !== index) })}
              >
                {t("editPage.removeLink")}
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              onClick={() => set({ social_links: [...links, { kind: "twitter", url: "" }] })}
            >
              {t("editPage.addLink")}
            </Button>
          </div>
        </fieldset>
        {save.isError ? <FormError error={{ message: save.error.message }} /> : null}
        <PublishSteps step={publishing.step} hasRegistry={publishing.hasRegistry} />
        <TransactionStatus status={publishing.status} />
        {publishing.link ? (
          <p className={`${styles.chainLink} muted`} data-testid="edit-chain-link">
            {t("chainLink")} {publishing.link}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={save.isPending || avatarState === "uploading"}>
            {save.isPending ? t("editPage.saving") : t("editPage.save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}

const STEPS: readonly Exclude<PublishStep, "idle" | "done">[] = ["save", "upload", "write"];

/** What saving does, in order, each step marked done or under way once saving started. */
function PublishSteps({ step, hasRegistry }: { step: PublishStep; hasRegistry: boolean }) {
  const { t } = useTranslation("profile");
  const steps = hasRegistry ? STEPS : STEPS.slice(0, 1);
  const at = step === "done" ? steps.length : steps.indexOf(step as (typeof STEPS)[number]);
  return (
    <TxSteps
      label={t("editPage.steps")}
      steps={steps.map((key, index) => ({
        key,
        text: `${t(`editPage.step.${key}`)}${
          step === "idle"
            ? ""
            : index < at
              ? ` ${t("editPage.stepDone")}`
              : index === at
                ? ` ${t("editPage.stepNow")}`
                : ""
        }`,
      }))}
    />
  );
}
