import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resourceAnswer } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach, testReadClient } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { utcInput } from "../lib/tokenSaleTier.ts";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";

vi.mock("../../../shared/chain/readClient.ts", () => import("../../../test/fakeReadClient.ts"));

const { TokenSaleForm } = await import("./TokenSaleForm.tsx");

const SALE_CONTRACT = "0x7000000000000000000000000000000000000007";
const DAY_MS = 86_400_000;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const review = () => fireEvent.click(screen.getByRole("button", { name: "Review" }));

beforeEach(() => {
  testReadClient.current = clientAnsweringEach((call) => {
    throw new Error(`unexpected read ${call.functionName}`);
  }).client;
  const routes = fetchRoutes([
    [
      /\/sale-executors$/,
      () =>
        jsonResponse(
          resourceAnswer(
            "sale-executors",
            POOL,
            { chain_id: 31337, pool_address: POOL, token_sale: SALE_CONTRACT, distribution: SALE_CONTRACT },
            { meta: { indexed_block: 1, indexed_at: 1, state_time: 1 } },
          ),
        ),
    ],
  ]);
  vi.stubGlobal("fetch", routes.fn);
});
afterEach(() => vi.unstubAllGlobals());

describe("TokenSaleForm", () => {
  it("has every field of a tier, in UTC, with the native coin as the first payment token", () => {
    renderWithProviders(<TokenSaleForm ctx={poolContextFixture()} chainId={31337} />);
    for (const label of [
      "Tier name",
      "Token to sell (from the treasury)",
      "Total amount for sale",
      "Receiver of the payments",
      "Payment token 1",
      "Tokens for sale per 1 of payment token 1",
      "Min allocation",
      "Max allocation",
      "Start (UTC)",
      "End (UTC)",
      "Claim lock after the sale's end",
      "Vesting percentage",
      "Vesting duration",
      "Cliff",
      "Unlock step",
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText("Payment token 1")).toHaveValue(
      "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
    );
    expect(screen.getByText("Times are in UTC (timezone UTC+0).")).toBeInTheDocument();
    for (const kind of ["Whitelist", "Merkle whitelist", "BABT holders (Binance Account Bound Token)"])
      expect(screen.getByLabelText(kind)).toBeInTheDocument();
  });

  it("shows the spec's messages: allocations, dates, pairs and their prices", async () => {
    renderWithProviders(<TokenSaleForm ctx={poolContextFixture()} chainId={31337} />);
    type("Proposal name", "Seed sale");
    type("Tier name", "Seed");
    type("Total amount for sale", "100");
    type("Min allocation", "0");
    type("Max allocation", "200");
    type("Tokens for sale per 1 of payment token 1", "0");
    type("Start (UTC)", utcInput(Date.now() - 2 * DAY_MS));
    type("End (UTC)", utcInput(Date.now() - 3 * DAY_MS));
    review();
    expect(await screen.findByText("Min allocation must be greater than 0")).toBeInTheDocument();
    expect(screen.getByText("Max allocation must be less than the total token amount")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid pair price")).toBeInTheDocument();
    expect(screen.getByText("Start date must be today or later")).toBeInTheDocument();
    expect(screen.getByText("End date must be after the start date")).toBeInTheDocument();

    type("Min allocation", "20");
    type("Max allocation", "10");
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    review();
    expect(
      await screen.findByText("Max allocation must be greater than the min allocation"),
    ).toBeInTheDocument();
    expect(screen.getByText("Add at least one token pair")).toBeInTheDocument();
  });

  it("checks the vesting terms and the requirements it was given", async () => {
    renderWithProviders(<TokenSaleForm ctx={poolContextFixture()} chainId={31337} />);
    type("Vesting percentage", "25");
    fireEvent.click(screen.getByLabelText("Merkle whitelist"));
    fireEvent.click(screen.getByLabelText("Token lock: buyers lock tokens in the tier"));
    type("Token to lock", "0x12");
    review();
    expect(await screen.findByText("Vesting needs a duration above zero")).toBeInTheDocument();
    expect(screen.getByText("Add at least one address to the Merkle whitelist")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid address")).toBeInTheDocument();
  });

  it("builds the review of a valid tier: approve the sale, then create the tier", async () => {
    renderWithProviders(<TokenSaleForm ctx={poolContextFixture()} chainId={31337} />);
    type("Proposal name", "Seed sale");
    type("Tier name", "Seed");
    type("Total amount for sale", "500");
    type("Min allocation", "1");
    type("Max allocation", "100");
    type("Tokens for sale per 1 of payment token 1", "1000");
    type("Vote with (ACME)", "0");
    review();
    expect(await screen.findByText("What will run")).toBeInTheDocument();
  });
});
