import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import styles from "./Charts.module.css";
import type { SeriesChartProps } from "./SeriesChart.tsx";

const HEIGHT = 220;

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The uPlot canvas behind `SeriesChart`: one series over time, as an area or a line, as wide as its box. */
export default function UPlotChart({ points, kind, label, formatValue, formatTime }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const accent = cssVar("--accent", "#6b7cff");
    const muted = cssVar("--text-muted", "#8a93a6");
    const grid = cssVar("--border", "#2a3040");
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(200, root.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false },
        scales: { x: { time: true } },
        axes: [
          { ...axis, values: (_u, ticks) => ticks.map((t) => formatTime(t)) },
          { ...axis, size: 64, values: (_u, ticks) => ticks.map((v) => formatValue(v)) },
        ],
        series: [
          {},
          {
            label,
            stroke: accent,
            width: 2,
            ...(kind === "area" ? { fill: `${accent}33` } : {}),
            points: { show: points.length < 3 },
          },
        ],
      },
      [points.map((p) => p.time), points.map((p) => p.value)],
      root,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, root.clientWidth), height: HEIGHT }),
    );
    resize.observe(root);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, kind, label, formatValue, formatTime]);
  return <div ref={box} className={styles.chart} />;
}
