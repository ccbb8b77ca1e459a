import { queryOptions } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import type { StatsPeriod } from "../../tracker/trackerApi.ts";
import { PieChart } from "./PieChart.tsx";
import type { SeriesChartProps } from "./SeriesChart.tsx";
import { StatsCharts } from "./StatsCharts.tsx";

// The canvas library does not run in jsdom: the stand-in shows what it was asked to draw.
vi.mock("./UPlotChart.tsx", () => ({
  default: (props: SeriesChartProps) => (
    <output data-testid="drawn">
      {props.kind} {props.label} {props.points.map((p) => props.formatValue(p.value)).join(",")}
    </output>
  ),
}));

const point = (timestamp: number, tvl: string, members: number) => ({
  timestamp,
  tvl_usd: tvl,
  tvg_usd: "0",
  total_members_count: members,
  lau: 1,
  total_proposals_count: 2,
  total_active_proposals_count: 1,
  votes_count: 3,
});

describe("StatsCharts", () => {
  it("draws TVL as an area and counts as a line, over the chosen timeframe", async () => {
    const asked: StatsPeriod[] = [];
    const seriesQuery = (period: StatsPeriod) =>
      queryOptions({
        queryKey: ["test-series", period],
        queryFn: async () => {
          asked.push(period);
          return period === "M" ? [] : [point(1, "1000", 2), point(2, "1500.5", 3)];
        },
      });
    renderWithProviders(<StatsCharts title="DAO over time" seriesQuery={seriesQuery} />);
    expect(await screen.findByTestId("drawn")).toHaveTextContent("area TVL $1,000,$1,500");
    fireEvent.click(screen.getByRole("button", { name: "Members" }));
    expect(screen.getByTestId("drawn")).toHaveTextContent("line Members 2,3");
    fireEvent.click(screen.getByRole("button", { name: "D" }));
    await waitFor(() => expect(asked).toEqual(["W", "D"]));
    fireEvent.click(screen.getByRole("button", { name: "M" }));
    expect(await screen.findByText("No statistics for this period yet.")).toBeInTheDocument();
  });

  it("says the statistics are unavailable instead of failing", async () => {
    const seriesQuery = (period: StatsPeriod) =>
      queryOptions({
        queryKey: ["failing-series", period],
        queryFn: async (): Promise<ReturnType<typeof point>[]> => {
          throw new Error("tracker down");
        },
      });
    renderWithProviders(<StatsCharts title="DAO over time" seriesQuery={seriesQuery} />);
    expect(await screen.findByText(/Statistics are unavailable right now/)).toBeInTheDocument();
  });
});

describe("PieChart", () => {
  it("shares a half circle between the positive slices, largest first, with their shares", () => {
    renderWithProviders(
      <PieChart
        label="Treasury composition"
        slices={[
          { label: "USD", value: 25, detail: "$25.00" },
          { label: "ETH", value: 75, detail: "$75.00" },
          { label: "DUST", value: 0, detail: "<$0.01" },
        ]}
      />,
    );
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual(["ETH · $75.00 · 75.0%", "USD · $25.00 · 25.0%"]);
    expect(screen.getByRole("img", { name: "Treasury composition" }).querySelectorAll("path")).toHaveLength(
      2,
    );
  });
});
