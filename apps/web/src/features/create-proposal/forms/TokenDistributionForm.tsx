import { isNativeCoinAddress } from "@polity/core/constants";
import { distributionProposalAbi, govPoolAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import { type Address, encodeFunctionData, erc20Abi, formatUnits, parseUnits } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { overlimitMessage } from "../../../shared/format/overlimitMessage.ts";
import { fetchSaleExecutors } from "../../../shared/tracker/tokenSaleApi.ts";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import { FormError, TextField, TokenField } from "../components/Field.tsx";
import { callAction } from "../lib/callAction.ts";
import { useFormValues } from "../lib/useFormValues.ts";
import { type FieldErrors, validate } from "../lib/validate.ts";

/** The rules load when the form is reviewed, not with it. */
const loadReview = () =>
  Promise.all([import("@polity/core/validation/rules"), import("./TokenTransferForm.tsx")]);

/**
 * The proposal funding a distribution: the DAO's DistributionProposal executor takes `amount` of the token
 * for proposal `proposalId` (the proposal being created: the executor refuses any other), approved first or,
 * for the native coin, sent as the action's value. Once it executes for, each for-voter claims their share.
 */
export function distributionProposal(input: {
  distribution: Address;
  proposalId: bigint;
  token: Address;
  amount: bigint;
  symbol: string;
  decimals: number;
  treasuryBalance: bigint;
}): BuiltProposal {
  const { distribution, proposalId, token, amount } = input;
  const execute = encodeFunctionData({
    abi: distributionProposalAbi,
    functionName: "execute",
    args: [proposalId, token, amount],
  });
  const native = isNativeCoinAddress(token);
  return {
    actions: [
      ...(native
        ? []
        : [callAction(token, { abi: erc20Abi, functionName: "approve", args: [distribution, amount] })]),
      { executor: distribution, value: native ? amount : 0n, data: execute },
    ],
    proposedChanges: {
      token,
      symbol: input.symbol,
      amount: formatUnits(amount, input.decimals),
      proposalId: proposalId.toString(),
    },
    currentChanges: { treasuryBalance: formatUnits(input.treasuryBalance, input.decimals) },
  };
}

/** Distributes treasury tokens to the proposal's for-voters, pro rata to their votes, through the executor. */
export function TokenDistributionForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const client = useReadClient({ chainId }) as ReadClient;
  const { values, errors, setErrors, bind } = useFormValues({ token: ctx.token?.address ?? "", amount: "" });
  const { token, amount } = values;

  async function build(): Promise<BuiltProposal | null> {
    const [{ addressSchema, amountSchema }, { treasuryPosition }] = await loadReview();
    const tokenCheck = validate(addressSchema, token);
    const position = tokenCheck.ok ? await treasuryPosition(client, ctx, token as Address) : null;
    const amountCheck = validate(
      amountSchema({ positive: true, decimals: position?.decimals ?? 18 }),
      amount,
    );
    const next: FieldErrors = {};
    if (!tokenCheck.ok) next.token = tokenCheck.errors[""] ?? { key: "validation.invalidAddress" };
    if (!amountCheck.ok) next.amount = amountCheck.errors[""] ?? { key: "validation.invalid" };
    const result =
      tokenCheck.ok && amountCheck.ok
        ? { ok: true as const, data: { token: tokenCheck.data, amount: amountCheck.data } }
        : { ok: false as const };
    if (tokenCheck.ok && !position) next.token = { key: "validation.tokenNotFound" };
    if (result.ok && position && parseUnits(result.data.amount, position.decimals) > position.balance)
      next.amount = overlimitMessage(position.balance, position.decimals, position.symbol);
    if (Object.keys(next).length > 0 || !result.ok || !position) {
      setErrors(next);
      return null;
    }
    const [{ distribution }, { latest }] = await Promise.all([
      fetchSaleExecutors(chainId, ctx.pool),
      readBatch(client, { latest: readCall({ address: ctx.pool, abi: govPoolAbi }, "latestProposalId") }),
    ]);
    if (!distribution || latest === undefined) {
      setErrors({ form: { key: "distribution.noExecutor" } });
      return null;
    }
    setErrors({});
    return distributionProposal({
      distribution,
      proposalId: latest + 1n,
      token: result.data.token as Address,
      amount: parseUnits(result.data.amount, position.decimals),
      symbol: position.symbol,
      decimals: position.decimals,
      treasuryBalance: position.balance,
    });
  }

  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.tokenDistribution.title")}
      category="tokenDistribution"
      build={build}
    >
      <p>{t("distribution.intro")}</p>
      <TokenField chainId={chainId} label={t("transfer.token")} {...bind("token")} />
      <TextField label={t("distribution.total")} {...bind("amount")} inputMode="decimal" />
      <FormError error={errors.form} />
    </CreateProposalShell>
  );
}
