import { govPoolAbi } from "@polity/core/generated/contracts";
import { nothingChangedError, stableStringify } from "@polity/core/validation/formChanges";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type AvatarUploadState, DaoProfileFields } from "../../../shared/dao-metadata/DaoProfileFields.tsx";
import {
  buildDaoMetadata,
  type DaoProfileValues,
  daoProfileValuesOf,
  isEmptyDocument,
  validateDaoProfile,
} from "../../../shared/dao-metadata/daoProfileForm.ts";
import { parseDaoMetadata, type RichTextNode } from "../../../shared/ipfs/daoMetadata.ts";
import { uploadJson } from "../../../shared/ipfs/upload.ts";
import { useDaoMetadataDocument, useRichText } from "../../../shared/ipfs/useDaoMetadata.ts";
import { formResolver } from "../../../shared/ui/formResolver.ts";
import { EMPTY_DOCUMENT, type RichTextDocument } from "../../../shared/ui/RichTextEditor.tsx";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError } from "../components/Field.tsx";
import { callAction } from "../lib/callAction.ts";
import type { FieldErrors } from "../lib/validate.ts";

/** The stored description as the editor's document: older DAOs stored plain text. */
export function editableDescription(stored: RichTextNode | string | undefined): RichTextDocument {
  if (!stored) return EMPTY_DOCUMENT;
  if (typeof stored === "string")
    return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: stored }] }] };
  return { type: "doc", content: stored.content ?? [] };
}

/** What the profile shows, to tell whether anything changed (document rows' ids aside). */
const shown = (values: DaoProfileValues) => ({
  ...buildDaoMetadata(values, ""),
  description: isEmptyDocument(values.description) ? null : values.description,
});

/**
 * DAO profile changes: the DAO creation wizard's profile fields (avatar, website, description, social
 * links, documents; the name is immutable) and rules, written as a new metadata document on IPFS that
 * GovPool.editDescriptionURL sets. Keys of the stored document the form does not show are kept.
 */
export function DaoSettingsForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const metadata = useDaoMetadataDocument(ctx.descriptionURL);
  const descriptionLink = parseDaoMetadata(metadata.data ?? {}).description;
  const description = useRichText(descriptionLink);
  const { t } = useTranslation("createProposal");
  // The current profile comes from IPFS: the page keeps its heading while it loads.
  if (metadata.isPending || description.isLoading)
    return (
      <>
        <h1>{t("types.changeDaoSettings.title")}</h1>
        <LoadingState />
      </>
    );
  return (
    <DaoSettingsFields
      ctx={ctx}
      chainId={chainId}
      current={metadata.data ?? {}}
      description={editableDescription(description.data)}
    />
  );
}

function DaoSettingsFields({
  ctx,
  chainId,
  current,
  description,
}: {
  ctx: PoolContext;
  chainId: number;
  current: Record<string, unknown>;
  description: RichTextDocument;
}) {
  const { t } = useTranslation("createProposal");
  const stored = parseDaoMetadata(current);
  const [initial] = useState<DaoProfileValues>(() => ({
    ...daoProfileValuesOf(stored, description),
    daoName: stored.daoName || ctx.name,
  }));
  const form = useForm<DaoProfileValues>({
    resolver: formResolver<DaoProfileValues>((values) => validateDaoProfile(values)),
    defaultValues: initial,
  });
  const [avatarState, setAvatarState] = useState<AvatarUploadState>("idle");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function build(): Promise<BuiltProposal | null> {
    if (avatarState === "uploading" || !(await form.trigger())) return null;
    const values = form.getValues();
    const unchanged = nothingChangedError(shown(initial), shown(values));
    setErrors(unchanged ? { form: { key: unchanged } } : {});
    if (unchanged) return null;
    const isSameDescription = stableStringify(values.description) === stableStringify(initial.description);
    const descriptionLink = isSameDescription
      ? stored.description
      : isEmptyDocument(values.description)
        ? ""
        : (await uploadJson(values.description)).url;
    const next = buildDaoMetadata(values, descriptionLink);
    const url = (await uploadJson({ ...current, ...next })).url;
    const before = buildDaoMetadata(initial, stored.description);
    return {
      actions: [callAction(ctx.pool, { abi: govPoolAbi, functionName: "editDescriptionURL", args: [url] })],
      proposedChanges: { descriptionURL: url, ...next },
      currentChanges: { descriptionURL: ctx.descriptionURL, ...before },
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
      <DaoProfileFields form={form} onAvatarStateChange={setAvatarState} />
      <FormError error={errors.form} />
    </CreateProposalShell>
  );
}
