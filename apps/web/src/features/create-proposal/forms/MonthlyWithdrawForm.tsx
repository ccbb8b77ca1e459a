import { addressSchema, amountSchema } from "@polity/core/validation/rules";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type Address, encodeAbiParameters, parseUnits } from "viem";
import { z } from "zod";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { creditQuery } from "../api/creditInfo.ts";
import type { PoolContext } from "../api/poolContext.ts";
import { TextField, TokenField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { useFormValues } from "../lib/useFormValues.ts";
import { validate } from "../lib/validate.ts";
import {
  type BuiltValidatorProposal,
  ValidatorProposalShell,
  ValidatorProposalType,
} from "./ValidatorProposalForms.tsx";

const monthlyWithdrawSchema = z.object({
  token: addressSchema,
  amount: amountSchema({ positive: true }),
  destination: addressSchema,
});

/** `monthly-withdraw`: the validators take tokens within the credit the DAO allocated them. */
export function MonthlyWithdrawForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const { values, setErrors, bind } = useFormValues({
    token: ctx.token?.address ?? "",
    amount: "",
    destination: ctx.user?.address ?? "",
  });
  const client = useReadClient({ chainId }) as ReadClient | undefined;
  const credit = useQuery(creditQuery(client, chainId, ctx.pool));
  const allocatedFor = (token: string) =>
    credit.data?.find((c) => c.token.address.toLowerCase() === token.trim().toLowerCase());
  const left = allocatedFor(values.token);
  function build(): BuiltValidatorProposal | null {
    const r = validate(monthlyWithdrawSchema, values);
    if (!r.ok) {
      setErrors(r.errors);
      return null;
    }
    // Monthly validator withdrawal is limited to allocated tokens: what the DAO's credit leaves this month.
    const allocated = allocatedFor(r.data.token);
    const decimals = allocated?.token.decimals ?? ctx.token?.decimals ?? 18;
    const places = r.data.amount.split(".")[1]?.length ?? 0;
    const amount = places > decimals ? -1n : parseUnits(r.data.amount, decimals);
    if (!allocated || amount < 0n || amount > allocated.available) {
      setErrors({ amount: { key: "validation.monthlyWithdrawLimit" } });
      return null;
    }
    setErrors({});
    return {
      type: ValidatorProposalType.MonthlyWithdraw,
      data: encodeAbiParameters(
        [{ type: "address[]" }, { type: "uint256[]" }, { type: "address" }],
        [[r.data.token as Address], [amount], r.data.destination as Address],
      ),
      summary: [
        [t("validatorProposal.token"), r.data.token],
        [t("validatorProposal.amount"), r.data.amount],
        [t("validatorProposal.destination"), r.data.destination],
      ],
      proposedChanges: r.data,
      currentChanges: {},
    };
  }
  return (
    <ValidatorProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("validatorTypes.monthlyWithdraw")}
      category="monthlyWithdraw"
      build={build}
    >
      <TokenField chainId={chainId} label={t("validatorProposal.token")} {...bind("token")} />
      <TextField label={t("validatorProposal.amount")} {...bind("amount")} />
      <p className={styles.muted} data-testid="credit-left">
        {left
          ? t("validatorProposal.creditLeft", {
              amount: tokenAmount(left.available, left.token.decimals),
              symbol: left.token.symbol,
            })
          : t("validatorProposal.noCredit")}
      </p>
      <TextField label={t("validatorProposal.destination")} {...bind("destination")} />
    </ValidatorProposalShell>
  );
}
