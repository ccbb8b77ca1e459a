import { govPoolAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import type { DelegationRecord } from "../../shared/tracker/delegationApi.ts";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { AmountTerminalForm } from "../../shared/ui/AmountTerminalForm.tsx";
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
  const decimals = position.token?.decimals ?? 18;
  const symbol = position.token?.symbol ?? "";
  const amountOf = (value: bigint) => tokenAmount(value, { decimals, symbol });
  const delegated = BigInt(delegation.amount);
  const terminal = useAmountTerminal(position.dao, { decimals, balance: delegated });

  return (
    <AmountTerminalForm
      terminal={terminal}
      title={t("undelegate.title")}
      intro={
        <p>
          {t("undelegate.from")} <span className={styles.address}>{delegatee}</span>
        </p>
      }
      amount={
        position.token && {
          id: "undelegate-amount",
          label: t("amountLabel", { symbol }),
          hint: t("undelegate.delegated", { amount: amountOf(delegated) }),
          hintTestId: "undelegate-delegated",
        }
      }
      nfts={{
        legend: t("undelegate.nftsLabel", { symbol: position.nft?.symbol ?? "" }),
        ids: delegation.nft_ids.map((id) => BigInt(id)),
      }}
      submit={{ testId: "undelegate-submit", label: t("undelegate.submit") }}
      onSubmit={() =>
        terminal.submit(({ amount, nftIds }) =>
          terminal.run(
            t("tx.undelegate", { amount: amountOf(amount), count: nftIds.length }),
            "undelegate",
            () =>
              terminal.writeContractAsync({
                address: position.dao,
                abi: govPoolAbi,
                chainId: terminal.chainId,
                functionName: "undelegate",
                args: [delegatee, amount, nftIds],
              }),
          ),
        )
      }
    >
      <p className="muted">{t("undelegate.explanation")}</p>
    </AmountTerminalForm>
  );
}

function UndelegateLoaded({ position, delegatee }: DelegationTerminalProps) {
  const { t } = useTranslation("delegation");
  const pair = useDelegationPair(position.dao, position.user, delegatee);
  // Until there is a terminal (which has its own), the page's heading stays above the state.
  const titled = (state: React.ReactNode) => (
    <>
      <h1>{t("undelegate.title")}</h1>
      {state}
    </>
  );
  if (pair.isPending) return titled(<LoadingState label={t("loading")} />);
  if (pair.isError)
    return titled(<ErrorState message={pair.error.message} onRetry={() => void pair.refetch()} />);
  if (!pair.data || (BigInt(pair.data.amount) === 0n && pair.data.nft_ids.length === 0))
    return titled(<EmptyState title={t("undelegate.nothing")} />);
  return <UndelegateTerminal position={position} delegatee={delegatee} delegation={pair.data} />;
}

/** `/dao/:daoAddress/undelegate/:delegatee`: take back tokens and NFTs delegated to `delegatee`. */
export function UndelegateRoute() {
  const { t } = useTranslation("delegation");
  return (
    <DelegationLayout title={t("undelegate.title")}>
      {(props) => <UndelegateLoaded {...props} />}
    </DelegationLayout>
  );
}
