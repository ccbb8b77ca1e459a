import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * Fills index.html's `%t:namespace:key.path%` marks with the strings of `src/locales/en/<namespace>.json`,
 * so what the HTML paints before the scripts run is the catalogue's text, the text the app then renders.
 */
export function fillCatalogueText(html: string, localesDir: string): string {
  return html.replace(/%t:([\w-]+):([\w.]+)%/g, (_mark, namespace: string, key: string) => {
    const catalogue = JSON.parse(readFileSync(join(localesDir, `${namespace}.json`), "utf8")) as unknown;
    const text = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    if (typeof text !== "string") throw new Error(`index.html: no string ${namespace}:${key}`);
    return escapeHtml(text);
  });
}

export function htmlTextPlugin(): Plugin {
  let localesDir = "";
  return {
    name: "polity:html-text",
    configResolved(config) {
      localesDir = join(config.root, "src", "locales", "en");
    },
    transformIndexHtml: { order: "pre", handler: (html) => fillCatalogueText(html, localesDir) },
  };
}
