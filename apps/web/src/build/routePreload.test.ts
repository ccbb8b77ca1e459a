import { afterEach, describe, expect, it } from "vitest";
import {
  type BundleChunk,
  loaderScript,
  preloadScript,
  type RoutePreload,
  routePreloads,
  takeEntryTags,
} from "./routePreload.ts";

const ROUTES: RoutePreload[] = [
  ["/", ["assets/List.js", "assets/shared.js"], ["assets/List.css"], ["daoList"]],
  ["/dao/:daoAddress/*", ["assets/Profile.js", "assets/shared.js"], [], ["daoProfile", "charts"]],
  ["/dao/:daoAddress/vote/:proposalId", ["assets/Vote.js"], ["assets/Vote.css"], ["proposalDetails"]],
  ["/create-pool/*", ["assets/Wizard.js"], [], []],
  ["/privacy-policy", ["assets/Privacy.js"], [], []],
  ["*", ["assets/NotFound.js"], [], []],
];

/** Runs the inline script as index.html would at `path` and returns the links it added. */
function preloadsAt(path: string, base = "/") {
  removeLinks();
  window.history.replaceState(null, "", path);
  new Function(preloadScript(ROUTES, base))();
  return [...document.head.querySelectorAll("link")].map((link) => [
    link.rel,
    link.getAttribute("href"),
    link.getAttribute("as"),
  ]);
}

function removeLinks() {
  for (const link of document.head.querySelectorAll("link")) link.remove();
  document.documentElement.removeAttribute("data-namespaces");
}

afterEach(removeLinks);

describe("route preload script", () => {
  it("preloads the landing route's chunks and styles", () => {
    expect(preloadsAt("/")).toEqual([
      ["modulepreload", "/assets/List.js", null],
      ["modulepreload", "/assets/shared.js", null],
      ["preload", "/assets/List.css", "style"],
    ]);
  });

  it("prefers the most specific route, as React Router ranks them", () => {
    expect(preloadsAt("/dao/0xabc/vote/3").map(([, href]) => href)).toEqual([
      "/assets/Vote.js",
      "/assets/Vote.css",
    ]);
    expect(preloadsAt("/dao/0xabc").map(([, href]) => href)).toEqual([
      "/assets/Profile.js",
      "/assets/shared.js",
    ]);
  });

  it("lets a splat match the rest of the path, or nothing, but not a missing parameter", () => {
    expect(preloadsAt("/dao/0xabc/members/2").map(([, href]) => href)).toEqual([
      "/assets/Profile.js",
      "/assets/shared.js",
    ]);
    expect(preloadsAt("/create-pool").map(([, href]) => href)).toEqual(["/assets/Wizard.js"]);
    expect(preloadsAt("/dao").map(([, href]) => href)).toEqual(["/assets/NotFound.js"]);
  });

  it("matches static routes exactly, ignoring a trailing slash", () => {
    expect(preloadsAt("/privacy-policy/").map(([, href]) => href)).toEqual(["/assets/Privacy.js"]);
    expect(preloadsAt("/privacy-policy/more").map(([, href]) => href)).toEqual(["/assets/NotFound.js"]);
  });

  it("names the route's translation namespaces on the root element, for the app's first render", () => {
    preloadsAt("/dao/0xabc/members");
    expect(document.documentElement.dataset.namespaces).toBe("daoProfile charts");
    preloadsAt("/privacy-policy");
    expect(document.documentElement.dataset.namespaces).toBe("");
  });

  it("prefixes the files with the app's base path", () => {
    expect(preloadsAt("/icons", "/app/").map(([, href]) => href)).toEqual(["/app/assets/NotFound.js"]);
  });
});

describe("routePreloads", () => {
  const chunk = (fileName: string, fields: Partial<BundleChunk>): BundleChunk => ({
    type: "chunk",
    fileName,
    imports: [],
    code: "",
    isEntry: false,
    facadeModuleId: null,
    ...fields,
  });
  const bundle = {
    "index.js": chunk("index.js", { isEntry: true, imports: ["react.js"] }),
    "react.js": chunk("react.js", {}),
    "List.js": chunk("List.js", {
      facadeModuleId: "/app/src/features/list/ListPage.tsx",
      imports: ["react.js", "format.js"],
      code: "function P(){let{t:e}=o([`common`,`daoList`]);return e(`title`)}",
      viteMetadata: { importedCss: new Set(["List.css"]) },
    }),
    "format.js": chunk("format.js", { code: "const pagesCount=1;" }),
    "daoList.js": chunk("daoList.js", { facadeModuleId: "/app/src/locales/en/daoList.json" }),
    "pages.js": chunk("pages.js", { facadeModuleId: "/app/src/locales/en/pages.json" }),
  };

  it("lists the page chunk, its imports the entry lacks, its styles and the namespaces it asks for", () => {
    expect(routePreloads(bundle, { "/": "src/features/list/ListPage.tsx" }, "/app")).toEqual([
      ["/", ["List.js", "format.js", "daoList.js"], ["List.css"], ["daoList"]],
    ]);
  });

  it("refuses a route whose page has no chunk", () => {
    expect(() => routePreloads(bundle, { "/x": "src/features/x/X.tsx" }, "/app")).toThrow(
      "No chunk for src/features/x/X.tsx",
    );
  });
});

describe("loader", () => {
  it("takes the entry's tags out of the HTML and inlines its stylesheet", () => {
    const html = `<head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>`;
    const tags = takeEntryTags(html, { "assets/index-C.css": "body{margin:0}" });
    expect(tags.entry).toBe("/assets/index-A.js");
    expect(tags.modulePreloads).toEqual(["/assets/runtime-B.js"]);
    expect(tags.html).toBe("<head>\n    <style>body{margin:0}</style>\n  </head>");
  });

  it("adds the route's preloads, the entry's and the entry script once the HTML has painted", async () => {
    removeLinks();
    window.history.replaceState(null, "", "/privacy-policy");
    new Function(loaderScript(preloadScript(ROUTES, "/"), "/assets/index-A.js", ["/assets/runtime-B.js"]))();
    // Nothing before the next frame has painted.
    expect(document.head.querySelectorAll("link, script")).toHaveLength(0);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(
      [...document.head.querySelectorAll("link, script")].map(
        (tag) => tag.getAttribute("href") ?? tag.getAttribute("src"),
      ),
    ).toEqual(["/assets/Privacy.js", "/assets/runtime-B.js", "/assets/index-A.js"]);
    for (const script of document.head.querySelectorAll("script")) script.remove();
  });
});
