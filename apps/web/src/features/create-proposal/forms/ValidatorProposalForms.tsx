import { formatDuration, parseDuration } from "@polity/core/duration";
import { percentSchema, textSchema } from "@polity/core/validation/rules";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Address, encodeAbiParameters, formatUnits, type Hex, parseUnits } from "viem";
import { z } from "zod";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { EmptyState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import {
  DraftFields,
  type ProposalShellProps,
  ReviewActions,
  uploadDraftMetadata,
  useProposalDraft,
} from "../components/CreateProposalShell.tsx";
import { FormError, TextField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { useValidatorProposalFlow } from "../flow/useCreateProposalFlow.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";
import { camel } from "../proposalTypes.ts";
import { useValidatorReview } from "../useReview.ts";
import { BalanceRows, balancesSchema } from "./AddressListForm.tsx";

// The monthly withdraw reads the DAO's credit (and its tokens): it loads when chosen.
const MonthlyWithdrawForm = lazy(() =>
  import("./MonthlyWithdrawForm.tsx").then((m) => ({ default: m.MonthlyWithdrawForm })),
);

/** GovValidators.ProposalType numbering. */
export const ValidatorProposalType = {
  ChangeSettings: 0,
  ChangeBalances: 1,
  MonthlyWithdraw: 2,
  Offchain: 3,
} as const;

export interface BuiltValidatorProposal {
  type: number;
  data: Hex;
  /** What the review lists: label → value. */
  summary: [string, string][];
  proposedChanges: unknown;
  currentChanges: unknown;
}

export function ValidatorProposalShell({
  ctx,
  chainId,
  title,
  category,
  build,
  children,
}: Omit<ProposalShellProps<BuiltValidatorProposal>, "build"> & {
  build: () => BuiltValidatorProposal | null;
}) {
  const { t } = useTranslation("createProposal");
  const draft = useProposalDraft<BuiltValidatorProposal>();
  const [isSubmitting, setSubmitting] = useState(false);
  const flow = useValidatorProposalFlow(ctx, chainId);
  // Simulates the creation itself from the validator's account: a bad payload reverts here.
  const simulation = useValidatorReview(ctx, chainId, draft.built);

  if (!ctx.user?.isValidator)
    return (
      <section className={styles.card}>
        <h1>{title}</h1>
        <EmptyState title={t("validatorProposal.notValidator")} />
      </section>
    );
  if (draft.createdId !== null) {
    return (
      <section className={styles.card} aria-live="polite">
        <h1>{t("validatorProposal.created", { id: String(draft.createdId) })}</h1>
      </section>
    );
  }

  function onReview() {
    const n = validate(textSchema({ max: 100 }), draft.name);
    const next: FieldErrors = n.ok ? {} : { name: n.errors[""] ?? { key: "validation.invalid" } };
    const result = build();
    draft.setErrors(next);
    if (n.ok && result) draft.setBuilt(result);
  }

  async function onCreate() {
    if (!draft.built) return;
    setSubmitting(true);
    try {
      const descriptionURL = await uploadDraftMetadata(draft, category, draft.built);
      draft.setCreatedId(
        await flow.run({
          type: draft.built.type,
          descriptionURL,
          data: draft.built.data,
          summary: t("steps.createSummary", { name: draft.name.trim() }),
        }),
      );
    } catch (err) {
      console.error("Validator proposal creation failed", err);
      draft.setErrors({ form: { key: "errors.creationFailed" } });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className={styles.card}>
      <h1>{title}</h1>
      {draft.built ? (
        <>
          <h3>{t("review.title")}</h3>
          <dl className={styles.list}>
            {draft.built.summary.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className={fieldStyles.mono}>{value}</dd>
              </div>
            ))}
          </dl>
          {simulation.isPending ? (
            <LoadingState label={t("review.simulating")} />
          ) : simulation.data?.ok ? (
            <div className={styles.ok}>{t("review.simulationOk")}</div>
          ) : (
            <div className={styles.fail} role="alert">
              {t("review.simulationReverted", {
                reason: simulation.data && !simulation.data.ok ? simulation.data.reason : "",
              })}
            </div>
          )}
          <ol className={styles.steps} aria-label={t("steps.title")}>
            <li className={flow.current === "create" ? styles.stepCurrent : undefined}>
              {t("steps.create")}
            </li>
            <li className={flow.current === "vote" ? styles.stepCurrent : undefined}>{t("steps.vote")}</li>
          </ol>
          <ReviewActions draft={draft} isSubmitting={isSubmitting} onCreate={() => void onCreate()}>
            {t("actions.createAndVote")}
          </ReviewActions>
        </>
      ) : (
        <>
          <DraftFields draft={draft} />
          {children}
          <Button onClick={onReview}>{t("actions.review")}</Button>
        </>
      )}
    </section>
  );
}

const votingSettingsSchema = z.object({
  duration: z.number().int().positive("validation.invalidDuration"),
  executionDelay: z.number().int().min(0, "validation.invalidDuration"),
  quorum: percentSchema(),
});

export function validateValidatorVotingSettings(
  values: { duration: string; executionDelay: string; quorum: string },
  current: { duration: bigint; executionDelay: bigint; quorum: bigint } | null,
):
  | { ok: true; data: { duration: bigint; executionDelay: bigint; quorum: bigint } }
  | { ok: false; errors: FieldErrors } {
  const seconds = (text: string) => parseDuration(text.trim()) ?? Number.NaN;
  const r = validate(votingSettingsSchema, {
    duration: seconds(values.duration),
    executionDelay: seconds(values.executionDelay),
    quorum: values.quorum,
  });
  if (!r.ok) {
    const errors: FieldErrors = {};
    for (const [k, v] of Object.entries(r.errors))
      errors[k] = v.key === "validation.invalid" ? { key: "validation.invalidDuration" } : v;
    return { ok: false, errors };
  }
  const data = {
    duration: BigInt(r.data.duration),
    executionDelay: BigInt(r.data.executionDelay),
    quorum: parseUnits(r.data.quorum, 25),
  };
  if (
    current &&
    current.duration === data.duration &&
    current.executionDelay === data.executionDelay &&
    current.quorum === data.quorum
  ) {
    return { ok: false, errors: { form: { key: "validation.nothingChanged" } } };
  }
  return { ok: true, data };
}

function VotingSettingsForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const current = ctx.validatorSettings;
  const { values, errors, setErrors, bind } = useFormValues({
    duration: current ? formatDuration(Number(current.duration)) : "",
    executionDelay: current ? formatDuration(Number(current.executionDelay)) : "0s",
    quorum: current ? formatUnits(current.quorum, 25) : "",
  });
  function build(): BuiltValidatorProposal | null {
    const r = validateValidatorVotingSettings(values, current);
    if (!r.ok) {
      setErrors(r.errors);
      return null;
    }
    setErrors({});
    return {
      type: ValidatorProposalType.ChangeSettings,
      data: encodeAbiParameters(
        [{ type: "uint64" }, { type: "uint64" }, { type: "uint128" }],
        [r.data.duration, r.data.executionDelay, r.data.quorum],
      ),
      summary: [
        [t("validatorProposal.duration"), values.duration],
        [t("validatorProposal.executionDelay"), values.executionDelay],
        [t("validatorProposal.quorum"), `${values.quorum}%`],
      ],
      proposedChanges: values,
      currentChanges: current
        ? {
            duration: formatDuration(Number(current.duration)),
            executionDelay: formatDuration(Number(current.executionDelay)),
            quorum: formatUnits(current.quorum, 25),
          }
        : {},
    };
  }
  return (
    <ValidatorProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("validatorTypes.votingSettings")}
      category="changeValidatorSettings"
      build={build}
    >
      <TextField label={t("validatorProposal.duration")} {...bind("duration")} />
      <TextField label={t("validatorProposal.executionDelay")} {...bind("executionDelay")} />
      <TextField label={t("validatorProposal.quorum")} {...bind("quorum")} />
      <FormError error={errors.form} />
    </ValidatorProposalShell>
  );
}

function BalancesForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const [rows, setRows] = useState([{ address: "", balance: "" }]);
  const [errors, setErrors] = useState<FieldErrors>({});
  function build(): BuiltValidatorProposal | null {
    const r = validate(balancesSchema, rows);
    if (!r.ok) {
      setErrors(r.errors);
      return null;
    }
    setErrors({});
    return {
      type: ValidatorProposalType.ChangeBalances,
      data: encodeAbiParameters(
        [{ type: "uint256[]" }, { type: "address[]" }],
        [r.data.map((x) => parseUnits(x.balance, 18)), r.data.map((x) => x.address as Address)],
      ),
      summary: r.data.map((x) => [x.address, x.balance]),
      proposedChanges: { validators: r.data },
      currentChanges: {},
    };
  }
  return (
    <ValidatorProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("validatorTypes.validatorSettings")}
      category="changeValidatorBalances"
      build={build}
    >
      <BalanceRows rows={rows} onChange={setRows} errors={errors} />
    </ValidatorProposalShell>
  );
}

function EmptyTxForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  return (
    <ValidatorProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("validatorTypes.emptyTx")}
      category="emptyTx"
      build={() => ({
        type: ValidatorProposalType.Offchain,
        data: "0x",
        summary: [[t("validatorProposal.data"), "0x"]],
        proposedChanges: {},
        currentChanges: {},
      })}
    >
      <p className={styles.muted}>{t("validatorProposal.emptyTxHint")}</p>
    </ValidatorProposalShell>
  );
}

export const VALIDATOR_PROPOSAL_ROUTES = [
  "validator-settings",
  "voting-settings",
  "monthly-withdraw",
  "empty-tx",
] as const;

export function ValidatorProposalPage({
  ctx,
  chainId,
  type,
}: {
  ctx: PoolContext;
  chainId: number;
  type: string | undefined;
}) {
  const { t } = useTranslation("createProposal");
  switch (type) {
    case "validator-settings":
      return <BalancesForm ctx={ctx} chainId={chainId} />;
    case "voting-settings":
      return <VotingSettingsForm ctx={ctx} chainId={chainId} />;
    case "monthly-withdraw":
      return (
        <Suspense fallback={<LoadingState />}>
          <MonthlyWithdrawForm ctx={ctx} chainId={chainId} />
        </Suspense>
      );
    case "empty-tx":
      return <EmptyTxForm ctx={ctx} chainId={chainId} />;
    default:
      return (
        <section className={styles.card}>
          <h1>{t("validatorTypes.title")}</h1>
          <div className={styles.grid}>
            {VALIDATOR_PROPOSAL_ROUTES.map((route) => (
              <Link
                key={route}
                className={styles.typeCard}
                to={`/dao/${ctx.pool}/create-validator-proposal/${route}`}
              >
                <strong>{t(`validatorTypes.${camel(route)}`)}</strong>
              </Link>
            ))}
          </div>
        </section>
      );
  }
}
