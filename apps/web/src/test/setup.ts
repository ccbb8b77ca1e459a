import "@testing-library/jest-dom/vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n, NAMESPACES } from "../shared/i18n/i18n.ts";

// findBy*/waitFor give a slow CI machine, busy with the browser flows beside this suite, time to
// render: a test fails on what never appears, not on a machine's speed.
configure({ asyncUtilTimeout: 15_000 });

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
