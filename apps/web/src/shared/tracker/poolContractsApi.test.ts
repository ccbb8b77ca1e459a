import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DAO, KEEPER, SETTINGS, TOKEN, VALIDATORS } from "../../test/chainAddresses.ts";
import { fetchRoutes, jsonResponse } from "../../test/renderWithProviders.tsx";
import { indexedPoolContracts } from "./poolContractsApi.ts";

const PATH = `/integrations/tracker/31337/pools/gov/${DAO.toLowerCase()}/contracts`;
const ZERO = "0x0000000000000000000000000000000000000000";

const contracts = {
  pool_address: DAO.toLowerCase(),
  settings: SETTINGS,
  user_keeper: KEEPER,
  validators: VALIDATORS,
  vote_power: ZERO,
  gov_token: TOKEN,
  nft: ZERO,
  validator_token: null,
  expert_nft: null,
  nft_multiplier: null,
  description_url: "ipfs://meta",
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("indexedPoolContracts", () => {
  it("answers the api's record of the DAO's contracts, asked once a minute", async () => {
    const api = fetchRoutes([
      [
        /\/contracts$/,
        () => jsonResponse({ data: { type: "gov-pool-contracts", id: DAO, attributes: contracts } }),
      ],
    ]);
    vi.stubGlobal("fetch", api.fn);
    const queryClient = new QueryClient();
    expect(await indexedPoolContracts(queryClient, 31337, DAO)).toMatchObject({
      user_keeper: KEEPER,
      gov_token: TOKEN,
      validator_token: null,
    });
    await indexedPoolContracts(queryClient, 31337, DAO);
    expect(api.calls.map((call) => call.url.pathname)).toEqual([PATH]);
  });

  it("answers nothing for a DAO the indexer does not know, and does not ask again meanwhile", async () => {
    const api = fetchRoutes([]);
    vi.stubGlobal("fetch", api.fn);
    const queryClient = new QueryClient();
    expect(await indexedPoolContracts(queryClient, 31337, DAO)).toBeUndefined();
    expect(await indexedPoolContracts(queryClient, 31337, DAO)).toBeUndefined();
    expect(api.calls).toHaveLength(1);
  });

  it("answers nothing when the api fails or is late, so the chain reads go on without it", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([[/\/contracts$/, () => jsonResponse({ errors: [{ title: "Unavailable" }] }, 503)]]).fn,
    );
    expect(await indexedPoolContracts(new QueryClient(), 31337, DAO)).toBeUndefined();

    vi.useFakeTimers();
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    const late = indexedPoolContracts(new QueryClient(), 31337, DAO, 2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await late).toBeUndefined();
  });
});
