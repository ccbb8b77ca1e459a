import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { poolContextFixture } from "../test/poolContextFixture.ts";

const state = vi.hoisted(() => ({ uploads: [] as unknown[], images: [] as string[] }));
vi.mock("../../../shared/ipfs/upload.ts", async (original) => ({
  ...(await original<typeof import("../../../shared/ipfs/upload.ts")>()),
  uploadJson: async (document: unknown) => {
    state.uploads.push(document);
    return { cid: `doc${state.uploads.length}`, url: `ipfs://doc${state.uploads.length}` };
  },
  uploadImage: async (file: File) => {
    state.images.push(file.name);
    return { cid: "avatar2", url: "ipfs://avatar2" };
  },
}));

const { DaoSettingsForm } = await import("./DaoSettingsForm.tsx");

const NOTHING_CHANGED = "Nothing has been changed. Please change something before submitting.";
const STORED = {
  daoName: "Acme",
  websiteUrl: "https://acme.example",
  description: "ipfs://description1",
  socialLinks: [["github", "https://github.com/acme"]],
  documents: [{ name: "Charter", url: "https://acme.example/charter.pdf" }],
  avatarUrl: "ipfs://avatar1",
  avatarCID: "avatar1",
  avatarFileName: "acme.png",
  customKey: "kept",
};
const DESCRIPTION = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "We build." }] }],
};

const ctx = poolContextFixture({ descriptionURL: "ipfs://metadata1" });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const review = () => fireEvent.click(screen.getByRole("button", { name: "Review" }));

beforeEach(() => {
  state.uploads = [];
  state.images = [];
  vi.stubGlobal(
    "fetch",
    fetchRoutes([
      [/\/ipfs\/metadata1$/, () => jsonResponse(STORED)],
      [/\/ipfs\/description1$/, () => jsonResponse(DESCRIPTION)],
    ]).fn,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("change-dao-settings", () => {
  it("keeps its heading while the stored profile loads from IPFS", async () => {
    vi.stubGlobal("fetch", () => new Promise<Response>(() => {}));
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Change DAO settings" })).toBeInTheDocument();
  });

  it("shows the stored profile in the DAO creation fields and refuses it unchanged", async () => {
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    expect(await screen.findByLabelText("Website")).toHaveValue("https://acme.example");
    expect(screen.getByLabelText("Social link 1 URL")).toHaveValue("https://github.com/acme");
    expect(screen.getByLabelText("Social link 1 network")).toHaveValue("github");
    expect(screen.getByLabelText("Document 1 name")).toHaveValue("Charter");
    expect(screen.getByAltText("DAO avatar preview")).toBeInTheDocument();
    expect(await screen.findByText("We build.")).toBeInTheDocument();
    type("Proposal name", "Profile");
    review();
    expect(await screen.findByText(NOTHING_CHANGED)).toBeInTheDocument();
    expect(state.uploads).toEqual([]);
  });

  it("checks social links and documents with the wizard's rules", async () => {
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    await screen.findByLabelText("Social link 1 URL");
    type("Proposal name", "Profile");
    fireEvent.click(screen.getByRole("button", { name: "Add a social link" }));
    type("Social link 2 URL", "ftp://acme");
    fireEvent.click(screen.getByRole("button", { name: "Add a document" }));
    type("Document 2 URL", "https://acme.example/charter.pdf");
    review();
    expect(
      await screen.findByText("Please enter a valid URL starting with http:// or https://"),
    ).toBeInTheDocument();
    expect(screen.getByText("This value is already in the list")).toBeInTheDocument();
    expect(screen.getByText("Please fill out this field")).toBeInTheDocument();
    expect(state.uploads).toEqual([]);
  });

  it("refuses an avatar that is not an image", async () => {
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    const input = await screen.findByLabelText("Avatar");
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Please choose a PNG, JPEG, GIF, WebP or SVG image.")).toBeInTheDocument();
    expect(state.images).toEqual([]);
  });

  it("writes a new metadata document with the new links, documents and avatar, keeping the rest", async () => {
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    const input = await screen.findByLabelText("Avatar");
    type("Proposal name", "Profile");
    fireEvent.change(input, { target: { files: [new File(["png"], "new.png", { type: "image/png" })] } });
    await waitFor(() => expect(state.images).toEqual(["new.png"]));
    fireEvent.click(screen.getByRole("button", { name: "Add a social link" }));
    type("Social link 2 URL", "https://t.me/acme");
    fireEvent.change(screen.getByLabelText("Social link 2 network"), { target: { value: "telegram" } });
    // the rows: social links 1 and 2, then document 1
    fireEvent.click(screen.getAllByRole("button", { name: "Remove" })[2] as HTMLElement);
    review();
    expect(await screen.findByText("What will run")).toBeInTheDocument();
    // The description did not change: its stored document is referenced again, not uploaded.
    expect(state.uploads).toEqual([
      {
        ...STORED,
        socialLinks: [
          ["github", "https://github.com/acme"],
          ["telegram", "https://t.me/acme"],
        ],
        documents: [],
        avatarUrl: "ipfs://avatar2",
        avatarCID: "avatar2",
        avatarFileName: "new.png",
      },
    ]);
  });

  it("keeps the stored description document when only the website changes", async () => {
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    await screen.findByLabelText("Website");
    type("Proposal name", "Profile");
    type("Website", "https://acme.org");
    review();
    expect(await screen.findByText("What will run")).toBeInTheDocument();
    expect(state.uploads).toHaveLength(1);
    expect(state.uploads[0]).toMatchObject({
      websiteUrl: "https://acme.org",
      description: "ipfs://description1",
    });
  });
});
