import { govPoolAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { encodeFunctionData } from "viem";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { DELEGATE_TYPE } from "../../shared/routes/delegationPaths.ts";
import { approveNftsRequest, approveTokenRequest } from "../../shared/tx/approvals.ts";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountTerminalForm } from "../../shared/ui/AmountTerminalForm.tsx";
import { EmptyState } from "../../shared/ui/StateViews.tsx";
import {
  DelegationLayout,
  DelegationPage,
  type DelegationTerminalProps,
} from "./components/DelegationLayout.tsx";
import styles from "./Delegation.module.css";
import { delegatePlan } from "./delegatePlan.ts";

/**
 * Delegate terminal: the unlocked deposit and the wallet together are what can be delegated; the
 * transactions to sign are listed (Approve, then Deposit and delegate, or Delegate alone).
 */
export function DelegateTerminal({ position, delegatee }: DelegationTerminalProps) {
  const { t } = useTranslation("delegation");
  const decimals = position.token?.decimals ?? 18;
  const symbol = position.token?.symbol ?? "";
  const amountOf = (value: bigint) => tokenAmount(value, { decimals, symbol });
  const available = position.unlocked + position.walletBalance;
  const terminal = useAmountTerminal(position.dao, { decimals, balance: available });
  const { writeContractAsync, run, chainId } = terminal;
  const plan = delegatePlan({
    amount: terminal.form.amount,
    nftIds: terminal.nftIds,
    unlocked: position.unlocked,
    unlockedNfts: position.unlockedNfts,
    allowance: position.allowance,
    isNftApproved: position.isNftApproved,
  });

  async function delegate({ amount, nftIds }: { amount: bigint; nftIds: bigint[] }) {
    const { depositAmount, depositNfts, steps } = plan;
    const summary = t("tx.delegate", { amount: amountOf(amount), count: nftIds.length });
    for (const step of steps) {
      if (step === "approve" && position.token) {
        const token = position.token.address;
        await run(t("tx.approve", { amount: amountOf(depositAmount) }), "approve", () =>
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
          encodeFunctionData({
            abi: govPoolAbi,
            functionName: "delegate",
            args: [delegatee, amount, nftIds],
          }),
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
            args: [delegatee, amount, nftIds],
          }),
        );
      }
    }
  }

  return (
    <AmountTerminalForm
      terminal={terminal}
      title={t("delegate.title")}
      intro={
        <p>
          {t("delegate.to")} <span className={styles.address}>{delegatee}</span>
        </p>
      }
      amount={
        position.token && {
          id: "delegate-amount",
          label: t("amountLabel", { symbol }),
          hint: t("delegate.balances", {
            unlocked: amountOf(position.unlocked),
            wallet: amountOf(position.walletBalance),
          }),
          hintTestId: "delegate-balances",
        }
      }
      nfts={{
        legend: t("delegate.nftsLabel", { symbol: position.nft?.symbol ?? "" }),
        ids: [...position.unlockedNfts, ...position.walletNfts],
      }}
      steps={{
        label: t("stepsLabel"),
        items: plan.steps.map((step) => ({ key: step, text: t(`steps.${step}`) })),
      }}
      submit={{
        testId: "delegate-submit",
        label: t(plan.steps.includes("depositAndDelegate") ? "steps.depositAndDelegate" : "steps.delegate"),
      }}
      onSubmit={() => terminal.submit(delegate)}
    >
      <p className="muted">{t("delegate.explanation")}</p>
    </AmountTerminalForm>
  );
}

/** `/dao/:daoAddress/delegate/:delegatee/:type`: delegate tokens and NFTs to a member or an expert. */
export function DelegateRoute() {
  const { t } = useTranslation("delegation");
  const { daoAddress = "", type } = useParams();
  if (type !== DELEGATE_TYPE)
    return (
      <DelegationPage dao={daoAddress} title={t("delegate.title")}>
        <EmptyState title={t("unsupportedType")} />
      </DelegationPage>
    );
  return (
    <DelegationLayout title={t("delegate.title")}>
      {(props) => <DelegateTerminal {...props} />}
    </DelegationLayout>
  );
}
