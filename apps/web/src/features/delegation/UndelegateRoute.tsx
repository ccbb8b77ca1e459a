import { formatTokenAmount } from "@polity/core/format/number";
import { govPoolAbi } from "@polity/core/generated/contracts";
import { amountTerminal } from "@polity/core/terminal";
import { useTranslation } from "react-i18next";
import type { DelegationRecord } from "../../shared/tracker/delegationApi.ts";
import { TerminalSubmit } from "../../shared/tx/TerminalSubmit.tsx";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { NftPicker } from "../../shared/ui/NftPicker.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { DelegationLayout, type DelegationTerminalProps } from "./components/DelegationLayout.tsx";
import styles from "./Delegation.module.css";
import { useDelegationPair } from "./useDelegation.ts";

/** Undelegate terminal: what is delegated to the delegatee, taken back (all or part) into the deposit. */
export function UndelegateTerminal({
  position,
  delegatee,
  delegation,
}: DelegationTerminalProps & { delegation: DelegationRecord }) {
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
  const delegated = BigInt(delegation.amount);
  const delegatedNfts = delegation.nft_ids.map((id) => BigInt(id));
  const form = amountTerminal({ amountText, decimals, balance: delegated, nftCount: nftIds.length });

  return (
    <Form
      className={styles.card}
      onSubmit={() => {
        if (form.blocker || isBusy) return;
        const amount = form.amount;
        const ids = [...nftIds];
        void run(
          t("tx.undelegate", { amount: amountOf(amount), symbol, count: ids.length }),
          "undelegate",
          () =>
            writeContractAsync({
              address: position.dao,
              abi: govPoolAbi,
              chainId,
              functionName: "undelegate",
              args: [delegatee, amount, ids],
            }),
        ).then(clear, () => undefined);
      }}
    >
      <h1>{t("undelegate.title")}</h1>
      <p>
        {t("undelegate.from")} <span className={styles.address}>{delegatee}</span>
      </p>
      {position.token ? (
        <AmountField
          id="undelegate-amount"
          label={t("amountLabel", { symbol })}
          value={amountText}
          onChange={setAmountText}
          balance={delegated}
          decimals={decimals}
          hint={t("undelegate.delegated", { amount: amountOf(delegated), symbol })}
          hintTestId="undelegate-delegated"
          inputError={form.inputError}
        />
      ) : null}
      <NftPicker
        legend={t("undelegate.nftsLabel", { symbol: position.nft?.symbol ?? "" })}
        ids={delegatedNfts}
        selected={nftIds}
        onChange={setNftIds}
      />
      <p className="muted">{t("undelegate.explanation")}</p>
      <TerminalSubmit blocker={form.blocker} decimals={decimals} testId="undelegate-submit" status={status}>
        {t("undelegate.submit")}
      </TerminalSubmit>
    </Form>
  );
}

function UndelegateLoaded({ position, delegatee }: DelegationTerminalProps) {
  const { t } = useTranslation("delegation");
  const pair = useDelegationPair(position.dao, position.user, delegatee);
  if (pair.isPending) return <LoadingState label={t("loading")} />;
  if (pair.isError) return <ErrorState message={pair.error.message} onRetry={() => void pair.refetch()} />;
  if (!pair.data || (BigInt(pair.data.amount) === 0n && pair.data.nft_ids.length === 0))
    return <EmptyState title={t("undelegate.nothing")} />;
  return <UndelegateTerminal position={position} delegatee={delegatee} delegation={pair.data} />;
}

/** `/dao/:daoAddress/undelegate/:delegatee`: take back tokens and NFTs delegated to `delegatee`. */
export function UndelegateRoute() {
  return <DelegationLayout>{(props) => <UndelegateLoaded {...props} />}</DelegationLayout>;
}
