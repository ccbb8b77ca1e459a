import { STALE_TIMES, VOTING_MODEL_DEFAULTS } from "@polity/core/constants";
import { VotePowerType } from "@polity/core/enums";
import { govPoolAbi, polynomialPowerAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { polynomialCoefficientSchema } from "@polity/core/validation/dao";
import { addressSchema, amountSchema } from "@polity/core/validation/rules";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Address, formatUnits, isAddress, isAddressEqual, parseUnits } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { CheckboxField, Field, FormError, TextField } from "../components/Field.tsx";
import { callAction } from "../lib/callAction.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { type FieldErrors, isValid, validate } from "../lib/validate.ts";

/** The polynomial model's coefficients as typed (decimals: 0.97), in the order PolynomialPower takes them. */
export interface CoefficientsInput {
  holders: string;
  experts: string;
  expertsDelegation: string;
}
/** The same, as the contract holds them (18 decimals). */
export type Coefficients = Record<keyof CoefficientsInput, bigint>;

const COEFFICIENT_FIELDS = ["holders", "experts", "expertsDelegation"] as const;

/** The spec's defaults (0.97, 0.92, 1.08): what a DAO switching to the polynomial model starts from. */
export const DEFAULT_COEFFICIENTS: CoefficientsInput = {
  holders: String(VOTING_MODEL_DEFAULTS.polinomialHoldersCoefficient),
  experts: String(VOTING_MODEL_DEFAULTS.polinomialExpertsCoefficient),
  expertsDelegation: String(VOTING_MODEL_DEFAULTS.polinomialExpertsDelegationCoefficient),
};

export const coefficientsText = (c: Coefficients): CoefficientsInput => ({
  holders: formatUnits(c.holders, 18),
  experts: formatUnits(c.experts, 18),
  expertsDelegation: formatUnits(c.expertsDelegation, 18),
});

/** A PolynomialPower contract's coefficients, or null when `votePower` is not one (its reads fail). */
export async function readCoefficients(
  client: Pick<ReadClient, "multicall">,
  votePower: Address,
): Promise<Coefficients | null> {
  const contract = { address: votePower, abi: polynomialPowerAbi } as const;
  const read = await readBatch(client, {
    holders: readCall(contract, "holdersCoefficient"),
    experts: readCall(contract, "expertsCoefficient"),
    expertsDelegation: readCall(contract, "expertsDelegationCoefficient"),
  });
  if (read.holders === undefined || read.experts === undefined || read.expertsDelegation === undefined)
    return null;
  return { holders: read.holders, experts: read.experts, expertsDelegation: read.expertsDelegation };
}

export type MathModelValues = {
  type: VotePowerType;
  address: string;
  agreed: boolean;
  coefficients: CoefficientsInput;
};

/**
 * Vote-power model: linear (the protocol's LinearPower), or a deployed polynomial or custom vote-power contract —
 * GovPool.changeVotePower(address, isLinear) — and, for a polynomial contract, its coefficients:
 * PolynomialPower.changeCoefficients(holders, experts, expertsDelegation), which only the pool may call.
 * `target` holds the coefficients the chosen polynomial contract has now (null: it is not a polynomial
 * contract). Choosing the current model with its current coefficients is 'Nothing has been changed…'.
 */
export function validateMathModel(
  ctx: Pick<PoolContext, "pool" | "votePower" | "isLinearPower">,
  linearPower: Address | undefined,
  values: MathModelValues,
  target: Coefficients | null = null,
): { ok: true; proposal: BuiltProposal } | { ok: false; errors: FieldErrors } {
  const isLinear = values.type === VotePowerType.Linear;
  const isPolynomial = values.type === VotePowerType.Polynomial;
  const errors: FieldErrors = {};
  let votePower: Address | undefined;
  if (isLinear) {
    if (!linearPower) return { ok: false, errors: { form: { key: "mathModel.noLinear" } } };
    votePower = linearPower;
  } else {
    const r = validate(addressSchema, values.address);
    if (!r.ok) errors.address = r.errors[""] ?? { key: "validation.invalidAddress" };
    else votePower = r.data as Address;
    if (values.type === VotePowerType.Custom && !values.agreed)
      errors.agreed = { key: "validation.customPowerAgreement" };
  }
  const typed: Partial<Coefficients> = {};
  if (isPolynomial) {
    for (const field of COEFFICIENT_FIELDS) {
      const r = validate(polynomialCoefficientSchema, values.coefficients[field]);
      if (r.ok) typed[field] = parseUnits(r.data, 18);
      else errors[field] = r.errors[""] ?? { key: "validation.invalid" };
    }
    if (votePower && !errors.address && !target) errors.address = { key: "mathModel.notPolynomial" };
  }
  if (Object.keys(errors).length > 0 || !votePower) return { ok: false, errors };

  const isModelChange = !isAddressEqual(votePower, ctx.votePower) || isLinear !== ctx.isLinearPower;
  const coefficients = typed as Coefficients;
  const isCoefficientChange =
    isPolynomial && target !== null && COEFFICIENT_FIELDS.some((f) => coefficients[f] !== target[f]);
  if (!isModelChange && !isCoefficientChange)
    return { ok: false, errors: { form: { key: "validation.nothingChanged" } } };

  const actions = [];
  if (isModelChange)
    actions.push(
      callAction(ctx.pool, { abi: govPoolAbi, functionName: "changeVotePower", args: [votePower, isLinear] }),
    );
  if (isCoefficientChange)
    actions.push(
      callAction(votePower, {
        abi: polynomialPowerAbi,
        functionName: "changeCoefficients",
        args: [coefficients.holders, coefficients.experts, coefficients.expertsDelegation],
      }),
    );
  return {
    ok: true,
    proposal: {
      actions,
      proposedChanges: {
        votePowerType: values.type,
        votePower,
        ...(isPolynomial ? { coefficients: coefficientsText(coefficients) } : {}),
      },
      currentChanges: {
        votePowerType: ctx.isLinearPower ? VotePowerType.Linear : VotePowerType.Custom,
        votePower: ctx.votePower,
        ...(isPolynomial && target ? { coefficients: coefficientsText(target) } : {}),
      },
    },
  };
}

export function MathModelForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const client = useReadClient({ chainId }) as ReadClient | undefined;
  // The DAO's own coefficients when its model is a polynomial contract (a custom one answers none).
  const current = useQuery({
    queryKey: [queryRoots.dao, chainId, ctx.pool.toLowerCase(), "vote-power-coefficients", ctx.votePower],
    queryFn: client && !ctx.isLinearPower ? () => readCoefficients(client, ctx.votePower) : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
  if (!ctx.isLinearPower && current.isPending) return <LoadingState />;
  return <MathModelFields ctx={ctx} chainId={chainId} client={client} current={current.data ?? null} />;
}

function MathModelFields({
  ctx,
  chainId,
  client,
  current,
}: {
  ctx: PoolContext;
  chainId: number;
  client: ReadClient | undefined;
  current: Coefficients | null;
}) {
  const { t } = useTranslation("createProposal");
  const linearPower = deployments[chainId]?.LinearPower;
  const { values, setValues, set, errors, setErrors, bind } = useFormValues<MathModelValues>({
    type: ctx.isLinearPower
      ? VotePowerType.Linear
      : current
        ? VotePowerType.Polynomial
        : VotePowerType.Custom,
    address: ctx.isLinearPower ? "" : ctx.votePower,
    agreed: false,
    coefficients: current ? coefficientsText(current) : DEFAULT_COEFFICIENTS,
  });
  const setCoefficient = (field: keyof CoefficientsInput) => (value: string) =>
    setValues((v) => ({ ...v, coefficients: { ...v.coefficients, [field]: value } }));

  async function build(): Promise<BuiltProposal | null> {
    const address = values.address.trim();
    const target =
      values.type === VotePowerType.Polynomial && client && isAddress(address)
        ? await readCoefficients(client, address)
        : null;
    const result = validateMathModel(ctx, linearPower, values, target);
    if (!isValid(result, setErrors)) return null;
    return result.proposal;
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.mathModel.title")}
      category="mathModel"
      build={build}
    >
      <Field label={t("mathModel.type")}>
        {({ id }) => (
          <select
            id={id}
            className={fieldStyles.select}
            value={values.type}
            onChange={(e) => set("type")(Number(e.target.value) as VotePowerType)}
          >
            <option value={VotePowerType.Linear}>{t("mathModel.linear")}</option>
            <option value={VotePowerType.Polynomial}>{t("mathModel.polynomial")}</option>
            <option value={VotePowerType.Custom}>{t("mathModel.custom")}</option>
          </select>
        )}
      </Field>
      {values.type !== VotePowerType.Linear ? (
        <TextField label={t("mathModel.address")} {...bind("address")} isMono />
      ) : null}
      {values.type === VotePowerType.Polynomial
        ? COEFFICIENT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`mathModel.coefficients.${field}`)}
              value={values.coefficients[field]}
              onChange={setCoefficient(field)}
              error={errors[field]}
              inputMode="decimal"
            />
          ))
        : null}
      {values.type === VotePowerType.Custom ? (
        <>
          <CheckboxField label={t("mathModel.agreement")} checked={values.agreed} onChange={set("agreed")} />
          <FormError error={errors.agreed} />
        </>
      ) : null}
      <FormError error={errors.form} />
    </CreateProposalShell>
  );
}

/** 'Withdraw': takes back what this DAO deposited into another DAO — GovPool(other).withdraw(to this pool). */
export function WithdrawForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const { values, setErrors, bind } = useFormValues({ target: "", amount: "" });
  const { target, amount } = values;

  function build(): BuiltProposal | null {
    const next: FieldErrors = {};
    const a = validate(addressSchema, target);
    if (!a.ok) next.target = a.errors[""] ?? { key: "validation.invalidAddress" };
    else if (isAddressEqual(target as Address, ctx.pool)) next.target = { key: "withdraw.samePool" };
    const m = validate(amountSchema({ positive: true }), amount);
    if (!m.ok) next.amount = m.errors[""] ?? { key: "validation.invalid" };
    setErrors(next);
    if (Object.keys(next).length > 0) return null;
    const units = parseUnits(amount.trim(), 18);
    return {
      actions: [
        callAction(target as Address, {
          abi: govPoolAbi,
          functionName: "withdraw",
          args: [ctx.pool, units, []],
        }),
      ],
      proposedChanges: { fromDao: target, amount: amount.trim() },
      currentChanges: {},
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.withdraw.title")}
      category="withdrawDeposit"
      build={build}
    >
      <TextField label={t("withdraw.dao")} {...bind("target")} />
      <TextField label={t("withdraw.amount")} {...bind("amount")} inputMode="decimal" />
    </CreateProposalShell>
  );
}
