import { NATIVE_COIN_ADDRESS } from "@polity/core/constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi } from "viem";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountTerminalForm } from "../../shared/ui/AmountTerminalForm.tsx";
import styles from "./Assets.module.css";
import { assetsRoute } from "./components/AssetsLayout.tsx";

type Asset = "token" | "native";

/** Sends the governance token or the native coin to the DAO's treasury (the pool itself). */
export function TreasuryDepositTerminal({ assets }: { assets: DaoAssets }) {
  const { t } = useTranslation("assets");
  const [asset, setAsset] = useState<Asset>(assets.token ? "token" : "native");
  const isToken = asset === "token" && assets.token !== null;
  const decimals = isToken ? (assets.token?.decimals ?? 18) : 18;
  const symbol = isToken ? (assets.token?.symbol ?? "") : t("treasury.nativeSymbol");
  const balance = isToken ? (assets.user?.walletBalance ?? 0n) : (assets.user?.nativeBalance ?? 0n);
  const terminal = useAmountTerminal(assets.dao, { decimals, balance });
  const { writeContractAsync, sendTransactionAsync, run, chainId } = terminal;

  return (
    <AmountTerminalForm
      terminal={terminal}
      title={t("treasury.title")}
      intro={
        <>
          <p className="muted">{t("treasury.explanation")}</p>
          <fieldset className={styles.row} aria-label={t("treasury.assetLabel")}>
            {assets.token ? (
              <label className={styles.row}>
                <input
                  type="radio"
                  name="asset"
                  checked={asset === "token"}
                  onChange={() => setAsset("token")}
                />
                {assets.token.symbol}
              </label>
            ) : null}
            <label className={styles.row}>
              <input
                type="radio"
                name="asset"
                value={NATIVE_COIN_ADDRESS}
                checked={asset === "native"}
                onChange={() => setAsset("native")}
              />
              {t("treasury.nativeSymbol")}
            </label>
          </fieldset>
        </>
      }
      amount={{
        id: "treasury-amount",
        label: t("treasury.amountLabel", { symbol }),
        hint: t("deposit.walletBalance", { amount: tokenAmount(balance, decimals), symbol }),
      }}
      nfts={null}
      submit={{ testId: "treasury-submit", label: t("treasury.submit") }}
      onSubmit={() =>
        terminal.submit(({ amount }) => {
          const summary = t("tx.treasury", { amount: tokenAmount(amount, decimals), symbol });
          const token = assets.token?.address;
          return run(summary, "depositTreasury", () =>
            isToken && token
              ? writeContractAsync({
                  address: token,
                  abi: erc20Abi,
                  chainId,
                  functionName: "transfer",
                  args: [assets.dao, amount],
                })
              : sendTransactionAsync({ to: assets.dao, value: amount, chainId }),
          );
        })
      }
    />
  );
}

/** `/dao/:daoAddress/deposit-treasury/*`. */
export default assetsRoute(TreasuryDepositTerminal, "treasury.title");
