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
  type Summary = NonNullable<typeof s>;
  /** A figure: its id, label, value (as `format` writes it) and weekly change. */
  const figure = <K extends keyof Summary>(
    id: string,
    label: string,
    key: K,
    format: (value: Summary[K]) => string,
    delta: keyof Summary,
  ) => ({
    id,
    label,
    value: s ? format(s[key]) : dash,
    delta: s?.[delta] as number | undefined,
  });
  const figures = [
    figure("daos", t("summary.daos"), "pools_count", formatTokenAmount, "pools_count_change_percent"),
    figure("tvl", t("columns.tvl"), "tvl_usd", formatUsd, "tvl_usd_change_percent"),
    figure("tvg", t("columns.tvg"), "tvg_usd", formatUsd, "tvg_usd_change_percent"),
    figure(
      "members",
      t("columns.members"),
      "total_members_count",
      formatTokenAmount,
      "members_change_percent",
    ),
    figure("lau", t("columns.lau"), "lau", formatTokenAmount, "lau_change_percent"),
    figure(
      "proposals",
      t("columns.proposals"),
      "total_proposals_count",
      formatTokenAmount,
      "proposals_change_percent",
    ),
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
