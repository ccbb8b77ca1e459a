import { isNativeCoinAddress } from "@polity/core/constants";
import { addressSchema, amountSchema, reportDuplicates } from "@polity/core/validation/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi, formatUnits, parseUnits } from "viem";

import { z } from "zod";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, TextField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";
import { treasuryPosition } from "./TokenTransferForm.tsx";

export function distributionSchema(decimals: number) {
  return z
    .object({
      token: addressSchema,
      recipients: z
        .array(z.object({ address: addressSchema, amount: amountSchema({ positive: true, decimals }) }))
        .min(1, "validation.atLeastOneItem"),
    })
    .superRefine((v, ctx) =>
      reportDuplicates(v.recipients, (r) => r.address.toLowerCase(), ctx, {
        path: (i) => ["recipients", i, "address"],
        key: "validation.duplicateAddress",
      }),
    );
}

/** Distributes treasury tokens to several recipients: one transfer action each. */
export function TokenDistributionForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const client = useReadClient({ chainId }) as ReadClient;
  const [token, setToken] = useState(ctx.token?.address ?? "");
  const [recipients, setRecipients] = useState([{ address: "", amount: "" }]);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function build(): Promise<BuiltProposal | null> {
    const tokenCheck = validate(addressSchema, token);
    const position = tokenCheck.ok ? await treasuryPosition(client, ctx, token as `0x${string}`) : null;
    const result = validate(distributionSchema(position?.decimals ?? 18), { token, recipients });
    const next: FieldErrors = result.ok ? {} : { ...result.errors };
    if (tokenCheck.ok && !position) next.token = { key: "validation.tokenNotFound" };
    if (result.ok && position) {
      const total = result.data.recipients.reduce(
        (sum, r) => sum + parseUnits(r.amount, position.decimals),
        0n,
      );
      if (total > position.balance) next.total = { key: "terminal.overlimit" };
    }
    setErrors(next);
    if (!result.ok || !position || Object.keys(next).length > 0) return null;
    return {
      actions: result.data.recipients.map((r) => {
        const to = r.address as `0x${string}`;
        const amount = parseUnits(r.amount, position.decimals);
        // The native coin (placeholder address) is sent as the action's value.
        return isNativeCoinAddress(result.data.token)
          ? { executor: to, value: amount, data: "0x" as const }
          : callAction(result.data.token as `0x${string}`, {
              abi: erc20Abi,
              functionName: "transfer",
              args: [to, amount],
            });
      }),
      proposedChanges: {
        token: result.data.token,
        symbol: position.symbol,
        recipients: result.data.recipients,
      },
      currentChanges: { treasuryBalance: formatUnits(position.balance, position.decimals) },
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.tokenDistribution.title")}
      category="tokenDistribution"
      build={build}
    >
      <TextField label={t("transfer.token")} value={token} onChange={setToken} error={errors.token} />
      {recipients.map((r, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
          key={i}
          className={styles.row}
        >
          <TextField
            label={t("distribution.recipient", { index: i + 1 })}
            value={r.address}
            error={errors[`recipients.${i}.address`]}
            onChange={(address) =>
              setRecipients((list) => list.map((x, j) => (j === i ? { ...x, address } : x)))
            }
          />
          <TextField
            label={t("distribution.amount", { index: i + 1 })}
            value={r.amount}
            error={errors[`recipients.${i}.amount`]}
            onChange={(amount) =>
              setRecipients((list) => list.map((x, j) => (j === i ? { ...x, amount } : x)))
            }
          />
          {recipients.length > 1 ? (
            <Button
              variant="ghost"
              size="small"
              onClick={() => setRecipients((list) => list.filter((_, j) => j !== i))}
            >
              {t("actions.remove")}
            </Button>
          ) : null}
        </div>
      ))}
      <FormError error={errors.recipients ?? errors.total} />
      <Button
        variant="secondary"
        size="small"
        onClick={() => setRecipients((list) => [...list, { address: "", amount: "" }])}
      >
        {t("distribution.add")}
      </Button>
    </CreateProposalShell>
  );
}
