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
import { CommentsSection } from "./CommentsSection.tsx";
import { validateComment } from "./commentForm.ts";

const DAO = "0x1000000000000000000000000000000000000001" as const;
const PAGE = `dao/${DAO}/proposals/3`;
const E = (n: number) => BigInt(n) * 10n ** 18n;
const OPEN = {
  power: E(5),
  isMember: true,
  minVotesForReadProposalDiscussion: 0n,
  minVotesForCreatingComment: E(1),
};

function comment(id: string, content: string, isAuthor: boolean, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: "comments",
    attributes: {
      chain_id: 97,
      page_id: PAGE,
      pool_address: DAO.toLowerCase(),
      author: isAuthor ? TEST_ACCOUNT.toLowerCase() : "0x2000000000000000000000000000000000000002",
      parent_id: null,
      content,
      created_at: "2026-11-20T10:00:00.000Z",
      updated_at: "2026-11-20T10:00:00.000Z",
      likes: 1,
      dislikes: 0,
      replies_count: 0,
      user_reaction: "none",
      is_author: isAuthor,
      is_deleted: false,
      ...extra,
    },
  };
}

async function renderConnected(access = OPEN, withSession = true) {
  const view = renderWithProviders(<CommentsSection chainId={97} dao={DAO} pageId={PAGE} access={access} />);
  await connectTestAccount(view, { chainId: 97, withSession });
  return view;
}

let store: ReturnType<typeof comment>[];

beforeEach(() => {
  store = [comment("2", "Second thoughts", true), comment("1", "First!", false)];
  serveApi([
    [
      /\/comments\/list\/97\/dao\//,
      (url) => {
        expect(url.pathname).toContain(`/comments/list/97/${PAGE}`);
        expect(url.searchParams.get("filter[pool_address]")).toBe(DAO);
        return jsonResponse(
          listAnswer(
            "comments",
            store.map((c) => c.attributes),
            {},
            (_a, i) => store[i]!.id,
          ),
        );
      },
    ],
    [
      /\/comments-svc\/comments$/,
      (_url, init) => {
        const body = JSON.parse(String(init?.body));
        const created = comment(String(store.length + 10), body.data.attributes.content, true);
        store = [created, ...store];
        return jsonResponse({ data: created }, 201);
      },
    ],
    [
      /\/comments-svc\/comments\/\d+$/,
      (url, init) => {
        const id = url.pathname.split("/").pop();
        if (init?.method === "DELETE") {
          store = store.filter((c) => c.id !== id);
          return new Response(null, { status: 204 });
        }
        const body = JSON.parse(String(init?.body));
        store = store.map((c) =>
          c.id === id
            ? comment(c.id, body.data.attributes.content, true, { updated_at: "2026-11-21T10:00:00.000Z" })
            : c,
        );
        return jsonResponse({ data: store.find((c) => c.id === id) });
      },
    ],
    [
      /\/comments-svc\/reactions/,
      (_url, init) => {
        const body = JSON.parse(String(init?.body));
        store = store.map((c) =>
          c.id === body.data.attributes.comment_id
            ? comment(c.id, c.attributes.content, c.attributes.is_author, { likes: 2, user_reaction: "like" })
            : c,
        );
        const reacted = store.find((c) => c.id === body.data.attributes.comment_id)!;
        return jsonResponse(
          resourceAnswer("reactions", `${reacted.id}:${TEST_ACCOUNT.toLowerCase()}`, {
            type: body.data.attributes.type,
            comment_id: reacted.id,
            user_address: TEST_ACCOUNT.toLowerCase(),
            likes: reacted.attributes.likes,
            dislikes: reacted.attributes.dislikes,
          }),
          201,
        );
      },
    ],
  ]);
});

describe("validateComment", () => {
  it("refuses blank comments with the spec's message key", () => {
    expect(validateComment("   ")?.key).toBe("validation.commentEmpty");
    expect(validateComment("x".repeat(5001))?.key).toBeDefined();
    expect(validateComment("Looks good")).toBeNull();
  });
});

describe("CommentsSection", () => {
  it("asks a visitor to connect and a connected user to sign in", async () => {
    const view = renderWithProviders(<CommentsSection chainId={97} dao={DAO} pageId={PAGE} access={OPEN} />);
    expect(screen.getByText("Connect a wallet to join the discussion.")).toBeInTheDocument();
    view.unmount();
    await renderConnected(OPEN, false);
    expect(
      await screen.findByText(
        "Sign in to read and write comments: your wallet signs a message, no transaction.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("tells non-members and members with too little power apart", async () => {
    const view = await renderConnected({
      ...OPEN,
      power: 0n,
      isMember: false,
      minVotesForReadProposalDiscussion: E(1),
    });
    expect(await screen.findByTestId("comments-denied")).toHaveTextContent(
      "Only DAO members can take part in this discussion",
    );
    view.unmount();
    await renderConnected({ ...OPEN, power: E(1) / 2n, minVotesForCreatingComment: E(1) });
    expect(await screen.findByTestId("comments-write-denied")).toHaveTextContent(
      "You do not have enough voting power to comment",
    );
    expect(await screen.findByText("First!")).toBeInTheDocument();
  });

  it("lists, writes, likes, edits and deletes comments, with the 'You' badge on one's own", async () => {
    await renderConnected();
    expect(await screen.findByText("Second thoughts")).toBeInTheDocument();
    expect(screen.getAllByTestId("comment-you")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Comment cannot be empty");
    fireEvent.change(screen.getByLabelText("Write a comment"), { target: { value: "A new idea" } });
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(3));
    const item = screen.getAllByTestId("comment")[0] as HTMLElement;
    expect(within(item).getByTestId("comment-content")).toHaveTextContent("A new idea");
    expect(within(item).getByTestId("comment-you")).toHaveTextContent("You");

    const other = screen.getByText("First!").closest("li") as HTMLElement;
    fireEvent.click(within(other).getByRole("button", { name: "Like (1)" }));
    await waitFor(() =>
      expect(within(other).getByRole("button", { name: "Like (2)" })).toHaveAttribute("aria-pressed", "true"),
    );
    expect(within(other).queryByRole("button", { name: "Edit" })).toBeNull();

    fireEvent.click(within(item).getByRole("button", { name: "Edit" }));
    fireEvent.change(within(item).getByLabelText("Edit your comment"), {
      target: { value: "A better idea" },
    });
    fireEvent.click(within(item).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(item).getByTestId("comment-content")).toHaveTextContent("A better idea"),
    );
    expect(within(item).getByText("edited")).toBeInTheDocument();

    const edited = item;
    fireEvent.click(within(edited).getByRole("button", { name: "Delete" }));
    fireEvent.click(within(edited).getByRole("button", { name: "Delete for good" }));
    await waitFor(() => expect(screen.getAllByTestId("comment")).toHaveLength(2));
    expect(screen.queryByText("A better idea")).toBeNull();
  });

  it("L6 a deleted comment that others answered shows a 'deleted' placeholder and keeps their replies", async () => {
    const placeholder = comment("5", "", false, {
      author: null,
      is_deleted: true,
      likes: 0,
      replies_count: 1,
    });
    const reply = comment("6", "Still worth reading", false, { parent_id: "5" });
    serveApi([
      [
        /\/comments\/list\/97\/dao\//,
        (url) => {
          const data = url.searchParams.get("filter[parent_id]") === "5" ? [reply] : [placeholder];
          return jsonResponse(
            listAnswer(
              "comments",
              data.map((c) => c.attributes),
              {},
              (_a, i) => data[i]!.id,
            ),
          );
        },
      ],
    ]);
    await renderConnected();
    const item = (await screen.findByText("This comment was deleted")).closest("li") as HTMLElement;
    expect(within(item).queryByRole("button", { name: /Like|Dislike|Edit|Delete|^Reply$/ })).toBeNull();
    fireEvent.click(within(item).getByRole("button", { name: "Show 1 reply" }));
    expect(await within(item).findByText("Still worth reading")).toBeInTheDocument();
  });
});
