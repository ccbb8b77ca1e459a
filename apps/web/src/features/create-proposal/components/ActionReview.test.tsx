import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { knownContracts } from "../../../shared/actions/daoContracts.ts";
import { daoContractsFixture } from "../../../test/daoContractsFixture.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { POOL, TOKEN } from "../test/poolContextFixture.ts";
import { ReviewList } from "./ActionReview.tsx";

const RECIPIENT = "0x000000000000000000000000000000000000dEaD";
const known = knownContracts(daoContractsFixture(POOL, { address: TOKEN, symbol: "ACME", decimals: 6 }));
const token = known.find((c) => c.role === "token") ?? null;
const ACME = { address: TOKEN, symbol: "ACME", decimals: 6 };

describe("ReviewList", () => {
  it("shows each action decoded for a person, its simulation alone, and the balance changes of executing them all", async () => {
    renderWithProviders(
      <ReviewList
        pool={POOL}
        context={{ chainId: 97, daoName: "Acme", native: { symbol: "tBNB", decimals: 18 } }}
        review={{
          known,
          items: [
            {
              action: { executor: TOKEN, value: 0n, data: "0xa9059cbb" },
              decoded: {
                target: token,
                functionName: "transfer",
                args: [
                  { name: "to", type: "address", kind: "address", address: RECIPIENT },
                  { name: "value", type: "uint256", kind: "amount", display: "1.5 ACME", exact: "1.5 ACME" },
                ],
                value: "0",
                data: "0xa9059cbb",
              },
              simulation: { ok: true, returnData: "0x01" },
            },
            {
              action: { executor: RECIPIENT, value: 10n ** 18n, data: "0x12345678" },
              decoded: { target: null, functionName: null, args: [], value: "1", data: "0x12345678" },
              simulation: { ok: false, reason: "GovPoolNotThis(0x1)" },
            },
          ],
          execution: {
            status: "ok",
            changes: [
              { holder: POOL, asset: ACME, before: 1_000_000_000n, after: 998_500_000n },
              { holder: RECIPIENT, asset: ACME, before: 0n, after: 1_500_000n },
            ],
          },
        }}
      />,
    );
    const actions = await screen.findAllByTestId("decoded-action");
    expect(actions[0]).toHaveTextContent("Action 1: ACME token");
    expect(actions[0]).toHaveTextContent("Function: transfer");
    expect(actions[0]).toHaveTextContent("1.5 ACME");
    expect(actions[0]).toHaveTextContent("Goes through when the DAO makes this call now.");
    expect(actions[0]).not.toHaveTextContent("0x01");
    expect(
      within(actions[0] as HTMLElement).getByRole("button", { name: `Copy the address ${RECIPIENT}` }),
    ).toBeVisible();
    expect(actions[1]).toHaveTextContent("Action 2: Contract");
    expect(actions[1]).toHaveTextContent("Not decodable");
    expect(actions[1]).toHaveTextContent("Sends 1 tBNB");
    expect(actions[1]).toHaveTextContent("Call data0x12345678");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Reverts when the DAO makes this call now: GovPoolNotThis(0x1)",
    );
    expect(screen.getByTestId("treasury-outflow")).toHaveTextContent(
      "If executed, the treasury sends 1.5 ACME to 0x0000…dEaD.",
    );
    const rows = screen.getAllByTestId("balance-change");
    expect(rows[0]).toHaveTextContent("Acme treasury (this DAO)");
    expect(rows[0]).toHaveTextContent("1,000 ACME998.5 ACME−1.5 ACME");
    expect(rows[1]).toHaveTextContent("0 ACME1.5 ACME+1.5 ACME");
  });
});
