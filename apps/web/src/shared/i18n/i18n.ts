import { en as coreCatalogue, toNestedResources } from "@polity/core/i18n/en";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import common from "../../locales/en/common.json";

/**
 * Every `src/locales/en/<namespace>.json` file is an i18next namespace, so a feature adds its
 * strings by adding one file. `common` (the default namespace) and `core` (the catalogue of
 * `@polity/core`: validation, errors, state labels — the fallback of every namespace, so a key a
 * core rule returns translates anywhere) ship with the app shell; the other namespaces load with
 * the first page that asks for them.
 */
const catalogues = import.meta.glob<{ default: ResourceKey }>(["../../locales/en/*.json", "!**/common.json"]);

export function namespaceOf(path: string): string {
  const file = path.split("/").pop() ?? path;
  return file.replace(/\.json$/, "");
}

const loaders = new Map(Object.entries(catalogues).map(([path, load]) => [namespaceOf(path), load]));

export const NAMESPACES = ["common", ...loaders.keys()];

const lazyNamespaces: BackendModule = {
  type: "backend",
  init() {},
  read(_language, namespace, callback) {
    const load = loaders.get(namespace);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    fallbackNS: "core",
    ns: ["common", "core"],
    resources: { en: { common, core: toNestedResources(coreCatalogue) } },
    // The bundled namespaces are there from the start; the others come from the backend.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
