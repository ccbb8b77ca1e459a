import styles from "./Charts.module.css";

export interface PieSlice {
  label: string;
  value: number;
  /** Shown in the legend beside the label (the slice's formatted value). */
  detail: string;
}

const COLORS = ["#6b7cff", "#2fbf8f", "#f5a524", "#e5484d", "#8e4ec6", "#12a4d9", "#a18072", "#8a93a6"];
const RADIUS = 80;

/** An arc's end on the half circle: `share` of the way from the left end (0) to the right end (1). */
function point(share: number): [number, number] {
  const angle = Math.PI * (1 - share);
  return [RADIUS + RADIUS * Math.cos(angle), RADIUS - RADIUS * Math.sin(angle)];
}

/**
 * A straight-angle pie (spec chart type): the slices share a half circle, largest first, with a
 * legend of labels, values and shares. Plain SVG: no library for a few paths.
 */
export function PieChart({ slices, label }: { slices: PieSlice[]; label: string }) {
  const shown = slices.filter((s) => s.value > 0).sort((a, b) => b.value - a.value);
  const total = shown.reduce((sum, s) => sum + s.value, 0);
  if (total <= 0) return null;
  let start = 0;
  return (
    <figure className={styles.pie} style={{ margin: 0 }} data-testid="pie-chart">
      <svg
        width={RADIUS * 2}
        height={RADIUS + 4}
        viewBox={`0 0 ${RADIUS * 2} ${RADIUS + 4}`}
        role="img"
        aria-label={label}
      >
        {shown.map((slice, index) => {
          const share = slice.value / total;
          const [x1, y1] = point(start);
          const [x2, y2] = point(start + share);
          start += share;
          const d =
            share >= 0.999
              ? `M 0 ${RADIUS} A ${RADIUS} ${RADIUS} 0 0 1 ${RADIUS * 2} ${RADIUS} Z`
              : `M ${RADIUS} ${RADIUS} L ${x1} ${y1} A ${RADIUS} ${RADIUS} 0 0 1 ${x2} ${y2} Z`;
          return <path key={slice.label} d={d} fill={COLORS[index % COLORS.length]} />;
        })}
      </svg>
      <figcaption>
        <ul className={styles.legend}>
          {shown.map((slice, index) => (
            <li key={slice.label}>
              <span className={styles.swatch} style={{ background: COLORS[index % COLORS.length] }} />
              {slice.label} · {slice.detail} · {((slice.value / total) * 100).toFixed(1)}%
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
