import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../test/renderWithProviders.tsx";
import { preferencesStore } from "../state/preferences.ts";
import { createFields } from "../ui/Field.tsx";

const { TokenField } = createFields("common");
const MINE = "0x00000000000000000000000000000000000000c1";

vi.mock("../chain/readClient.ts", () => ({ useReadClient: () => ({}) }));
vi.mock("../chain/tokenInfo.ts", () => ({
  fetchTokenInfos: async () => new Map([[MINE, { address: MINE, symbol: "MINE", decimals: 6 }]]),
}));

/** The lists the app serves, read from `public/`. */
const served = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, "../../../public/token-lists", `${name}.json`), "utf8"));

function Picker({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <TokenField chainId={56} label="Token" value={value} onChange={setValue} />;
}

const options = () =>
  [...document.querySelectorAll("datalist option")].map((o) => o.getAttribute("label") ?? "");

describe("TokenField (the token picker)", () => {
  beforeEach(() => {
    const routes = fetchRoutes([
      [/default\.json$/, () => jsonResponse(served("default"))],
      [/whitelist\.json$/, () => jsonResponse(served("whitelist"))],
      [/blacklist\.json$/, () => jsonResponse(served("blacklist"))],
    ]);
    vi.stubGlobal("fetch", routes.fn);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("suggests the chain's listed tokens, whitelisted ones first, never a blacklisted one", async () => {
    renderWithProviders(<Picker />);
    await waitFor(() => expect(options().length).toBeGreaterThan(3));
    expect(options()[0]).toMatch(/^(USDC|USDT|WBNB) · /);
    expect(options()).toContain("CAKE · PancakeSwap Token");
    expect(options().some((label) => label.startsWith("WETH"))).toBe(false); // Ethereum's, not BNB Chain's
    expect(options().some((label) => label.startsWith("DEAD"))).toBe(false);
  });

  it("warns about a typed blacklisted token", async () => {
    renderWithProviders(<Picker />);
    await waitFor(() => expect(options().length).toBeGreaterThan(3));
    fireEvent.change(screen.getByLabelText("Token"), {
      target: { value: "0x000000000000000000000000000000000000dEaD" },
    });
    expect(await screen.findByText("This token is blacklisted and cannot be used.")).toBeInTheDocument();
  });

  it("adds a typed unknown token to the user's tokens, offered from then on", async () => {
    renderWithProviders(<Picker initial={MINE} />);
    fireEvent.click(await screen.findByRole("button", { name: "Add to my tokens" }));
    await waitFor(() => expect(options()).toContain("MINE · MINE"));
    expect(preferencesStore.getState().customTokens[56]?.[MINE]).toMatchObject({
      symbol: "MINE",
      decimals: 6,
    });
    expect(screen.queryByRole("button", { name: "Add to my tokens" })).toBeNull();
  });
});
