import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { balanceLabels, TokenBalancesTable, totalUsd } from "../../../shared/ui/TokenBalancesTable.tsx";
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
  return (
    <section className={styles.page} aria-label={t("portfolio.title")}>
      <p>
        {t("portfolio.total")}: <strong data-testid="portfolio-total">{totalUsd(balances)}</strong>
      </p>
      <TokenBalancesTable rows={balances} rowTestId="portfolio-row" labels={balanceLabels(t, "portfolio")} />
    </section>
  );
}
