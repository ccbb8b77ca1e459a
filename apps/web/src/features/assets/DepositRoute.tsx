import { govPoolAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { approveNftsRequest, approveTokenRequest } from "../../shared/tx/approvals.ts";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountTerminalForm } from "../../shared/ui/AmountTerminalForm.tsx";
import { assetsRoute } from "./components/AssetsLayout.tsx";

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
  const { t } = useTranslation("assets");
  const { user } = assets;
  const decimals = assets.token?.decimals ?? 18;
  const symbol = assets.token?.symbol ?? "";
  const balance = user?.walletBalance ?? 0n;
  const terminal = useAmountTerminal(assets.dao, { decimals, balance });
  const { run, chainId, writeContractAsync } = terminal;
  const steps = depositSteps({
    amount: terminal.form.amount,
    allowance: user?.allowance ?? 0n,
    nftCount: terminal.nftIds.length,
    isNftApproved: user?.isNftApproved ?? false,
  });

  async function deposit({ amount, nftIds }: { amount: bigint; nftIds: bigint[] }) {
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
          t("tx.deposit", { amount: tokenAmount(amount, decimals), symbol, count: nftIds.length }),
          "deposit",
          () =>
            writeContractAsync({
              address: assets.dao,
              abi: govPoolAbi,
              chainId,
              functionName: "deposit",
              args: [amount, nftIds],
            }),
        );
      }
    }
  }

  return (
    <AmountTerminalForm
      terminal={terminal}
      title={t("deposit.title")}
      amount={
        assets.token && {
          id: "deposit-amount",
          label: t("deposit.amountLabel", { symbol }),
          hint: t("deposit.walletBalance", { amount: tokenAmount(balance, decimals), symbol }),
        }
      }
      nfts={{
        legend: t("deposit.nftsLabel", { symbol: assets.nft?.symbol ?? "" }),
        ids: user?.walletNfts ?? [],
      }}
      steps={{
        label: t("stepsLabel"),
        items: steps.map((step) => ({ key: step, text: t(`steps.${step}`) })),
      }}
      submit={{ testId: "deposit-submit", label: t("deposit.submit") }}
      onSubmit={() => terminal.submit(deposit)}
    >
      <p className="muted">{t("deposit.explanation")}</p>
    </AmountTerminalForm>
  );
}

/** `/dao/:daoAddress/deposit`: deposit governance tokens and NFTs to vote with them. */
export default assetsRoute(DepositTerminal, "deposit.title");
