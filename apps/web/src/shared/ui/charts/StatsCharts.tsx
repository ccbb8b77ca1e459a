import { formatMonthDay, formatTime24 } from "@polity/core/format/date";
import { formatTokenAmount, formatUsd } from "@polity/core/format/number";
import type { StatsPoint } from "@polity/core/records/tracker";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StatsPeriod } from "../../tracker/trackerApi.ts";
import { EmptyState, LoadingState } from "../StateViews.tsx";
import styles from "./Charts.module.css";
import { type ChartPoint, SeriesChart } from "./SeriesChart.tsx";

const PERIODS: readonly StatsPeriod[] = ["D", "W", "M"];
const METRICS = ["tvl", "tvg", "lau", "members", "proposals"] as const;
type Metric = (typeof METRICS)[number];

const VALUE_OF: Record<Metric, (p: StatsPoint) => number> = {
  tvl: (p) => Number(p.tvl_usd),
  tvg: (p) => Number(p.tvg_usd),
  lau: (p) => p.lau,
  members: (p) => p.total_members_count,
  proposals: (p) => p.total_proposals_count,
};
const IS_MONEY: Record<Metric, boolean> = {
  tvl: true,
  tvg: true,
  lau: false,
  members: false,
  proposals: false,
};

const formatMoney = (v: number) => formatUsd(String(v));
const formatCount = (v: number) => formatTokenAmount(String(Math.round(v)));

/**
 * TVL, TVG, active users, members and proposals over D, W or M (spec chart types: area for money,
 * line for counts), from the tracker series query the host names per period. An unavailable series shows a
 * notice, never an error.
 */
export function StatsCharts<K extends QueryKey>({
  title,
  seriesQuery,
}: {
  title: string;
  /** The query of the series over `period` (a tracker series query of `shared/tracker`). */
  seriesQuery(period: StatsPeriod): UseQueryOptions<StatsPoint[], Error, StatsPoint[], K>;
}) {
  const { t } = useTranslation("charts");
  const [period, setPeriod] = useState<StatsPeriod>("W");
  const [metric, setMetric] = useState<Metric>("tvl");
  const series = useQuery(seriesQuery(period));
  const points: ChartPoint[] = (series.data ?? []).map((p) => ({
    time: p.timestamp,
    value: VALUE_OF[metric](p),
  }));
  const formatTime = (s: number) => (period === "D" ? formatTime24(s * 1000) : formatMonthDay(s * 1000));
  return (
    <section className={styles.card} aria-label={title} data-testid="stats-charts">
      <div className={styles.bar}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>
        <fieldset className={styles.options} aria-label={t("timeframe")}>
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className={styles.option}
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
            >
              {t(`periods.${p}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <fieldset className={styles.options} aria-label={t("metric")}>
        {METRICS.map((m) => (
          <button
            key={m}
            type="button"
            className={styles.option}
            aria-pressed={m === metric}
            onClick={() => setMetric(m)}
          >
            {t(`metrics.${m}`)}
          </button>
        ))}
      </fieldset>
      {series.isPending ? (
        <LoadingState />
      ) : series.isError || points.length === 0 ? (
        <EmptyState title={series.isError ? t("unavailable") : t("empty")} />
      ) : (
        <SeriesChart
          points={points}
          kind={IS_MONEY[metric] ? "area" : "line"}
          label={t(`metrics.${metric}`)}
          formatValue={IS_MONEY[metric] ? formatMoney : formatCount}
          formatTime={formatTime}
        />
      )}
    </section>
  );
}
