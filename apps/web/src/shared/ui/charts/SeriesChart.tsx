import { lazy, Suspense } from "react";
import styles from "./Charts.module.css";

/** One point of a chart: unix seconds and a value. */
export interface ChartPoint {
  time: number;
  value: number;
}

export interface SeriesChartProps {
  points: ChartPoint[];
  /** Spec chart types: area (money) and line (counts). */
  kind: "area" | "line";
  label: string;
  formatValue(value: number): string;
  formatTime(unixSeconds: number): string;
}

// The chart library (uPlot) loads with the first chart a page draws, never with the page itself.
const UPlotChart = lazy(() => import("./UPlotChart.tsx"));

/**
 * A series over time, drawn on a canvas; described for screen readers by its label and its latest
 * value, since a canvas has no text of its own.
 */
export function SeriesChart(props: SeriesChartProps) {
  const last = props.points.at(-1);
  return (
    <figure style={{ margin: 0, minWidth: 0 }} data-testid="series-chart">
      <figcaption className="visually-hidden">
        {props.label}
        {last ? `: ${props.formatValue(last.value)}` : ""}
      </figcaption>
      <Suspense fallback={<div className={styles.placeholder} />}>
        <UPlotChart {...props} />
      </Suspense>
    </figure>
  );
}
