import { govPoolAbi } from "@polity/core/generated/contracts";
import { amountTerminal } from "@polity/core/terminal";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { approveNftsRequest, approveTokenRequest } from "../../shared/tx/approvals.ts";
import { TerminalSubmit } from "../../shared/tx/TerminalSubmit.tsx";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { NftPicker } from "../../shared/ui/NftPicker.tsx";
import { TxSteps } from "../../shared/ui/TxSteps.tsx";
import styles from "./Assets.module.css";
import { assetsRoute } from "./components/AssetsLayout.tsx";
import { tokenAmount } from "./format.ts";
import { useAssetsTerminal } from "./useAssetsTerminal.ts";

export type DepositStep = "approve" | "approveNfts" | "deposit";

/** The transactions a deposit needs, in order: ERC-20 approval, NFT approval, then the deposit. */
export function depositSteps(input: {
  amount: bigint;
  allowance: bigint;
  nftCount: number;
  isNftApproved: boolean;
}): DepositStep[] {
  const steps: DepositStep[] = [];
  if (input.amount > 0n && input.allowance < input.amount) steps.push("approve");
  if (input.nftCount > 0 && !input.isNftApproved) steps.push("approveNfts");
  steps.push("deposit");
  return steps;
}

export function DepositTerminal({ assets }: { assets: DaoAssets }) {
  const {
    t,
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
    user,
    decimals,
    symbol,
  } = useAssetsTerminal(assets);
  const balance = user?.walletBalance ?? 0n;
  const form = amountTerminal({ amountText, decimals, balance, nftCount: nftIds.length });
  const steps = depositSteps({
    amount: form.amount,
    allowance: user?.allowance ?? 0n,
    nftCount: nftIds.length,
    isNftApproved: user?.isNftApproved ?? false,
  });

  async function deposit() {
    const amount = form.amount;
    const ids = [...nftIds];
    for (const step of steps) {
      if (step === "approve" && assets.token) {
        const token = assets.token.address;
        await run(t("tx.approve", { amount: tokenAmount(amount, decimals), symbol }), "approve", () =>
          writeContractAsync(approveTokenRequest({ token, spender: assets.userKeeper, amount, chainId })),
        );
      } else if (step === "approveNfts" && assets.nft) {
        const nft = assets.nft.address;
        await run(t("tx.approveNfts", { symbol: assets.nft.symbol }), "approveNfts", () =>
          writeContractAsync(approveNftsRequest({ nft, spender: assets.userKeeper, chainId })),
        );
      } else if (step === "deposit") {
        await run(
          t("tx.deposit", { amount: tokenAmount(amount, decimals), symbol, count: ids.length }),
          "deposit",
          () =>
            writeContractAsync({
              address: assets.dao,
              abi: govPoolAbi,
              chainId,
              functionName: "deposit",
              args: [amount, ids],
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
        if (!form.blocker && !isBusy) void deposit().catch(() => undefined);
      }}
    >
      <h1>{t("deposit.title")}</h1>
      {assets.token ? (
        <AmountField
          id="deposit-amount"
          label={t("deposit.amountLabel", { symbol })}
          value={amountText}
          onChange={setAmountText}
          balance={balance}
          decimals={decimals}
          hint={t("deposit.walletBalance", { amount: tokenAmount(balance, decimals), symbol })}
          inputError={form.inputError}
        />
      ) : null}
      <NftPicker
        legend={t("deposit.nftsLabel", { symbol: assets.nft?.symbol ?? "" })}
        ids={user?.walletNfts ?? []}
        selected={nftIds}
        onChange={setNftIds}
      />
      <p className="muted">{t("deposit.explanation")}</p>
      <TxSteps
        label={t("stepsLabel")}
        steps={steps.map((step) => ({ key: step, text: t(`steps.${step}`) }))}
      />
      <TerminalSubmit blocker={form.blocker} decimals={decimals} testId="deposit-submit" status={status}>
        {t("deposit.submit")}
      </TerminalSubmit>
    </Form>
  );
}

/** `/dao/:daoAddress/deposit`: deposit governance tokens and NFTs to vote with them. */
export default assetsRoute(DepositTerminal);
