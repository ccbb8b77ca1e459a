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

/**
 * Every route of the router with the module of its page, as the manifest names it (`src/...`):
 * read from `router.tsx`'s `lazyPage(() => import("../features/..."))` declarations and its route
 * table, so a new route is measured without being listed here.
 */
export function routeSourcesFromRouter(routerSource: string): Record<string, string> {
  const modules = new Map<string, string>();
  for (const match of routerSource.matchAll(
    /const (\w+) = lazy(?:Page)?\(\s*\(\) =>\s*import\("\.\.\/([^"]+)"\)/g,
  )) {
    const [, name, path] = match;
    if (name && path) modules.set(name, `src/${path}`);
  }
  const routes: Record<string, string> = {};
  const add = (path: string, page: string) => {
    const source = modules.get(page);
    if (!source) throw new Error(`Route ${path}: ${page} is not a lazily imported page`);
    routes[path] = source;
  };
  const index = /<Route index element=\{<(\w+) \/>\}/.exec(routerSource);
  if (!index?.[1]) throw new Error("No index route in the router");
  add("/", index[1]);
  let parsed = 0;
  for (const match of routerSource.matchAll(/\{ path: "([^"]+)", Page: (\w+) \}/g)) {
    const [, path, page] = match;
    if (path && page) add(path, page);
    parsed += 1;
  }
  const declared = routerSource.match(/\bpath: "/g)?.length ?? 0;
  if (parsed !== declared) throw new Error(`Read ${parsed} of the router's ${declared} routes`);
  return routes;
}
