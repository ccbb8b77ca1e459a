import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n, NAMESPACES } from "../shared/i18n/i18n.ts";

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// Pages load their namespaces lazily in the app; tests render them directly, so load them first.
await i18n.loadNamespaces(NAMESPACES);
