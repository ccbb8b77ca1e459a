import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The JS files a route needs before it can render: the chunk and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export function gzipBytes(outDir: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  return total;
}

/** gzip bytes of JS per route: the entry chunk plus the route's page chunk and their static imports. */
export function routeSizes(outDir: string, routes: Record<string, string>): Record<string, number> {
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("No entry chunk in the manifest");
  const sizes: Record<string, number> = {};
  for (const [route, source] of Object.entries(routes)) {
    if (!manifest[source]) throw new Error(`No chunk for ${source}`);
    sizes[route] = gzipBytes(outDir, staticClosure(manifest, [entry, source]));
  }
  return sizes;
}

export const ROUTE_SOURCES: Record<string, string> = {
  "/ (DAO list)": "src/features/dao-list/DaoListPage.tsx",
  "/dao/:daoAddress": "src/features/dao-profile/DaoProfileRoute.tsx",
  "/create-pool/*": "src/features/create-pool/CreatePoolRoute.tsx",
  "/privacy-policy": "src/features/legal/PrivacyPolicyPage.tsx",
  "/icons": "src/features/icons/IconsPage.tsx",
};
