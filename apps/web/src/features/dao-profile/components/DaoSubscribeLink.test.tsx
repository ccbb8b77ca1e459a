import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authStore } from "../../../shared/auth/authStore.ts";
import { listAnswer } from "../../../test/apiDocuments.ts";
import {
  connectTestAccount,
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../../test/renderWithProviders.tsx";
import { daoProfileFixture, FIXTURE_DAO } from "../test/daoProfileFixture.ts";
import { DaoHeader } from "./DaoHeader.tsx";

const OTHER_DAO = "0x2000000000000000000000000000000000000002";
let subscribedTo: string[];
let routes: ReturnType<typeof fetchRoutes>;

beforeEach(() => {
  subscribedTo = [];
  routes = fetchRoutes([
    [
      /\/notifications-consumer\/subscriptions$/,
      () =>
        jsonResponse(
          listAnswer(
            "subscriptions",
            subscribedTo.map((destination) => ({
              account: TEST_ACCOUNT.toLowerCase(),
              destination,
              group_names: ["dao-proposal"],
              created_at: "2026-11-20T10:00:00.000Z",
            })),
          ),
        ),
    ],
  ]);
  vi.stubGlobal("fetch", routes.fn);
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.dispatch({ type: "loggedOut" });
});

const renderHeader = () => renderWithProviders(<DaoHeader profile={daoProfileFixture()} />);
const subscriptionReads = () => routes.calls.filter((c) => c.url.pathname.endsWith("/subscriptions")).length;

describe("the DAO page's subscribe entry", () => {
  it("offers a signed-in account to subscribe to the DAO, opening the new subscription on it", async () => {
    subscribedTo = [OTHER_DAO];
    const view = renderHeader();
    await connectTestAccount(view, { chainId: 97 });
    const link = await screen.findByRole("link", { name: "Subscribe" });
    expect(link).toHaveAttribute("href", `/notifications?subscribe=${FIXTURE_DAO}`);
  });

  it("shows a subscribed account that it is, and leads it to its subscriptions", async () => {
    subscribedTo = [OTHER_DAO, FIXTURE_DAO];
    const view = renderHeader();
    await connectTestAccount(view, { chainId: 97 });
    const link = await screen.findByRole("link", { name: "Subscribed" });
    expect(link).toHaveAttribute("href", "/notifications?subscriptions");
    expect(screen.queryByRole("link", { name: "Subscribe" })).toBeNull();
  });

  it("is not there, and asks nothing, without a wallet or without signing in", async () => {
    const view = renderHeader();
    expect(screen.getByTestId("dao-name")).toHaveTextContent("Acme DAO");
    await connectTestAccount(view, { chainId: 97, withSession: false });
    // Give the lazy entry time to load: it stays empty and reads no subscriptions.
    await waitFor(() => expect(screen.getByTestId("dao-name")).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId("dao-subscribe")).toBeNull();
    expect(subscriptionReads()).toBe(0);
  });
});
