import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fillCatalogueText } from "./htmlText.ts";

const root = join(import.meta.dirname, "..", "..");
const html = fillCatalogueText(
  readFileSync(join(root, "index.html"), "utf8"),
  join(root, "src", "locales", "en"),
);
const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(body)?.[1] ?? "";
const DAO = "0x5c8cfd0043520f63594D975f90341a6732d6bf24";

/** What index.html paints at `path` before the app's scripts run: the shown heading and links. */
function paintedAt(path: string) {
  window.history.replaceState(null, "", path);
  document.body.innerHTML = body.replace(/<script[\s\S]*?<\/script>/g, "");
  new Function(bootScript)();
  const shown = [...document.querySelectorAll<HTMLElement>("main section")].filter((s) => !s.hidden);
  return {
    heading: shown.map((section) => section.querySelector("h1")?.textContent),
    links: shown.flatMap((section) =>
      [...section.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent]),
    ),
  };
}

describe("index.html before the scripts", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    window.history.replaceState(null, "", "/");
  });

  it("paints a proposal's and its vote page's heading and ways back from the URL, as the pages render them", () => {
    expect(paintedAt(`/dao/${DAO}/vote/12`)).toEqual({
      heading: ["Vote on proposal #12"],
      links: [
        [`/dao/${DAO}/proposals`, "Back to the proposals"],
        [`/dao/${DAO}/proposals/12`, "Back to the proposal"],
      ],
    });
    expect(paintedAt(`/dao/${DAO}/proposals/12/comments`)).toEqual({
      heading: ["Proposal #12"],
      links: [[`/dao/${DAO}/proposals`, "Back to the proposals"]],
    });
    expect(paintedAt("/my-activity").heading).toEqual(["DAOs"]);
    // Links the app answers with another page (an invalid id, another DAO page) paint the header only.
    for (const path of [
      `/dao/${DAO}/vote/012`,
      `/dao/${DAO}/vote/12/more`,
      `/dao/${DAO}`,
      "/dao/0x12/vote/1",
    ])
      expect(paintedAt(path).heading, path).toEqual([]);
  });
});
