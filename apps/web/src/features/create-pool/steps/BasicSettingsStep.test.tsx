import { SOCIAL_LINK_KINDS } from "@polity/core/enums";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { BasicSettingsStep } from "./BasicSettingsStep.tsx";

const uploadImage = vi.hoisted(() => vi.fn());
vi.mock("../../../shared/ipfs/upload.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../shared/ipfs/upload.ts")>()),
  uploadImage,
}));

const prediction = vi.hoisted(() => ({
  live: { data: undefined as { isNameTaken: boolean } | undefined },
  fetch: vi.fn(async (_name: string): Promise<{ isNameTaken: boolean } | undefined> => undefined),
}));
vi.mock("../hooks/usePoolPrediction.ts", () => ({
  usePoolPrediction: () => prediction.live,
  usePoolPredictionFetcher: () => prediction.fetch,
}));

const PATH = "/create-pool/basic";

function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Next" }));
}

describe("Basic DAO settings (step 1)", () => {
  it("requires the DAO name", async () => {
    renderStep(PATH, <BasicSettingsStep />);
    submit();
    expect(await screen.findByText("Please fill out this field")).toBeTruthy();
    expect(screen.getByLabelText("DAO name").getAttribute("aria-invalid")).toBe("true");
  });

  it("limits the DAO name length", async () => {
    renderStep(PATH, <BasicSettingsStep />, { daoName: "x".repeat(51) });
    submit();
    expect(await screen.findByText("Must be at most 50 characters")).toBeTruthy();
  });

  it("rejects a website that is not an http(s) URL with a valid domain", async () => {
    renderStep(PATH, <BasicSettingsStep />, { daoName: "Lisbon Builders", websiteUrl: "ftp://example.com" });
    submit();
    expect(
      await screen.findByText("Please enter a valid URL starting with http:// or https://"),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Website"), { target: { value: "https://no-domain" } });
    submit();
    expect(
      await screen.findByText("Please enter a valid URL starting with http:// or https://"),
    ).toBeTruthy();
  });

  it("validates social links and documents", async () => {
    renderStep(PATH, <BasicSettingsStep />, { daoName: "Lisbon Builders" });
    fireEvent.click(screen.getByRole("button", { name: "Add a social link" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a document" }));
    fireEvent.change(screen.getByLabelText("Social link 1 URL"), { target: { value: "twitter.com/lisbon" } });
    fireEvent.change(screen.getByLabelText("Document 1 URL"), {
      target: { value: "https://docs.example.org/charter" },
    });
    submit();
    expect(
      await screen.findByText("Please enter a valid URL starting with http:// or https://"),
    ).toBeTruthy();
    expect(screen.getByText("Please fill out this field")).toBeTruthy();
    const kinds = screen.getByLabelText("Social link 1 network") as HTMLSelectElement;
    expect([...kinds.options].map((o) => o.value)).toEqual([...SOCIAL_LINK_KINDS]);
  });

  it("saves valid settings to the draft and moves on to Governance", async () => {
    renderStep(PATH, <BasicSettingsStep />);
    fireEvent.change(screen.getByLabelText("DAO name"), { target: { value: "Lisbon Builders" } });
    fireEvent.change(screen.getByLabelText("Website"), { target: { value: "https://lisbon.example.org" } });
    submit();
    await waitFor(() =>
      expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/governance"),
    );
    expect(loadDraft().daoName).toBe("Lisbon Builders");
    expect(loadDraft().websiteUrl).toBe("https://lisbon.example.org");
  });
});

describe("draft persistence", () => {
  it("keeps what is typed before the step is submitted, and links back to earlier steps", async () => {
    renderStep(PATH, <BasicSettingsStep />);
    fireEvent.change(screen.getByLabelText("DAO name"), { target: { value: "Half-typed" } });
    await waitFor(() => expect(loadDraft().daoName).toBe("Half-typed"));
    expect(screen.getByRole("link", { name: /Before you start/ }).getAttribute("href")).toBe("/create-pool");
    expect(screen.queryByRole("link", { name: /Governance/ })).toBeNull();
  });
});

describe("avatar", () => {
  it("refuses files that are not images, and removes an uploaded avatar", async () => {
    renderStep(PATH, <BasicSettingsStep />, {
      daoName: "Lisbon Builders",
      avatarUrl: "ipfs://bafkreiavatar",
      avatarCID: "bafkreiavatar",
      avatarName: "logo.png",
    });
    expect(screen.getByRole("img", { name: "DAO avatar preview" }).getAttribute("src")).toBe(
      "/integrations/ipfs-cache-svc/ipfs/bafkreiavatar",
    );
    const file = new File(["%PDF"], "charter.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByLabelText("Avatar"), { target: { files: [file] } });
    expect(await screen.findByText("Please choose a PNG, JPEG, GIF, WebP or SVG image.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove the avatar" }));
    await waitFor(() => expect(loadDraft().avatarCID).toBe(""));
    expect(screen.queryByRole("img", { name: "DAO avatar preview" })).toBeNull();
  });
});

describe("avatar upload", () => {
  it("uploads the image to IPFS and keeps its CID in the draft", async () => {
    uploadImage.mockResolvedValue({ cid: "bafkreinew", url: "ipfs://bafkreinew" });
    renderStep(PATH, <BasicSettingsStep />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Avatar"), { target: { files: [file] } });
    await screen.findByRole("img", { name: "DAO avatar preview" });
    expect(uploadImage).toHaveBeenCalledWith(file);
    await waitFor(() =>
      expect(loadDraft()).toMatchObject({
        avatarUrl: "ipfs://bafkreinew",
        avatarCID: "bafkreinew",
        avatarName: "logo.png",
      }),
    );
  });

  it("tells when the upload failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    uploadImage.mockRejectedValue(new Error("413"));
    renderStep(PATH, <BasicSettingsStep />);
    const file = new File([new Uint8Array([1])], "logo.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Avatar"), { target: { files: [file] } });
    expect(await screen.findByText("The avatar could not be uploaded. Please try again.")).toBeTruthy();
  });

  it("refuses a name this deployer already used on Next, before the as-you-type check has settled", async () => {
    // The live (debounced) check has no answer yet; the submitted name is checked on the chain.
    prediction.live = { data: undefined };
    prediction.fetch.mockImplementation(async (name) => ({ isNameTaken: name === "Polity Fresh" }));
    renderStep(PATH, <BasicSettingsStep />, { daoName: "Polity Fresh" });
    submit();
    expect(await screen.findByText("A pool with this name already exists.")).toBeTruthy();
    expect(prediction.fetch).toHaveBeenCalledWith("Polity Fresh");
    expect(screen.getByLabelText("DAO name").getAttribute("aria-invalid")).toBe("true");
    // Under the spec's message: which name to change, and where it is taken.
    expect(screen.getByTestId("name-taken-hint").textContent).toBe(
      "Choose another DAO name: “Polity Fresh” is taken on BNB Smart Chain.",
    );
  });
});
