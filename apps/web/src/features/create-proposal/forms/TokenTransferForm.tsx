import { isNativeCoinAddress } from "@polity/core/constants";
import { addressSchema, amountSchema } from "@polity/core/validation/rules";
import { useTranslation } from "react-i18next";
import { type Address, erc20Abi, formatUnits, isAddressEqual, parseUnits } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { overlimitMessage } from "../../../shared/format/overlimitMessage.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { TextField, TokenField } from "../components/Field.tsx";
import { actionTargetError } from "../lib/actionTargets.ts";
import { callAction } from "../lib/callAction.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { type FieldErrors, isValid, validate } from "../lib/validate.ts";

export interface TransferValues {
  token: string;
  recipient: string;
  amount: string;
}

/** Reads a token's decimals and the pool's balance of it (the governance token is already known). */
export async function treasuryPosition(
  client: Pick<ReadClient, "multicall" | "getBalance" | "chain">,
  ctx: PoolContext,
  token: Address,
): Promise<{ decimals: number; symbol: string; balance: bigint } | null> {
  if (isNativeCoinAddress(token)) {
    const symbol = client.chain?.nativeCurrency.symbol ?? "ETH";
    return { decimals: 18, symbol, balance: await client.getBalance({ address: ctx.pool }) };
  }
  if (ctx.token && isAddressEqual(ctx.token.address, token)) {
    return { decimals: ctx.token.decimals, symbol: ctx.token.symbol, balance: ctx.treasuryBalance };
  }
  const erc20 = { address: token, abi: erc20Abi } as const;
  const { decimals, symbol, balance } = await readBatch(client, {
    decimals: readCall(erc20, "decimals"),
    symbol: readCall(erc20, "symbol"),
    balance: readCall(erc20, "balanceOf", [ctx.pool]),
  });
  if (decimals === undefined || balance === undefined) return null;
  return { decimals, symbol: symbol ?? "", balance };
}

/**
 * Checks one transfer against core's rules and the treasury: valid token and recipient, an amount
 * above zero with at most the token's decimals, no more than the pool holds ('Overlimit').
 */
export async function validateTransfer(
  client: Pick<ReadClient, "multicall" | "getBalance" | "chain">,
  ctx: PoolContext,
  values: TransferValues,
): Promise<
  | {
      ok: true;
      token: Address;
      recipient: Address;
      amount: bigint;
      decimals: number;
      symbol: string;
      balance: bigint;
    }
  | { ok: false; errors: FieldErrors }
> {
  const errors: FieldErrors = {};
  const token = validate(addressSchema, values.token);
  if (!token.ok) errors.token = token.errors[""] ?? { key: "validation.invalidAddress" };
  const recipient = validate(addressSchema, values.recipient);
  if (!recipient.ok) errors.recipient = recipient.errors[""] ?? { key: "validation.invalidAddress" };
  if (!token.ok) {
    const amount = validate(amountSchema({ positive: true }), values.amount);
    if (!amount.ok) errors.amount = amount.errors[""] ?? { key: "validation.invalid" };
    return { ok: false, errors };
  }
  // The native coin is sent by calling the recipient: the DAO's user keeper cannot be one.
  const refusedTarget = isNativeCoinAddress(token.data)
    ? { field: "recipient", error: recipient.ok ? actionTargetError(ctx, recipient.data) : null }
    : { field: "token", error: actionTargetError(ctx, token.data) };
  if (refusedTarget.error) {
    errors[refusedTarget.field] = refusedTarget.error;
    return { ok: false, errors };
  }
  const position = await treasuryPosition(client, ctx, token.data as Address);
  if (!position) {
    errors.token = { key: "validation.tokenNotFound" };
    return { ok: false, errors };
  }
  const amount = validate(amountSchema({ positive: true, decimals: position.decimals }), values.amount);
  if (!amount.ok) errors.amount = amount.errors[""] ?? { key: "validation.invalid" };
  else if (parseUnits(amount.data, position.decimals) > position.balance)
    errors.amount = overlimitMessage(position.balance, position.decimals, position.symbol);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    token: token.data as Address,
    recipient: recipient.ok ? (recipient.data as Address) : (values.recipient as Address),
    amount: parseUnits(amount.ok ? amount.data : "0", position.decimals),
    ...position,
  };
}

/** Token transfer from the treasury (and 'Apply to DAO': a transfer to the applicant). */
export function TokenTransferForm({
  ctx,
  chainId,
  variant = "tokenTransfer",
}: {
  ctx: PoolContext;
  chainId: number;
  variant?: "tokenTransfer" | "applyToDao";
}) {
  const { t } = useTranslation("createProposal");
  const client = useReadClient({ chainId }) as ReadClient;
  const { values, setErrors, bind } = useFormValues<TransferValues>({
    token: ctx.token?.address ?? "",
    recipient: variant === "applyToDao" ? (ctx.user?.address ?? "") : "",
    amount: "",
  });

  async function build(): Promise<BuiltProposal | null> {
    const result = await validateTransfer(client, ctx, values);
    if (!isValid(result, setErrors)) return null;
    // The native coin (placeholder address) is sent as the action's value to the recipient.
    const action = isNativeCoinAddress(result.token)
      ? { executor: result.recipient, value: result.amount, data: "0x" as const }
      : callAction(result.token, {
          abi: erc20Abi,
          functionName: "transfer",
          args: [result.recipient, result.amount],
        });
    return {
      actions: [action],
      proposedChanges: {
        token: result.token,
        symbol: result.symbol,
        recipient: result.recipient,
        amount: formatUnits(result.amount, result.decimals),
      },
      currentChanges: { treasuryBalance: formatUnits(result.balance, result.decimals) },
    };
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t(`types.${variant}.title`)}
      category={variant}
      build={build}
    >
      <TokenField
        chainId={chainId}
        label={t("transfer.token")}
        {...bind("token")}
        hint={
          ctx.token
            ? t("transfer.tokenHint", {
                symbol: ctx.token.symbol,
                balance: tokenAmount(ctx.treasuryBalance, ctx.token.decimals),
              })
            : undefined
        }
      />
      <TextField
        label={variant === "applyToDao" ? t("transfer.applicant") : t("transfer.recipient")}
        {...bind("recipient")}
        placeholder="0x…"
      />
      <TextField label={t("transfer.amount")} {...bind("amount")} inputMode="decimal" />
    </CreateProposalShell>
  );
}
