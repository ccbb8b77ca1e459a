import { formatDuration } from "@polity/core/duration";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import type { TierRecord } from "../../../shared/tracker/tokenSaleApi.ts";
import dataStyles from "../../../shared/ui/Data.module.css";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import type { TokenSales } from "../api/fetchTokenSales.ts";
import styles from "../DaoProfile.module.css";
import { useTokenSales } from "../useTokenSales.ts";

const STATUS_CLASS = {
  pending: dataStyles.group1,
  active: dataStyles.group2,
  completed: dataStyles.group4,
  "not-actual": styles.group6,
} as const;

/** The time a tier's status looks to: its start while pending, its end while active. */
function timing(tier: TierRecord, now: number): { key: string; duration?: string } {
  if (tier.status === "pending")
    return { key: "startsIn", duration: formatDuration(tier.sale_start_time - now) };
  if (tier.status === "active")
    return { key: "endsIn", duration: formatDuration(Math.max(0, tier.sale_end_time - now)) };
  return { key: tier.status === "completed" ? "ended" : "off" };
}

function TierCard({ tier, sales, dao }: { tier: TierRecord; sales: TokenSales; dao: string }) {
  const { t } = useTranslation("daoProfile");
  const sale = tokenInfoOf(sales.tokens, tier.sale_token);
  const sold = tokenAmount(BigInt(tier.total_sold), sale.decimals);
  const total = tokenAmount(BigInt(tier.total_token_provided), sale);
  const when = timing(tier, sales.stateTime);
  return (
    <li className={styles.proposal} data-testid="token-sale-tier">
      <div className={styles.proposalHead}>
        <Link to={`/dao/${dao}/dao-token-sales/${tier.tier_id}/token-purchase`} data-testid="tier-link">
          <strong>{tier.name || t("tokenSales.untitled", { id: tier.tier_id })}</strong>
        </Link>
        <span className={`${styles.badge} ${STATUS_CLASS[tier.status]}`} data-testid="tier-status">
          {t(`tokenSales.status.${tier.status}`)}
        </span>
      </div>
      {tier.description ? <p className="muted">{tier.description}</p> : null}
      <ul className={styles.meta} aria-label={t("tokenSales.prices")}>
        {tier.purchase_tokens.map((pair) => (
          <li key={pair.token} data-testid="tier-price">
            {t("tokenSales.price", {
              payment: tokenInfoOf(sales.tokens, pair.token).symbol,
              amount: tokenAmount(BigInt(pair.exchange_rate), { decimals: 25, symbol: sale.symbol }),
            })}
          </li>
        ))}
      </ul>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t("tokenSales.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={tier.progress_bps / 100}
      >
        <span className={dataStyles.barFor} style={{ width: `${tier.progress_bps / 100}%` }} />
      </div>
      <p className={styles.meta}>
        <span data-testid="tier-progress">
          {t("tokenSales.progress", { sold, total, percent: tier.progress_bps / 100 })}
        </span>
        <span data-testid="tier-time">{t(`tokenSales.${when.key}`, { duration: when.duration })}</span>
        <span>{t("tokenSales.buyers", { count: tier.buyers_count })}</span>
      </p>
    </li>
  );
}

/** The DAO's token sale tiers, newest first, with their status, prices, progress and time left. */
export function TokenSalesPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const sales = useTokenSales(profile);
  let body: React.ReactNode;
  if (sales.isPending) body = <LoadingState label={t("tokenSales.loading")} />;
  else if (sales.isError)
    body = (
      <ErrorState
        message={t("tokenSales.loadError", { detail: sales.error.message })}
        onRetry={() => void sales.refetch()}
      />
    );
  else if (sales.data.tiers.length === 0) body = <EmptyState title={t("tokenSales.none")} />;
  else
    body = (
      <ul className={styles.list}>
        {[...sales.data.tiers].reverse().map((tier) => (
          <TierCard key={tier.tier_id} tier={tier} sales={sales.data} dao={profile.address} />
        ))}
      </ul>
    );
  return (
    <section className={styles.section}>
      <h2>{t("tokenSales.title")}</h2>
      {body}
    </section>
  );
}
