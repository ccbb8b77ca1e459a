import { en as coreCatalogue, toNestedResources } from "@polity/core/i18n/en";
import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * Every `src/locales/en/<namespace>.json` file becomes an i18next namespace, so a feature adds its
 * strings by adding one file. `common` is the default namespace; `core` holds `@polity/core`'s
 * catalogue (validation, errors, state labels) and is the fallback for every namespace, so a key
 * returned by a core rule translates wherever it is shown.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/en/*.json", {
  eager: true,
});

export function namespaceOf(path: string): string {
  const file = path.split("/").pop() ?? path;
  return file.replace(/\.json$/, "");
}

export function buildResources(): Resource {
  const en: Record<string, Record<string, unknown>> = { core: toNestedResources(coreCatalogue) };
  for (const [path, mod] of Object.entries(catalogues)) en[namespaceOf(path)] = mod.default;
  return { en };
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  defaultNS: "common",
  fallbackNS: "core",
  ns: Object.keys(buildResources().en ?? {}),
  resources: buildResources(),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
