import { govPoolAbi } from "@polity/core/generated/contracts";
import { amountTerminal } from "@polity/core/terminal";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { TerminalSubmit } from "../../shared/tx/TerminalSubmit.tsx";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { NftPicker } from "../../shared/ui/NftPicker.tsx";
import styles from "./Assets.module.css";
import { assetsRoute } from "./components/AssetsLayout.tsx";
import { tokenAmount } from "./format.ts";
import { useAssetsTerminal } from "./useAssetsTerminal.ts";

/**
 * Withdraw terminal: the balance is what is deposited; what is locked by active votes is over the
 * limit ('Overlimit'), with the spec's 'Tokens are locked during voting' explanation.
 */
export function WithdrawTerminal({ assets }: { assets: DaoAssets }) {
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
  const deposited = user?.deposited ?? 0n;
  const withdrawable = user?.withdrawable ?? 0n;
  const locked = deposited > withdrawable ? deposited - withdrawable : 0n;
  const form = amountTerminal({
    amountText,
    decimals,
    balance: deposited,
    limit: withdrawable,
    nftCount: nftIds.length,
  });
  const lockedNfts = (user?.depositedNfts ?? []).filter((id) => !(user?.withdrawableNfts ?? []).includes(id));

  return (
    <Form
      className={styles.card}
      onSubmit={() => {
        if (form.blocker || isBusy || !user) return;
        const amount = form.amount;
        const ids = [...nftIds];
        void run(
          t("tx.withdraw", { amount: tokenAmount(amount, decimals), symbol, count: ids.length }),
          "withdraw",
          () =>
            writeContractAsync({
              address: assets.dao,
              abi: govPoolAbi,
              chainId,
              functionName: "withdraw",
              args: [user.address, amount, ids],
            }),
        ).then(clear, () => undefined);
      }}
    >
      <h1>{t("withdraw.title")}</h1>
      {assets.token ? (
        <AmountField
          id="withdraw-amount"
          label={t("withdraw.amountLabel", { symbol })}
          value={amountText}
          onChange={setAmountText}
          balance={withdrawable}
          decimals={decimals}
          hint={t("withdraw.balances", {
            deposited: tokenAmount(deposited, decimals),
            withdrawable: tokenAmount(withdrawable, decimals),
            symbol,
          })}
          inputError={form.inputError}
        />
      ) : null}
      <NftPicker
        legend={t("withdraw.nftsLabel", { symbol: assets.nft?.symbol ?? "" })}
        ids={user?.withdrawableNfts ?? []}
        selected={nftIds}
        onChange={setNftIds}
      />
      {locked > 0n || lockedNfts.length > 0 ? (
        <p className="muted" data-testid="locked-explanation">
          {t("withdraw.lockedExplanation", {
            amount: tokenAmount(locked, decimals),
            symbol,
            count: lockedNfts.length,
          })}
        </p>
      ) : null}
      <TerminalSubmit blocker={form.blocker} decimals={decimals} testId="withdraw-submit" status={status}>
        {t("withdraw.submit")}
      </TerminalSubmit>
    </Form>
  );
}

/** `/dao/:daoAddress/withdraw`. */
export default assetsRoute(WithdrawTerminal);
