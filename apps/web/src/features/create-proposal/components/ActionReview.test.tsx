import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { TOKEN } from "../test/poolContextFixture.ts";
import { ReviewList } from "./ActionReview.tsx";

describe("ReviewList", () => {
  it("shows each decoded action with its simulation result or revert reason", () => {
    renderWithProviders(
      <ReviewList
        items={[
          {
            action: { executor: TOKEN, value: 0n, data: "0xa9059cbb" },
            decoded: {
              contractLabel: "ACME token",
              functionName: "transfer",
              args: [
                { name: "to", type: "address", display: "0x000000000000000000000000000000000000dEaD" },
                { name: "value", type: "uint256", display: "1.5 ACME" },
              ],
              value: "0",
              data: "0xa9059cbb",
            },
            simulation: { ok: true, returnData: "0x01" },
          },
          {
            action: { executor: TOKEN, value: 10n ** 18n, data: "0x12345678" },
            decoded: { contractLabel: null, functionName: null, args: [], value: "1", data: "0x12345678" },
            simulation: { ok: false, reason: "GovPoolNotThis(0x1)" },
          },
        ]}
      />,
    );
    const actions = screen.getAllByTestId("reviewed-action");
    expect(actions[0]).toHaveTextContent("Action 1: ACME token");
    expect(actions[0]).toHaveTextContent("1.5 ACME");
    expect(actions[0]).toHaveTextContent("Simulation succeeded.");
    expect(actions[1]).toHaveTextContent("Unknown contract");
    expect(actions[1]).toHaveTextContent("Not decodable");
    expect(actions[1]).toHaveTextContent("Value: 1");
    expect(actions[1]).toHaveTextContent("Data: 0x12345678");
    expect(screen.getByRole("alert")).toHaveTextContent("Simulation reverted: GovPoolNotThis(0x1)");
  });
});
