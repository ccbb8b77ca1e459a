import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { listAnswer, resourceAnswer } from "../../test/apiDocuments.ts";
import {
  connectTestAccount,
  jsonResponse,
  renderWithProviders,
  serveApi,
  TEST_ACCOUNT,
} from "../../test/renderWithProviders.tsx";
import NotificationsBell from "./NotificationsBell.tsx";
import NotificationsRoute from "./NotificationsRoute.tsx";

const DAO = "0x1000000000000000000000000000000000000001";
const ACCOUNT = TEST_ACCOUNT.toLowerCase();

function notification(id: string, topic: string, isRead: boolean, params: Record<string, string> = {}) {
  return {
    id,
    account: ACCOUNT,
    topic,
    group_name: topic === "REWARDS_CLAIMED" ? "rewards" : "dao-proposal",
    is_read: isRead,
    chain_id: 31337,
    destination: DAO,
    actor: "0x2000000000000000000000000000000000000002",
    params: { pool: DAO, pool_name: "Acme DAO", proposal_id: "3", ...params },
    occurred_at: "2026-11-20T10:00:00.000Z",
    created_at: "2026-11-20T10:00:01.000Z",
  };
}

let store: ReturnType<typeof notification>[];
let routes: ReturnType<typeof serveApi>;

const signIn = (view: ReturnType<typeof renderWithProviders>) => connectTestAccount(view, { chainId: 31337 });

beforeEach(() => {
  store = [
    notification("2", "PROPOSAL_VOTED", false, {
      side: "for",
      actor: "0x2000000000000000000000000000000000000002",
    }),
    notification("1", "REWARDS_CLAIMED", true, { amount: "5 ACME" }),
  ];
  routes = serveApi([
    [
      /\/notifications-core\/storage$/,
      (url) => {
        const topics = url.searchParams.get("filter[topic]")?.split(",");
        const items = store.filter((n) => !topics || topics.includes(n.topic));
        return jsonResponse(
          listAnswer(
            "notifications",
            items.map(({ id: _id, ...a }) => a),
            { page_limit: 25, unread_count: store.filter((n) => !n.is_read).length },
            (_a, i) => items[i]!.id,
          ),
        );
      },
    ],
    [
      /\/storage\/count$/,
      () => {
        const unread = store.filter((n) => !n.is_read).length;
        return jsonResponse(
          resourceAnswer("notifications-count", ACCOUNT, { count: unread, unread_count: unread }),
        );
      },
    ],
    [
      /\/storage\/mark$/,
      (_url, init) => {
        const { attributes } = JSON.parse(String(init?.body)).data;
        store = store.map((n) =>
          attributes.all || attributes.messages.includes(n.id) ? { ...n, is_read: true } : n,
        );
        return jsonResponse(resourceAnswer("notifications-mark", ACCOUNT, { marked: 1, unread_count: 0 }));
      },
    ],
  ]);
});

describe("notifications", () => {
  it("asks to connect a wallet first", () => {
    renderWithProviders(<NotificationsRoute />, { path: "/notifications", routePath: "/notifications/*" });
    expect(screen.getByText("Connect a wallet to see your notifications")).toBeInTheDocument();
  });

  it("lists the account's notifications with their texts, and marks one read", async () => {
    const view = renderWithProviders(<NotificationsRoute />, {
      path: "/notifications",
      routePath: "/notifications/*",
    });
    await signIn(view);
    const items = await screen.findAllByTestId("notification");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      "0x2000000000000000000000000000000000000002 voted for proposal #3 in Acme DAO",
    );
    expect(within(items[0]!).getByRole("link")).toHaveAttribute("href", `/dao/${DAO}/proposals/3`);
    expect(items[1]).toHaveTextContent("You claimed rewards of proposal #3 in Acme DAO");
    fireEvent.click(within(items[0]!).getByRole("button", { name: /Mark read/ }));
    await waitFor(() =>
      expect(screen.getAllByTestId("notification")[0]).toHaveAttribute("data-read", "true"),
    );
    const mark = routes.calls.find((c) => c.url.pathname.endsWith("/storage/mark"));
    expect(JSON.parse(String(mark?.init?.body))).toEqual({
      data: { type: "notifications-mark", attributes: { messages: ["2"] } },
    });
  });

  it("links each off-chain proposal saved results cover, and an off-chain proposal that lost its quorum", async () => {
    store = [
      notification("4", "OFFCHAIN_RESULTS_SAVED", false, {
        proposal_id: "",
        offchain_proposals: JSON.stringify([
          { id: "7", title: "Fund the meetup" },
          { id: "9", title: "Pick a logo" },
        ]),
      }),
      notification("3", "OFFCHAIN_PROPOSAL_QUORUM_LOST", false, {
        proposal_id: "",
        offchain_proposal_id: "7",
        title: "Fund the meetup",
      }),
    ];
    const view = renderWithProviders(<NotificationsRoute />, {
      path: "/notifications",
      routePath: "/notifications/*",
    });
    await signIn(view);
    const [saved, lost] = await screen.findAllByTestId("notification");
    const offchain = (id: string) => `/dao/${DAO}/create-offchain/proposal/${id}`;
    expect(
      within(saved!)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Off-chain results of Acme DAO were saved on chain", `/dao/${DAO}`],
      ["“Fund the meetup” (#7)", offchain("7")],
      ["“Pick a logo” (#9)", offchain("9")],
    ]);
    expect(within(lost!).getByRole("link", { name: /fell below its quorum/ })).toHaveTextContent(
      "Off-chain proposal “Fund the meetup” in Acme DAO fell below its quorum",
    );
    expect(within(lost!).getByRole("link", { name: /fell below its quorum/ })).toHaveAttribute(
      "href",
      offchain("7"),
    );
  });

  it("narrows the list to a tab's topics", async () => {
    const view = renderWithProviders(<NotificationsRoute />, {
      path: "/notifications",
      routePath: "/notifications/*",
    });
    await signIn(view);
    await screen.findAllByTestId("notification");
    fireEvent.click(screen.getByRole("button", { name: "Fund management" }));
    await waitFor(() => expect(screen.getAllByTestId("notification")).toHaveLength(1));
    expect(screen.getByTestId("notification")).toHaveTextContent("You claimed rewards");
    const last = routes.calls.filter((c) => c.url.pathname.endsWith("/storage")).at(-1);
    expect(last?.url.searchParams.get("filter[topic]")).toContain("REWARDS_CLAIMED");
    expect(last?.url.searchParams.get("page[limit]")).toBe("25");
  });

  it("shows the unread count in the header badge", async () => {
    const view = renderWithProviders(<NotificationsBell />);
    await signIn(view);
    expect(await screen.findByTestId("notifications-unread")).toHaveTextContent("1");
    expect(screen.getByTestId("notifications-bell")).toHaveAttribute("href", "/notifications");
  });
});
