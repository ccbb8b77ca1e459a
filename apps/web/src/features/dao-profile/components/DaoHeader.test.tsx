import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { daoProfileFixture } from "../test/daoProfileFixture.ts";
import { DaoHeader, type DaoHeaderProfile } from "./DaoHeader.tsx";

const DAO = "0x1000000000000000000000000000000000000001" as const;

function profileWith(descriptionUrl: string): DaoHeaderProfile {
  return daoProfileFixture({
    descriptionUrl,
    config: { verifier: DAO, onlyBABTHolders: false, isLinearPower: true },
  });
}

const METADATA = {
  daoName: "Acme DAO",
  websiteUrl: "https://acme.example",
  description: "ipfs://bafydescription",
  socialLinks: [["twitter", "https://twitter.com/acme"]],
  documents: [{ name: "Charter", url: "https://acme.example/charter" }],
};
const DESCRIPTION = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "A treasury run by its members." }] }],
};

/** IPFS answers held until `release()`, as a slow gateway would. */
function slowIpfs() {
  let release = () => {};
  const gate = new Promise<void>((done) => {
    release = done;
  });
  const routes = fetchRoutes([
    [
      /\/ipfs\/bafymetadata$/,
      async () => {
        await gate;
        return jsonResponse(METADATA);
      },
    ],
    [/\/ipfs\/bafydescription$/, () => jsonResponse(DESCRIPTION)],
  ]);
  vi.stubGlobal("fetch", routes.fn);
  return { release, calls: routes.calls };
}

afterEach(() => vi.unstubAllGlobals());

describe("DaoHeader", () => {
  it("holds the description's and the links' room before the metadata arrives", async () => {
    const ipfs = slowIpfs();
    renderWithProviders(<DaoHeader profile={profileWith("ipfs://bafymetadata")} />);
    const description = screen.getByTestId("dao-description");
    const box = description.firstElementChild as HTMLElement;
    expect(box).toHaveAttribute("data-clamped");
    expect(box.className).toMatch(/descriptionClamp/);
    expect(box).toHaveTextContent("Loading the description…");
    const links = screen.getByTestId("dao-links");
    expect(links).toBeVisible();
    expect(within(links).queryAllByRole("link")).toHaveLength(0);

    ipfs.release();
    expect(await within(description).findByText("A treasury run by its members.")).toBeInTheDocument();
    // The same box, still of fixed height: the text took the reserved room.
    expect(description.firstElementChild).toBe(box);
    expect(box).toHaveAttribute("data-clamped");
    expect(screen.getByTestId("dao-links")).toBe(links);
    expect(
      within(links)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["https://acme.example", "https://twitter.com/acme", "https://acme.example/charter"]);
    // The text fits: nothing to expand.
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("clips a long description behind 'Show more', which the reader opens and closes", async () => {
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(240);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(68);
    const ipfs = slowIpfs();
    ipfs.release();
    renderWithProviders(<DaoHeader profile={profileWith("ipfs://bafymetadata")} />);
    const more = await screen.findByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(more);
    const less = screen.getByRole("button", { name: "Show less" });
    expect(less).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByTestId("dao-description").firstElementChild).not.toHaveAttribute("data-clamped");
    fireEvent.click(less);
    expect(screen.getByRole("button", { name: "Show more" })).toBeInTheDocument();
    expect(screen.getByTestId("dao-description").firstElementChild).toHaveAttribute("data-clamped");
  });

  it("says so when the metadata has no description, and reserves nothing for a DAO without metadata", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([[/\/ipfs\/bafyplain$/, () => jsonResponse({ daoName: "Acme DAO" })]]).fn,
    );
    const first = renderWithProviders(<DaoHeader profile={profileWith("ipfs://bafyplain")} />);
    expect(await screen.findByText("No description.")).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<DaoHeader profile={profileWith("")} />);
    expect(screen.getByTestId("dao-name")).toHaveTextContent("Acme DAO");
    expect(screen.queryByTestId("dao-description")).toBeNull();
    expect(screen.getByTestId("dao-links")).not.toBeVisible();
  });
});
