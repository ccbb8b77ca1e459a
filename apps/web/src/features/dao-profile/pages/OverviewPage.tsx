import { formatMonthDayYear, fromUnixSeconds } from "@polity/core/format/date";
import { formatTokenAmount, formatUsd } from "@polity/core/format/number";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { poolSeriesQuery, poolStatsQuery, type StatsPeriod } from "../../../shared/tracker/trackerApi.ts";
import { StatsCharts } from "../../../shared/ui/charts/StatsCharts.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { proposalsQuery } from "../api/fetchProposals.ts";
import { daoUnit } from "../components/format.ts";
import { IndexerLagNotice } from "../components/PagedList.tsx";
import styles from "../DaoProfile.module.css";
import { ProposalList } from "./ProposalsPage.tsx";

/** How many of the newest proposals the overview shows. */
const LATEST_COUNT = 5;

export function OverviewPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const stats = useQuery(poolStatsQuery(profile.chainId, profile.address));
  const latest = useQuery(
    proposalsQuery({
      chainId: profile.chainId,
      dao: profile.address,
      status: "all",
      page: 1,
      limit: LATEST_COUNT,
    }),
  );
  const unit = daoUnit(profile);
  const s = stats.data;
  const unavailable = stats.isPending ? "…" : t("core:display.notAvailable");
  const cards: { label: string; value: string; testId?: string }[] = [
    { label: t("stats.tvl"), value: s ? formatUsd(s.tvl_usd) : unavailable },
    { label: t("stats.tvg"), value: s ? formatUsd(s.tvg_usd) : unavailable },
    { label: t("stats.members"), value: s ? formatTokenAmount(s.total_members_count) : unavailable },
    { label: t("stats.lau"), value: s ? formatTokenAmount(s.lau) : unavailable },
    {
      label: t("stats.proposals"),
      value: t("stats.proposalsValue", {
        active: s ? s.total_active_proposals_count : "…",
        total: s ? s.total_proposals_count : profile.latestProposalId.toString(),
      }),
      testId: "stat-proposals",
    },
    {
      label: t("stats.created"),
      value: s ? formatMonthDayYear(fromUnixSeconds(s.gov_pool_created_at)) : unavailable,
    },
    { label: t("stats.totalPower"), value: tokenAmount(profile.totalPower, unit), testId: "stat-power" },
    {
      label: t("stats.deposited"),
      value: tokenAmount(profile.totalDepositedTokens, unit),
      testId: "stat-deposited",
    },
    ...(profile.token
      ? [
          {
            label: t("stats.supply"),
            value: tokenAmount(profile.token.totalSupply, unit),
            testId: "stat-supply",
          },
        ]
      : []),
  ];
  return (
    <>
      <section className={styles.section} aria-labelledby="dao-stats">
        <h2 id="dao-stats">{t("stats.title")}</h2>
        <dl className={styles.grid}>
          {cards.map((card) => (
            <div key={card.label} className={styles.card} data-testid={card.testId}>
              <dt>{card.label}</dt>
              <dd>{card.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <StatsCharts
        title={t("stats.charts")}
        seriesQuery={(period: StatsPeriod) => poolSeriesQuery(profile.chainId, profile.address, period)}
      />
      <section className={styles.section}>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "baseline" }}>
          <h2>{t("proposals.latest")}</h2>
          {latest.data && latest.data.total > latest.data.items.length ? (
            <Link to="proposals">{t("proposals.seeAll")}</Link>
          ) : null}
        </div>
        {latest.isPending ? (
          <LoadingState label={t("proposals.loading")} />
        ) : latest.isError ? (
          <ErrorState
            message={t("proposals.loadError", { detail: latest.error.message })}
            onRetry={() => void latest.refetch()}
          />
        ) : latest.data.items.length ? (
          <>
            <IndexerLagNotice isBehind={latest.data.isBehind} />
            <ProposalList profile={profile} proposals={latest.data.items} />
          </>
        ) : (
          <EmptyState title={t("proposals.none")} />
        )}
      </section>
    </>
  );
}
