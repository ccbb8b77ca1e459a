import { formatTokenAmount } from "@polity/core/format/number";
import { govPoolAbi } from "@polity/core/generated/contracts";
import { amountTerminal } from "@polity/core/terminal";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { encodeFunctionData } from "viem";
import { DELEGATE_TYPE } from "../../shared/routes/delegationPaths.ts";
import { approveNftsRequest, approveTokenRequest } from "../../shared/tx/approvals.ts";
import { TerminalSubmit } from "../../shared/tx/TerminalSubmit.tsx";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { NftPicker } from "../../shared/ui/NftPicker.tsx";
import { EmptyState } from "../../shared/ui/StateViews.tsx";
import { TxSteps } from "../../shared/ui/TxSteps.tsx";
import { DelegationLayout, type DelegationTerminalProps } from "./components/DelegationLayout.tsx";
import styles from "./Delegation.module.css";
import { delegatePlan } from "./delegatePlan.ts";

/**
 * Delegate terminal: the unlocked deposit and the wallet together are what can be delegated; the
 * transactions to sign are listed (Approve, then Deposit and delegate, or Delegate alone).
 */
export function DelegateTerminal({ position, delegatee }: DelegationTerminalProps) {
  const { t } = useTranslation("delegation");
  const {
    writeContractAsync,
    status,
    run,
    chainId,
    isBusy,
    amountText,
    setAmountText,
    nftIds,
    setNftIds,
    clear,
  } = useAmountTerminal(position.dao);
  const decimals = position.token?.decimals ?? 18;
  const symbol = position.token?.symbol ?? "";
  const amountOf = (value: bigint) => formatTokenAmount({ value, decimals });
  const available = position.unlocked + position.walletBalance;
  const form = amountTerminal({ amountText, decimals, balance: available, nftCount: nftIds.length });
  const plan = delegatePlan({
    amount: form.amount,
    nftIds,
    unlocked: position.unlocked,
    unlockedNfts: position.unlockedNfts,
    allowance: position.allowance,
    isNftApproved: position.isNftApproved,
  });
  const nftChoices = [...position.unlockedNfts, ...position.walletNfts];

  async function delegate() {
    const amount = form.amount;
    const ids = [...nftIds];
    const { depositAmount, depositNfts, steps } = plan;
    const summary = t("tx.delegate", { amount: amountOf(amount), symbol, count: ids.length });
    for (const step of steps) {
      if (step === "approve" && position.token) {
        const token = position.token.address;
        await run(t("tx.approve", { amount: amountOf(depositAmount), symbol }), "approve", () =>
          writeContractAsync(
            approveTokenRequest({ token, spender: position.userKeeper, amount: depositAmount, chainId }),
          ),
        );
      } else if (step === "approveNfts" && position.nft) {
        const nft = position.nft.address;
        await run(t("tx.approveNfts", { symbol: position.nft.symbol }), "approveNfts", () =>
          writeContractAsync(approveNftsRequest({ nft, spender: position.userKeeper, chainId })),
        );
      } else if (step === "depositAndDelegate") {
        const calls = [
          encodeFunctionData({
            abi: govPoolAbi,
            functionName: "deposit",
            args: [depositAmount, depositNfts],
          }),
          encodeFunctionData({ abi: govPoolAbi, functionName: "delegate", args: [delegatee, amount, ids] }),
        ];
        await run(summary, "delegate", () =>
          writeContractAsync({
            address: position.dao,
            abi: govPoolAbi,
            chainId,
            functionName: "multicall",
            args: [calls],
          }),
        );
      } else if (step === "delegate") {
        await run(summary, "delegate", () =>
          writeContractAsync({
            address: position.dao,
            abi: govPoolAbi,
            chainId,
            functionName: "delegate",
            args: [delegatee, amount, ids],
          }),
        );
      }
    }
    clear();
  }

  return (
    <Form
      className={styles.card}
      onSubmit={() => {
        if (!form.blocker && !isBusy) void delegate().catch(() => undefined);
      }}
    >
      <h1>{t("delegate.title")}</h1>
      <p>
        {t("delegate.to")} <span className={styles.address}>{delegatee}</span>
      </p>
      {position.token ? (
        <AmountField
          id="delegate-amount"
          label={t("amountLabel", { symbol })}
          value={amountText}
          onChange={setAmountText}
          balance={available}
          decimals={decimals}
          hint={t("delegate.balances", {
            unlocked: amountOf(position.unlocked),
            wallet: amountOf(position.walletBalance),
            symbol,
          })}
          hintTestId="delegate-balances"
          inputError={form.inputError}
        />
      ) : null}
      <NftPicker
        legend={t("delegate.nftsLabel", { symbol: position.nft?.symbol ?? "" })}
        ids={nftChoices}
        selected={nftIds}
        onChange={setNftIds}
      />
      <p className="muted">{t("delegate.explanation")}</p>
      <TxSteps
        label={t("stepsLabel")}
        steps={plan.steps.map((step) => ({ key: step, text: t(`steps.${step}`) }))}
      />
      <TerminalSubmit blocker={form.blocker} decimals={decimals} testId="delegate-submit" status={status}>
        {t(plan.steps.includes("depositAndDelegate") ? "steps.depositAndDelegate" : "steps.delegate")}
      </TerminalSubmit>
    </Form>
  );
}

/** `/dao/:daoAddress/delegate/:delegatee/:type`: delegate tokens and NFTs to a member or an expert. */
export function DelegateRoute() {
  const { t } = useTranslation("delegation");
  const { type } = useParams();
  if (type !== DELEGATE_TYPE) return <EmptyState title={t("unsupportedType")} />;
  return <DelegationLayout>{(props) => <DelegateTerminal {...props} />}</DelegationLayout>;
}
