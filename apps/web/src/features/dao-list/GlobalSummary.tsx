import { formatTokenAmount, formatUsd } from "@polity/core/format/number";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type StatsPeriod, summarySeriesQuery, summaryStatsQuery } from "../../shared/tracker/trackerApi.ts";
import { StatsCharts } from "../../shared/ui/charts/StatsCharts.tsx";
import styles from "./DaoListPage.module.css";

/** A change over the week, signed, or nothing when there is none. */
function change(percent: number): string {
  if (!Number.isFinite(percent) || percent === 0) return "";
  return `${percent > 0 ? "+" : ""}${percent.toFixed(1)}%`;
}

/** The DAO list's global summary: the chain's totals with their weekly change, and their series over time. */
export function GlobalSummary({ chainId }: { chainId: number }) {
  const { t } = useTranslation("daoList");
  const summary = useQuery(summaryStatsQuery(chainId, "W"));
  const s = summary.data;
  const dash = summary.isPending ? "…" : t("core:display.notAvailable");
  const figures = [
    {
      id: "daos",
      label: t("summary.daos"),
      value: s ? formatTokenAmount(s.pools_count) : dash,
      delta: s?.pools_count_change_percent,
    },
    {
      id: "tvl",
      label: t("columns.tvl"),
      value: s ? formatUsd(s.tvl_usd) : dash,
      delta: s?.tvl_usd_change_percent,
    },
    {
      id: "tvg",
      label: t("columns.tvg"),
      value: s ? formatUsd(s.tvg_usd) : dash,
      delta: s?.tvg_usd_change_percent,
    },
    {
      id: "members",
      label: t("columns.members"),
      value: s ? formatTokenAmount(s.total_members_count) : dash,
      delta: s?.members_change_percent,
    },
    {
      id: "lau",
      label: t("columns.lau"),
      value: s ? formatTokenAmount(s.lau) : dash,
      delta: s?.lau_change_percent,
    },
    {
      id: "proposals",
      label: t("columns.proposals"),
      value: s ? formatTokenAmount(s.total_proposals_count) : dash,
      delta: s?.proposals_change_percent,
    },
  ];
  return (
    <section className={styles.summary} aria-label={t("summary.title")}>
      <dl className={styles.summaryFigures}>
        {figures.map((f) => (
          <div key={f.id} className={styles.figure} data-testid={`summary-${f.id}`}>
            <dt>{f.label}</dt>
            <dd>
              {f.value} {f.delta !== undefined ? <span className="muted">{change(f.delta)}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <StatsCharts
        title={t("summary.title")}
        seriesQuery={(period: StatsPeriod) => summarySeriesQuery(chainId, period)}
      />
    </section>
  );
}
