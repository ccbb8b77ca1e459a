import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authStore } from "../../shared/auth/authStore.ts";
import {
  connectTestAccount,
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../test/renderWithProviders.tsx";

import EditProfileRoute from "./EditProfileRoute.tsx";

const ME = TEST_ACCOUNT.toLowerCase();
let saved: unknown[];

function profileAnswer(attributes: Record<string, unknown>) {
  return jsonResponse({
    data: {
      id: ME,
      type: "profiles",
      attributes: {
        address: ME,
        name: "",
        avatar_url: "",
        bio: "",
        social_links: [],
        updated_at: null,
        ...attributes,
      },
    },
  });
}

async function renderSignedIn(withSession = true) {
  const view = renderWithProviders(<EditProfileRoute />, { path: "/profile/edit" });
  await connectTestAccount(view, { chainId: 97, withSession });
  return view;
}

beforeEach(() => {
  saved = [];
  const routes = fetchRoutes([
    [
      /\/integrations\/profile\/0x/,
      async (_url, init) => {
        if (init?.method === "PUT") {
          const body = JSON.parse(String(init.body));
          saved.push(body);
          return profileAnswer({ ...body.data.attributes, updated_at: "2026-11-26T09:00:00.000Z" });
        }
        return profileAnswer({ name: "Old name" });
      },
    ],
  ]);
  vi.stubGlobal("fetch", routes.fn);
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => authStore.dispatch({ type: "loggedOut", address: TEST_ACCOUNT }));
});

describe("EditProfileRoute", () => {
  it("asks to connect a wallet first", () => {
    renderWithProviders(<EditProfileRoute />, { path: "/profile/edit" });
    expect(screen.getByText("Connect your wallet to edit your profile.")).toBeInTheDocument();
  });

  it("asks a connected account to sign in", async () => {
    await renderSignedIn(false);
    expect(await screen.findByText("Sign in to edit your profile.")).toBeInTheDocument();
  });

  it("saves the owner's profile through the api", async () => {
    await renderSignedIn();
    const name = await screen.findByLabelText("Name");
    expect(name).toHaveValue("Old name");
    fireEvent.change(name, { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "Votes early." } });
    fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    fireEvent.change(screen.getByLabelText("Link 1"), { target: { value: "https://github.com/ada" } });
    fireEvent.change(screen.getByLabelText("Kind of link 1"), { target: { value: "github" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      data: {
        type: "profiles",
        attributes: {
          name: "Ada",
          avatar_url: "",
          bio: "Votes early.",
          social_links: [{ kind: "github", url: "https://github.com/ada" }],
        },
      },
    });
  });

  it("shows core's messages and sends nothing while a field is invalid", async () => {
    await renderSignedIn();
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    fireEvent.change(screen.getByLabelText("Link 1"), { target: { value: "not a link" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
