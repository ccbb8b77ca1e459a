import "@testing-library/jest-dom/vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n, NAMESPACES } from "../shared/i18n/i18n.ts";

// findBy*/waitFor give a loaded CI machine (2 cores shared by several suites) time to render.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// Pages load their namespaces lazily in the app; tests render them directly, so load them first.
await i18n.loadNamespaces(NAMESPACES);

// The app serves its token lists from public/; jsdom has no server, so answer those paths from
// the files themselves (tests that stub fetch replace this).
const appFetch = globalThis.fetch;
const PUBLIC = join(import.meta.dirname, "..", "..", "public");
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith("/token-lists/"))
    return new Response(await readFile(join(PUBLIC, url)), {
      headers: { "content-type": "application/json" },
    });
  return appFetch(input, init);
};
