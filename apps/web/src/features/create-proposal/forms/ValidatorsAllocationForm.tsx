import { govPoolAbi } from "@polity/core/generated/contracts";
import { addressSchema, amountSchema, reportDuplicates } from "@polity/core/validation/rules";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, parseUnits } from "viem";
import { z } from "zod";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import { creditQuery } from "../api/creditInfo.ts";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, TextField } from "../components/Field.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";

export const allocationSchema = z
  .array(z.object({ token: addressSchema, limit: amountSchema() }))
  .min(1, "validation.atLeastOneItem")
  .superRefine((rows, ctx) =>
    reportDuplicates(rows, (r) => r.token.toLowerCase(), ctx, {
      key: "validation.duplicateAddress",
      path: (i) => [i, "token"],
    }),
  );

/**
 * The validators-allocation proposal: how much of each treasury token the validators may withdraw per
 * rolling 30 days through their monthly-withdraw proposals (`GovPool.setCreditInfo(tokens, limits)`, in each
 * token's decimals; 0 stops a token).
 */
export function allocationProposal(
  pool: Address,
  rows: { token: Address; limit: bigint; text: string; symbol: string }[],
  current: { token: Address; limit: bigint }[],
): BuiltProposal {
  return {
    actions: [
      callAction(pool, {
        abi: govPoolAbi,
        functionName: "setCreditInfo",
        args: [rows.map((r) => r.token), rows.map((r) => r.limit)],
      }),
    ],
    proposedChanges: { credit: rows.map((r) => ({ token: r.token, symbol: r.symbol, monthLimit: r.text })) },
    currentChanges: { credit: current.map((c) => ({ token: c.token, monthLimit: c.limit.toString() })) },
  };
}

/** `validators-allocation`: the per-token monthly credit of the validators. */
export function ValidatorsAllocationForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const client = useReadClient({ chainId }) as ReadClient | undefined;
  const credit = useQuery(creditQuery(client, chainId, ctx.pool));
  const [rows, setRows] = useState([{ token: ctx.token?.address ?? "", limit: "" }]);
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!ctx.hasValidators) return <EmptyState title={t("allocation.noValidators")} />;

  async function build(): Promise<BuiltProposal | null> {
    const result = validate(allocationSchema, rows);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok || !client) return null;
    const infos = await fetchTokenInfos(
      client,
      chainId,
      result.data.map((r) => r.token as Address),
    );
    const next: FieldErrors = {};
    const built = result.data.map((r, i) => {
      const info = tokenInfoOf(infos, r.token);
      const decimals = r.limit.split(".")[1]?.length ?? 0;
      if (decimals > info.decimals)
        next[`${i}.limit`] = { key: "validation.tooManyDecimals", params: { decimals: info.decimals } };
      return {
        token: r.token as Address,
        limit: decimals > info.decimals ? 0n : parseUnits(r.limit, info.decimals),
        text: r.limit,
        symbol: info.symbol,
      };
    });
    setErrors(next);
    if (Object.keys(next).length > 0) return null;
    return allocationProposal(
      ctx.pool,
      built,
      (credit.data ?? []).map((c) => ({ token: c.token.address, limit: c.limit })),
    );
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.validatorsAllocation.title")}
      category="validatorsAllocation"
      build={build}
    >
      <p className={styles.muted}>{t("allocation.intro")}</p>
      {credit.data && credit.data.length > 0 ? (
        <dl className={styles.list} data-testid="current-credit">
          {credit.data.map((c) => (
            <div key={c.token.address}>
              <dt>{c.token.symbol}</dt>
              <dd>
                {t("allocation.current", {
                  limit: tokenAmount(c.limit, c.token.decimals),
                  available: tokenAmount(c.available, c.token.decimals),
                })}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows, positional by design
        <div key={i} className={styles.row}>
          <TextField
            label={t("allocation.token", { index: i + 1 })}
            value={r.token}
            error={errors[`${i}.token`]}
            onChange={(token) => setRows((list) => list.map((x, j) => (j === i ? { ...x, token } : x)))}
          />
          <TextField
            label={t("allocation.limit", { index: i + 1 })}
            value={r.limit}
            error={errors[`${i}.limit`]}
            onChange={(limit) => setRows((list) => list.map((x, j) => (j === i ? { ...x, limit } : x)))}
          />
        </div>
      ))}
      <FormError error={errors[""]} />
      <Button
        variant="secondary"
        size="small"
        onClick={() => setRows((list) => [...list, { token: "", limit: "" }])}
      >
        {t("allocation.add")}
      </Button>
    </CreateProposalShell>
  );
}
