import { formatTokenAmount, formatUsd } from "@polity/core/format/number";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { useSelectedChainId } from "../../../shared/wallet/selectedChain.ts";
import { portfolioQuery } from "../api/profileQueries.ts";
import styles from "../Profile.module.css";

/**
 * The wallet's balances (my-balance / user-balance): each token above zero with its price and value,
 * shown by the spec's rules ('<0.01', '<$0.01' for a token worth under a cent, 'N/A' without a price).
 */
export function PortfolioPage({ address }: { address: Address }) {
  const { t } = useTranslation("profile");
  const chainId = useSelectedChainId();
  const portfolio = useQuery(portfolioQuery(chainId, address));
  if (portfolio.isPending) return <LoadingState />;
  if (portfolio.isError)
    return <ErrorState message={portfolio.error.message} onRetry={() => void portfolio.refetch()} />;
  const { balances, error } = portfolio.data;
  if (balances.length === 0)
    return <EmptyState title={error ? t("portfolio.unavailable") : t("portfolio.empty")} />;
  const total = balances.reduce((sum, row) => sum + Number(row.balance_usd || 0), 0);
  return (
    <section className={styles.page} aria-label={t("portfolio.title")}>
      <p>
        {t("portfolio.total")}: <strong data-testid="portfolio-total">{formatUsd(String(total))}</strong>
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("portfolio.token")}</th>
              <th scope="col" className={styles.num}>
                {t("portfolio.balance")}
              </th>
              <th scope="col" className={styles.num}>
                {t("portfolio.price")}
              </th>
              <th scope="col" className={styles.num}>
                {t("portfolio.value")}
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.map((row) => {
              const amount = { value: BigInt(row.balance), decimals: row.decimals };
              return (
                <tr key={row.token_address} data-testid="portfolio-row">
                  <td>
                    <strong>{row.symbol}</strong> <span className="muted">{row.name}</span>
                  </td>
                  <td className={styles.num}>{formatTokenAmount(amount)}</td>
                  <td className={styles.num}>{formatUsd(row.price_usd)}</td>
                  <td className={styles.num}>{formatUsd(row.balance_usd, { tokenAmount: amount })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
