import { formatTokenAmount, formatUsd } from "@polity/core/format/number";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
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
    const total = rows.reduce((sum, row) => sum + Number(row.balance_usd || 0), 0);
    body =
      rows.length === 0 ? (
        <EmptyState title={treasury.data.error ? t("treasury.unavailable") : t("treasury.empty")} />
      ) : (
        <>
          <p>
            {t("treasury.total")}: <strong>{formatUsd(String(total))}</strong>
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t("treasury.token")}</th>
                  <th scope="col">{t("treasury.balance")}</th>
                  <th scope="col">{t("treasury.price")}</th>
                  <th scope="col">{t("treasury.value")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const amount = { value: BigInt(row.balance), decimals: row.decimals };
                  return (
                    <tr key={row.token_address} data-testid="treasury-row">
                      <td>
                        <strong>{row.symbol}</strong> <span className="muted">{row.name}</span>
                        <br />
                        <AddressLink chainId={profile.chainId} address={row.token_address} />
                      </td>
                      <td>{formatTokenAmount(amount)}</td>
                      <td>{formatUsd(row.price_usd)}</td>
                      <td>{formatUsd(row.balance_usd, { tokenAmount: amount })}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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
