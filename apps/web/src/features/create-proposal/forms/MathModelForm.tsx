import { VotePowerType } from "@polity/core/enums";
import { govPoolAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { addressSchema, amountSchema } from "@polity/core/validation/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, isAddressEqual, parseUnits } from "viem";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { CheckboxField, Field, FormError, TextField } from "../components/Field.tsx";
import { callAction } from "../lib/callAction.ts";
import { type FieldErrors, isValid, validate } from "../lib/validate.ts";

/**
 * Vote-power model: linear (the protocol's LinearPower), or a deployed polynomial or custom
 * vote-power contract — GovPool.changeVotePower(address, isLinear). Choosing the current model is
 * 'Nothing has been changed…'.
 */
export function validateMathModel(
  ctx: Pick<PoolContext, "votePower" | "isLinearPower">,
  linearPower: Address | undefined,
  values: { type: VotePowerType; address: string; agreed: boolean },
): { ok: true; votePower: Address; isLinear: boolean } | { ok: false; errors: FieldErrors } {
  const isLinear = values.type === VotePowerType.Linear;
  let target: Address;
  if (isLinear) {
    if (!linearPower) return { ok: false, errors: { form: { key: "mathModel.noLinear" } } };
    target = linearPower;
  } else {
    const r = validate(addressSchema, values.address);
    if (!r.ok)
      return { ok: false, errors: { address: r.errors[""] ?? { key: "validation.invalidAddress" } } };
    if (values.type === VotePowerType.Custom && !values.agreed) {
      return { ok: false, errors: { agreed: { key: "validation.customPowerAgreement" } } };
    }
    target = r.data as Address;
  }
  if (isAddressEqual(target, ctx.votePower) && isLinear === ctx.isLinearPower) {
    return { ok: false, errors: { form: { key: "validation.nothingChanged" } } };
  }
  return { ok: true, votePower: target, isLinear };
}

export function MathModelForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const linearPower = deployments[chainId]?.LinearPower;
  const [type, setType] = useState<VotePowerType>(
    ctx.isLinearPower ? VotePowerType.Linear : VotePowerType.Polynomial,
  );
  const [address, setAddress] = useState(ctx.isLinearPower ? "" : ctx.votePower);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  function build(): BuiltProposal | null {
    const result = validateMathModel(ctx, linearPower, { type, address, agreed });
    if (!isValid(result, setErrors)) return null;
    return {
      actions: [
        callAction(ctx.pool, {
          abi: govPoolAbi,
          functionName: "changeVotePower",
          args: [result.votePower, result.isLinear],
        }),
      ],
      proposedChanges: { votePowerType: type, votePower: result.votePower },
      currentChanges: {
        votePowerType: ctx.isLinearPower ? VotePowerType.Linear : VotePowerType.Custom,
        votePower: ctx.votePower,
      },
    };
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
            value={type}
            onChange={(e) => setType(Number(e.target.value) as VotePowerType)}
          >
            <option value={VotePowerType.Linear}>{t("mathModel.linear")}</option>
            <option value={VotePowerType.Polynomial}>{t("mathModel.polynomial")}</option>
            <option value={VotePowerType.Custom}>{t("mathModel.custom")}</option>
          </select>
        )}
      </Field>
      {type !== VotePowerType.Linear ? (
        <TextField
          label={t("mathModel.address")}
          value={address}
          onChange={setAddress}
          error={errors.address}
        />
      ) : null}
      {type === VotePowerType.Custom ? (
        <>
          <CheckboxField label={t("mathModel.agreement")} checked={agreed} onChange={setAgreed} />
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
  const [target, setTarget] = useState("");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

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
      <TextField label={t("withdraw.dao")} value={target} onChange={setTarget} error={errors.target} />
      <TextField
        label={t("withdraw.amount")}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        inputMode="decimal"
      />
    </CreateProposalShell>
  );
}
