import { deployments } from "@polity/core/generated/deployments";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  connectTestAccount,
  jsonResponse,
  renderWithProviders,
  serveApi,
  TEST_ACCOUNT,
} from "../../test/renderWithProviders.tsx";
import { testChain } from "../../test/selectedChain.ts";
import { txHooks } from "../../test/txHooks.ts";
import EditProfileRoute from "./EditProfileRoute.tsx";

const REGISTRY = deployments[31337]?.UserRegistry;
const registry = vi.hoisted(() => ({ link: "" }));
vi.mock("../../shared/wallet/selectedChain.ts", async (importOriginal) =>
  (await import("../../test/selectedChain.ts")).selectedChainModule(importOriginal),
);
vi.mock("wagmi/actions", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi/actions")>()),
  readContract: async (_config: unknown, call: { functionName: string }) => {
    if (call.functionName !== "userInfo") throw new Error(`unexpected read ${call.functionName}`);
    return {
      profileURL: registry.link,
      agreedDocumentHash: `0x${"0".repeat(64)}`,
      signatureHash: `0x${"0".repeat(64)}`,
    };
  },
}));
vi.mock("../../shared/tx/useContractWriter.ts", () => import("../../test/txHooks.ts"));
vi.mock("../../shared/tx/useSubmitTransaction.ts", () => import("../../test/txHooks.ts"));

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

let uploaded: unknown[];

beforeEach(() => {
  saved = [];
  uploaded = [];
  registry.link = "";
  testChain.chainId = undefined;
  // The registry keeps the link written: the chain answers it from then on.
  txHooks.writeContractAsync.mockReset().mockImplementation(async ({ args }: { args: [string] }) => {
    registry.link = args[0];
    return `0x${"ab".repeat(32)}`;
  });
  txHooks.submit.mockReset().mockImplementation(async ({ send }: { send(): Promise<string> }) => {
    await send();
    return { status: "success" };
  });
  serveApi([
    [
      /\/ipfs-cache-svc\/upload\/json$/,
      async (_url, init) => {
        uploaded.push(JSON.parse(String(init?.body)).data.attributes.document);
        return jsonResponse({
          data: {
            id: "bafyprofile",
            type: "ipfs-documents",
            attributes: { cid: "bafyprofile", url: "ipfs://bafyprofile" },
          },
        });
      },
    ],
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

  it("after saving, publishes the profile on IPFS and writes its link in the UserRegistry in one transaction, showing the steps", async () => {
    testChain.chainId = 31337;
    await renderSignedIn();
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Ada" } });
    expect(screen.getByRole("list", { name: "What saving does" })).toHaveTextContent(
      /Save your profile.*Publish it on IPFS.*Write its link in the UserRegistry/,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(txHooks.submit).toHaveBeenCalledTimes(1));
    expect(uploaded).toEqual([
      {
        schema: "polity.profile/1",
        address: ME,
        name: "Ada",
        avatar_url: "",
        bio: "",
        social_links: [],
        updated_at: null,
      },
    ]);
    expect(txHooks.submit.mock.calls[0]?.[0]).toMatchObject({ chainId: 31337, from: TEST_ACCOUNT });
    expect(txHooks.writeContractAsync).toHaveBeenCalledWith({
      account: TEST_ACCOUNT,
      address: REGISTRY,
      abi: expect.any(Array),
      chainId: 31337,
      functionName: "changeProfile",
      args: ["ipfs://bafyprofile"],
    });
    expect(await screen.findByTestId("edit-chain-link")).toHaveTextContent("ipfs://bafyprofile");
    expect(screen.getByRole("list", { name: "What saving does" })).toHaveTextContent(
      /Write its link in the UserRegistry.*— done/,
    );
  });

  it("an unchanged profile keeps its link: nothing is sent", async () => {
    testChain.chainId = 31337;
    registry.link = "ipfs://bafyprofile";
    await renderSignedIn();
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(uploaded).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "What saving does" })).toHaveTextContent(/IPFS — done/),
    );
    expect(txHooks.submit).not.toHaveBeenCalled();
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
