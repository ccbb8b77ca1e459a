import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUnits, parseUnits } from "viem";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { EMPTY_DOCUMENT, type RichTextDocument } from "../../../shared/ui/RichTextEditor.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { uploadProposalMetadata } from "../api/proposalMetadata.ts";
import styles from "../createProposal.module.css";
import { type CreateStep, planCreateSteps, useCreateProposalFlow } from "../flow/useCreateProposalFlow.ts";
import { refusedActionError } from "../lib/actionTargets.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";
import { ActionReview } from "./ActionReview.tsx";
import { CreationPowerNotice } from "./CreationPowerNotice.tsx";
import { CheckboxField, FormError, RichTextField, TextField } from "./Field.tsx";

export interface BuiltProposal {
  actions: ProposalAction[];
  actionsOnAgainst?: ProposalAction[];
  proposedChanges: unknown;
  currentChanges: unknown;
  isMeta?: boolean;
}

export const PROPOSAL_NAME_MAX_LENGTH = 100;

// The validation rules (zod) load when the form is first reviewed, not with the page.
const loadRules = () => import("@polity/core/validation/rules");
const loadPayloadSchema = () => import("@polity/core/validation/proposalPayload");

/** What a creation form gives the shell that wraps it (member or validators' proposal). */
export interface ProposalShellProps<Built> {
  ctx: PoolContext;
  chainId: number;
  title: string;
  category: string;
  /** Validates the form's own fields (showing their errors) and returns what it built, or null. */
  build: () => Built | null | Promise<Built | null>;
  children?: ReactNode;
}

/**
 * What every creation form keeps while it is filled in: the proposal's name and description, the
 * fields' errors, what was built for the review, and the id of the created proposal.
 */
export function useProposalDraft<Built>() {
  const [name, setName] = useState("");
  const [description, setDescription] = useState<RichTextDocument>(EMPTY_DOCUMENT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [built, setBuilt] = useState<Built | null>(null);
  const [createdId, setCreatedId] = useState<bigint | null>(null);
  return {
    name,
    setName,
    description,
    setDescription,
    errors,
    setErrors,
    built,
    setBuilt,
    createdId,
    setCreatedId,
  };
}

type ProposalDraft = Pick<
  ReturnType<typeof useProposalDraft<unknown>>,
  "name" | "setName" | "description" | "setDescription" | "errors"
>;

/** Uploads the proposal's metadata document: its name, description, category and the changes it makes. */
export function uploadDraftMetadata(
  draft: Pick<ProposalDraft, "name" | "description">,
  category: string,
  built: { isMeta?: boolean; proposedChanges: unknown; currentChanges: unknown },
) {
  return uploadProposalMetadata({
    proposalName: draft.name.trim(),
    proposalDescription: draft.description,
    category,
    isMeta: built.isMeta ?? false,
    changes: { proposedChanges: built.proposedChanges, currentChanges: built.currentChanges },
  });
}

/** The proposal's name and description, the first fields of every creation form. */
export function DraftFields({ draft, namePlaceholder }: { draft: ProposalDraft; namePlaceholder?: string }) {
  const { t } = useTranslation("createProposal");
  return (
    <>
      <TextField
        label={t("common.name")}
        value={draft.name}
        onChange={draft.setName}
        error={draft.errors.name}
        placeholder={namePlaceholder}
      />
      <RichTextField
        label={t("common.description")}
        value={draft.description}
        onChange={draft.setDescription}
      />
    </>
  );
}

/** Under the review: the form's error, Back (to the form) and the create button (`children`). */
export function ReviewActions({
  draft,
  isSubmitting,
  onCreate,
  children,
}: {
  draft: { errors: FieldErrors; setBuilt: (built: null) => void };
  isSubmitting: boolean;
  onCreate: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("createProposal");
  return (
    <>
      <FormError error={draft.errors.form} />
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => draft.setBuilt(null)} disabled={isSubmitting}>
          {t("actions.back")}
        </Button>
        <Button onClick={onCreate} isLoading={isSubmitting}>
          {children}
        </Button>
      </div>
    </>
  );
}

/** Common part of every creation form: name, description, vote amount, the review, the signing steps. */
export function CreateProposalShell({
  ctx,
  chainId,
  title,
  category,
  build,
  children,
}: ProposalShellProps<BuiltProposal>) {
  const { t } = useTranslation("createProposal");
  const queryClient = useQueryClient();
  const decimals = ctx.token?.decimals ?? 18;
  const available = (ctx.user?.deposited ?? 0n) + (ctx.user?.walletBalance ?? 0n);
  const draft = useProposalDraft<BuiltProposal>();
  const deposited = ctx.user?.deposited ?? 0n;
  // What is already deposited votes by default; taking more from the wallet is the user's choice.
  const [voteAmount, setVoteAmount] = useState(() => formatUnits(deposited, decimals));
  const depositedNfts = ctx.user?.depositedNfts ?? [];
  const [withNfts, setWithNfts] = useState(depositedNfts.length > 0);
  const nftIds = withNfts ? [...depositedNfts] : [];
  const [isSubmitting, setSubmitting] = useState(false);
  const flow = useCreateProposalFlow(ctx, chainId);

  const voteUnits = (() => {
    try {
      return parseUnits(voteAmount.trim() || "0", decimals);
    } catch {
      return 0n;
    }
  })();

  async function onReview() {
    const { amountSchema, textSchema } = await loadRules();
    const next: FieldErrors = {};
    const n = validate(textSchema({ max: PROPOSAL_NAME_MAX_LENGTH }), draft.name);
    if (!n.ok) next.name = n.errors[""] ?? { key: "validation.invalid" };
    const a = validate(amountSchema({ decimals }), voteAmount);
    if (!a.ok) next.voteAmount = a.errors[""] ?? { key: "validation.invalid" };
    else if (voteUnits > available) next.voteAmount = { key: "terminal.insufficientBalance" };
    let result: BuiltProposal | null = null;
    try {
      result = await build();
    } catch (err) {
      console.error("Building the proposal failed", err);
      next.form = { key: "errors.buildFailed" };
    }
    // Whatever form draft.built them, actions the DAO would refuse at execution never reach the review.
    const refused = result ? refusedActionError(ctx, result.actions, result.actionsOnAgainst) : null;
    if (refused) next.form = refused;
    draft.setErrors(next);
    if (Object.keys(next).length === 0 && result) draft.setBuilt(result);
  }

  async function onCreate() {
    if (!draft.built) return;
    setSubmitting(true);
    try {
      const descriptionURL = await uploadDraftMetadata(draft, category, draft.built);
      const { proposalPayloadSchema } = await loadPayloadSchema();
      const payload = validate(proposalPayloadSchema, {
        descriptionURL,
        actionsOnFor: draft.built.actions,
        actionsOnAgainst: draft.built.actionsOnAgainst ?? [],
        amount: voteUnits,
        nftIds,
      });
      if (!payload.ok) {
        draft.setErrors({ form: Object.values(payload.errors)[0] ?? { key: "validation.invalid" } });
        return;
      }
      const id = await flow.run({
        descriptionURL,
        actionsOnFor: draft.built.actions,
        actionsOnAgainst: draft.built.actionsOnAgainst ?? [],
        voteAmount: voteUnits,
        nftIds,
        summary: t("steps.createSummary", { name: draft.name.trim() }),
      });
      draft.setCreatedId(id);
      await queryClient.invalidateQueries({ queryKey: ["dao", chainId, ctx.pool.toLowerCase()] });
    } catch (err) {
      // The transaction helper already showed the error toast; an upload failure is shown here.
      console.error("Proposal creation failed", err);
      draft.setErrors({ form: { key: "errors.creationFailed" } });
    } finally {
      setSubmitting(false);
    }
  }

  if (draft.createdId !== null) {
    return (
      <section className={styles.card} aria-live="polite">
        <h1>{t("success.title", { id: String(draft.createdId) })}</h1>
        <p>{t("success.text")}</p>
        <Link to={`/dao/${ctx.pool}/proposals/${draft.createdId}`}>{t("success.open")}</Link>
      </section>
    );
  }

  const steps = planCreateSteps(ctx, voteUnits);
  return (
    <section className={styles.card}>
      <h1>{title}</h1>
      {draft.built ? (
        <>
          <h3>{t("review.title")}</h3>
          <p>{t("review.intro")}</p>
          <ActionReview ctx={ctx} chainId={chainId} actions={draft.built.actions} />
          {draft.built.actions.length > 0 ? (
            <CreationPowerNotice
              ctx={ctx}
              chainId={chainId}
              mainExecutor={(draft.built.actions.at(-1) as ProposalAction).executor}
              voteAmount={voteUnits}
              nftPower={BigInt(nftIds.length) * ctx.individualPower}
            />
          ) : null}
          <StepList steps={steps} current={flow.current} done={flow.done} />
          <ReviewActions draft={draft} isSubmitting={isSubmitting} onCreate={() => void onCreate()}>
            {voteUnits > 0n || nftIds.length > 0 ? t("actions.createAndVote") : t("actions.create")}
          </ReviewActions>
        </>
      ) : (
        <>
          <DraftFields draft={draft} namePlaceholder={t("common.namePlaceholder")} />
          {children}
          <TextField
            label={t("common.voteAmount", { symbol: ctx.token?.symbol ?? "" })}
            hint={t("common.voteAmountHint", {
              available: tokenAmount(available, decimals),
              deposited: tokenAmount(deposited, decimals),
              symbol: ctx.token?.symbol ?? "",
            })}
            value={voteAmount}
            onChange={setVoteAmount}
            error={draft.errors.voteAmount}
            inputMode="decimal"
          />
          {voteUnits > deposited && voteUnits <= available ? (
            <p className={fieldStyles.hint} data-testid="deposit-more">
              {t("common.depositFirst", {
                amount: tokenAmount(voteUnits - deposited, decimals),
                symbol: ctx.token?.symbol ?? "",
              })}
            </p>
          ) : null}
          {depositedNfts.length > 0 ? (
            <CheckboxField
              label={t("common.voteWithNfts", { count: depositedNfts.length })}
              checked={withNfts}
              onChange={setWithNfts}
            />
          ) : null}
          <p className={fieldStyles.hint}>{t("common.locked")}</p>
          <FormError error={draft.errors.form} />
          <Button onClick={() => void onReview()}>{t("actions.review")}</Button>
        </>
      )}
    </section>
  );
}

export function StepList({
  steps,
  current,
  done,
}: {
  steps: readonly CreateStep[];
  current: CreateStep | null;
  done: readonly CreateStep[];
}) {
  const { t } = useTranslation("createProposal");
  return (
    <ol className={styles.steps} aria-label={t("steps.title")}>
      {steps.map((step) => (
        <li
          key={step}
          className={
            done.includes(step) ? styles.stepDone : current === step ? styles.stepCurrent : undefined
          }
          aria-current={current === step ? "step" : undefined}
        >
          {t(`steps.${step}`)}
          {step === "depositAndCreateAndVote" ? (
            <span className={styles.stepNote}> · {t("steps.oneSignature")}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
