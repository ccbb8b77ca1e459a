import { formatUsd } from "@polity/core/format/number";
import { useTranslation } from "react-i18next";
import { PieChart } from "../../../shared/ui/charts/PieChart.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { TokenBalancesTable, totalUsd } from "../../../shared/ui/TokenBalancesTable.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { AddressLink } from "../components/DaoHeader.tsx";
import styles from "../DaoProfile.module.css";
import { useTreasury } from "../useTreasury.ts";

export function TreasuryPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const treasury = useTreasury(profile);
  let body: React.ReactNode;
  if (treasury.isPending) body = <LoadingState />;
  else if (treasury.isError)
    body = <ErrorState message={treasury.error.message} onRetry={() => void treasury.refetch()} />;
  else {
    // Spec section 9: a token shows only when its balance is above zero.
    const rows = treasury.data.balances.filter((row) => BigInt(row.balance || "0") > 0n);
    body =
      rows.length === 0 ? (
        <EmptyState title={treasury.data.error ? t("treasury.unavailable") : t("treasury.empty")} />
      ) : (
        <>
          <p>
            {t("treasury.total")}: <strong>{totalUsd(rows)}</strong>
          </p>
          <PieChart
            label={t("treasury.composition")}
            slices={rows.map((row) => ({
              label: row.symbol,
              value: Number(row.balance_usd || 0),
              detail: formatUsd(row.balance_usd, {
                tokenAmount: { value: BigInt(row.balance), decimals: row.decimals },
              }),
            }))}
          />
          <TokenBalancesTable
            rows={rows}
            rowTestId="treasury-row"
            labels={{
              token: t("treasury.token"),
              balance: t("treasury.balance"),
              price: t("treasury.price"),
              value: t("treasury.value"),
            }}
            tokenExtra={(row) => <AddressLink chainId={profile.chainId} address={row.token_address} />}
          />
        </>
      );
  }
  return (
    <section className={styles.section}>
      <h2>{t("treasury.title")}</h2>
      <p className="muted">
        {t("treasury.address")}:{" "}
        <AddressLink chainId={profile.chainId} address={profile.address} label={profile.address} />
      </p>
      {body}
    </section>
  );
}
