import { erc20GovAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import { addressSchema, amountSchema, reportDuplicates } from "@polity/core/validation/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, parseUnits } from "viem";
import { z } from "zod";
import { Button } from "../../../shared/ui/Button.tsx";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { CheckboxField, FormError, TextField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { type FieldErrors, isValid, validate } from "../lib/validate.ts";

export const addressListSchema = z
  .array(addressSchema)
  .min(1, "validation.atLeastOneItem")
  .superRefine((list, ctx) => reportDuplicates(list, (a) => a, ctx, { key: "validation.duplicateAddress" }));

export const balancesSchema = z
  .array(z.object({ address: addressSchema, balance: amountSchema() }))
  .min(1, "validation.atLeastOneItem")
  .superRefine((list, ctx) =>
    reportDuplicates(list, (r) => r.address, ctx, {
      key: "validation.duplicateAddress",
      path: (i) => [i, "address"],
    }),
  );

/** Blacklist management of the DAO's token: ERC20Gov.blacklist(accounts, add or remove). */
export function BlacklistForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const [addresses, setAddresses] = useState([""]);
  const [isAdding, setAdding] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const token = ctx.token;
  if (!token) return <EmptyState title={t("blacklist.noToken")} />;

  function build(): BuiltProposal | null {
    const result = validate(addressListSchema, addresses);
    if (!isValid(result, setErrors)) return null;
    const accounts = result.data as Address[];
    return {
      actions: [
        callAction(token?.address as Address, {
          abi: erc20GovAbi,
          functionName: "blacklist",
          args: [accounts, isAdding],
        }),
      ],
      proposedChanges: { accounts, blacklisted: isAdding },
      currentChanges: { accounts, blacklisted: !isAdding },
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.blacklistManagement.title")}
      category="blacklistManagement"
      build={build}
    >
      <CheckboxField label={t("blacklist.add")} checked={isAdding} onChange={setAdding} />
      <AddressRows
        addresses={addresses}
        onChange={setAddresses}
        errors={errors}
        label={(i) => t("blacklist.address", { index: i + 1 })}
        addLabel={t("blacklist.addRow")}
      />
    </CreateProposalShell>
  );
}

function AddressRows({
  addresses,
  onChange,
  errors,
  label,
  addLabel,
}: {
  addresses: string[];
  onChange: (list: string[]) => void;
  errors: FieldErrors;
  label: (i: number) => string;
  addLabel: string;
}) {
  return (
    <div className={styles.list}>
      {addresses.map((address, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
          key={i}
          label={label(i)}
          value={address}
          error={errors[String(i)]}
          onChange={(v) => onChange(addresses.map((x, j) => (j === i ? v : x)))}
        />
      ))}
      <FormError error={errors[""]} />
      <Button size="small" variant="secondary" onClick={() => onChange([...addresses, ""])}>
        {addLabel}
      </Button>
    </div>
  );
}

/** External 'validator-settings': new validator token balances, GovValidators.changeBalances. */
export function ValidatorBalancesForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const [rows, setRows] = useState([{ address: "", balance: "" }]);
  const [errors, setErrors] = useState<FieldErrors>({});

  function build(): BuiltProposal | null {
    const result = validate(balancesSchema, rows);
    if (!isValid(result, setErrors)) return null;
    return {
      actions: [
        callAction(ctx.validators, {
          abi: govValidatorsAbi,
          functionName: "changeBalances",
          args: [
            result.data.map((r) => parseUnits(r.balance, 18)),
            result.data.map((r) => r.address as Address),
          ],
        }),
      ],
      proposedChanges: { validators: result.data },
      currentChanges: {},
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.validatorSettings.title")}
      category="changeValidators"
      build={build}
    >
      <BalanceRows rows={rows} onChange={setRows} errors={errors} />
    </CreateProposalShell>
  );
}

export function BalanceRows({
  rows,
  onChange,
  errors,
}: {
  rows: { address: string; balance: string }[];
  onChange: (rows: { address: string; balance: string }[]) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation("createProposal");
  const update = (i: number, patch: Partial<{ address: string; balance: string }>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className={styles.list}>
      {rows.map((r, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
          key={i}
          className={styles.row}
        >
          <TextField
            label={t("validators.address", { index: i + 1 })}
            value={r.address}
            error={errors[`${i}.address`]}
            onChange={(address) => update(i, { address })}
          />
          <TextField
            label={t("validators.balance", { index: i + 1 })}
            value={r.balance}
            error={errors[`${i}.balance`]}
            onChange={(balance) => update(i, { balance })}
          />
        </div>
      ))}
      <FormError error={errors[""]} />
      <Button
        size="small"
        variant="secondary"
        onClick={() => onChange([...rows, { address: "", balance: "" }])}
      >
        {t("validators.addRow")}
      </Button>
    </div>
  );
}
