import { govPoolAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountTerminalForm } from "../../shared/ui/AmountTerminalForm.tsx";
import { assetsRoute } from "./components/AssetsLayout.tsx";

/**
 * Withdraw terminal: the balance is what is deposited; what is locked by active votes is over the
 * limit ('Overlimit'), with the spec's 'Tokens are locked during voting' explanation.
 */
export function WithdrawTerminal({ assets }: { assets: DaoAssets }) {
  const { t } = useTranslation("assets");
  const { user } = assets;
  const decimals = assets.token?.decimals ?? 18;
  const symbol = assets.token?.symbol ?? "";
  const deposited = user?.deposited ?? 0n;
  const withdrawable = user?.withdrawable ?? 0n;
  const locked = deposited > withdrawable ? deposited - withdrawable : 0n;
  const terminal = useAmountTerminal(assets.dao, {
    decimals,
    symbol: assets.token?.symbol,
    balance: deposited,
    limit: withdrawable,
  });
  const lockedNfts = (user?.depositedNfts ?? []).filter((id) => !(user?.withdrawableNfts ?? []).includes(id));

  return (
    <AmountTerminalForm
      terminal={terminal}
      title={t("withdraw.title")}
      amount={
        assets.token && {
          id: "withdraw-amount",
          label: t("withdraw.amountLabel", { symbol }),
          hint: t("withdraw.balances", {
            deposited: tokenAmount(deposited, decimals),
            withdrawable: tokenAmount(withdrawable, decimals),
            symbol,
          }),
        }
      }
      nfts={{
        legend: t("withdraw.nftsLabel", { symbol: assets.nft?.symbol ?? "" }),
        ids: user?.withdrawableNfts ?? [],
      }}
      submit={{ testId: "withdraw-submit", label: t("withdraw.submit") }}
      onSubmit={() => {
        if (!user) return;
        terminal.submit(({ amount, nftIds }) =>
          terminal.run(
            t("tx.withdraw", { amount: tokenAmount(amount, decimals), symbol, count: nftIds.length }),
            "withdraw",
            () =>
              terminal.writeContractAsync({
                address: assets.dao,
                abi: govPoolAbi,
                chainId: terminal.chainId,
                functionName: "withdraw",
                args: [user.address, amount, nftIds],
              }),
          ),
        );
      }}
    >
      {locked > 0n || lockedNfts.length > 0 ? (
        <p className="muted" data-testid="locked-explanation">
          {t("withdraw.lockedExplanation", {
            amount: tokenAmount(locked, decimals),
            symbol,
            count: lockedNfts.length,
          })}
        </p>
      ) : null}
    </AmountTerminalForm>
  );
}

/** `/dao/:daoAddress/withdraw`. */
export default assetsRoute(WithdrawTerminal, "withdraw.title");
