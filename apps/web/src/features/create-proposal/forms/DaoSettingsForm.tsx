import { govPoolAbi } from "@polity/core/generated/contracts";
import { nothingChangedError } from "@polity/core/validation/formChanges";
import { optionalUrlSchema } from "@polity/core/validation/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadJson } from "../../../shared/ipfs/upload.ts";
import { useDaoMetadataDocument } from "../../../shared/ipfs/useDaoMetadata.ts";
import { documentText, EMPTY_DOCUMENT, type RichTextDocument } from "../../../shared/ui/RichTextEditor.tsx";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, RichTextField, TextField } from "../components/Field.tsx";
import { callAction } from "../lib/callAction.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";

type Metadata = Record<string, unknown> & { websiteUrl?: unknown; avatarUrl?: unknown };

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * DAO profile changes: a new metadata document (the name stays, it is immutable) uploaded to IPFS
 * and set by GovPool.editDescriptionURL.
 */
export function DaoSettingsForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const metadata = useDaoMetadataDocument(ctx.descriptionURL);
  if (metadata.isPending) return <LoadingState />;
  return <DaoSettingsFields ctx={ctx} chainId={chainId} current={metadata.data ?? {}} />;
}

function DaoSettingsFields({
  ctx,
  chainId,
  current,
}: {
  ctx: PoolContext;
  chainId: number;
  current: Metadata;
}) {
  const { t } = useTranslation("createProposal");
  const initial = {
    websiteUrl: text(current.websiteUrl),
    avatarUrl: text(current.avatarUrl),
    description: "",
  };
  const [websiteUrl, setWebsiteUrl] = useState(initial.websiteUrl);
  const [avatarUrl, setAvatarUrl] = useState(initial.avatarUrl);
  const [description, setDescription] = useState<RichTextDocument>(EMPTY_DOCUMENT);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function build(): Promise<BuiltProposal | null> {
    const values = {
      websiteUrl: websiteUrl.trim(),
      avatarUrl: avatarUrl.trim(),
      description: documentText(description).trim(),
    };
    const unchanged = nothingChangedError(initial, values);
    const next: FieldErrors = unchanged ? { form: { key: unchanged } } : {};
    for (const field of ["websiteUrl", "avatarUrl"] as const) {
      const r = validate(optionalUrlSchema, values[field]);
      if (!r.ok) next[field] = r.errors[""] ?? { key: "validation.invalidUrl" };
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return null;
    const descriptionLink = values.description
      ? (await uploadJson(description)).url
      : text(current.description);
    const document = {
      ...current,
      websiteUrl: values.websiteUrl,
      avatarUrl: values.avatarUrl,
      description: descriptionLink,
    };
    const url = (await uploadJson(document)).url;
    return {
      actions: [callAction(ctx.pool, { abi: govPoolAbi, functionName: "editDescriptionURL", args: [url] })],
      proposedChanges: {
        descriptionURL: url,
        websiteUrl: values.websiteUrl,
        avatarUrl: values.avatarUrl,
        description: descriptionLink,
      },
      currentChanges: {
        descriptionURL: ctx.descriptionURL,
        websiteUrl: initial.websiteUrl,
        avatarUrl: initial.avatarUrl,
        description: text(current.description),
      },
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.changeDaoSettings.title")}
      category="daoProfileModification"
      build={build}
    >
      <TextField
        label={t("daoSettings.websiteUrl")}
        value={websiteUrl}
        onChange={setWebsiteUrl}
        error={errors.websiteUrl}
      />
      <TextField
        label={t("daoSettings.avatarUrl")}
        value={avatarUrl}
        onChange={setAvatarUrl}
        error={errors.avatarUrl}
      />
      <RichTextField label={t("daoSettings.description")} value={description} onChange={setDescription} />
      <FormError error={errors.form} />
    </CreateProposalShell>
  );
}
