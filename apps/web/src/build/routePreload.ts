import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, Rollup } from "vite";
import { routeSourcesFromRouter } from "./routeBudget.ts";

/**
 * A route pattern of the router, the files its page needs beyond the entry's own, and the translation
 * namespaces its code asks for (loaded before the app's first render: `src/main.tsx`).
 */
export type RoutePreload = [pattern: string, scripts: string[], styles: string[], namespaces: string[]];

/**
 * The code index.html's loader runs before it adds the entry: it picks the route the URL opens (scored
 * the way React Router ranks routes: static segment 10, dynamic 3, splat -2) and preloads its page
 * chunk, the chunks that page imports and its styles, so they download beside the entry instead of
 * after it has run and rendered. It writes the page's translation namespaces on the root element
 * (`data-namespaces`), for the app to load them before its first render.
 */
export function preloadScript(routes: RoutePreload[], base: string): string {
  // Files are listed once and routes refer to them by index: most routes share most chunks.
  const files: string[] = [];
  const index = (file: string) => {
    const at = files.indexOf(file);
    return at === -1 ? files.push(file) - 1 : at;
  };
  const table = routes.map(([pattern, scripts, styles, namespaces]) => [
    pattern,
    scripts.map(index),
    styles.map(index),
    namespaces.join(" "),
  ]);
  return `(function(){var r=${JSON.stringify(table)},f=${JSON.stringify(files)},b=${JSON.stringify(base)};
var p=location.pathname.replace(/\\/+$/,"")||"/",s=p.split("/").filter(Boolean),best=null,top=-1e9;
for(var i=0;i<r.length;i++){var q=r[i][0].split("/").filter(Boolean),n=0,k=0,ok=true;
for(;k<q.length;k++){var g=q[k];if(g==="*"){n-=2;k=1e9;break}if(k>=s.length){ok=false;break}
if(g.charAt(0)===":"){n+=3}else if(g===s[k]){n+=10}else{ok=false;break}}
if(ok&&k!==1e9&&q.length!==s.length)ok=false;if(ok&&n>top){top=n;best=r[i]}}
if(!best)return;document.documentElement.setAttribute("data-namespaces",best[3]);function add(h,rel,as){var l=document.createElement("link");l.rel=rel;l.href=b+f[h];if(as)l.setAttribute("as",as);
l.setAttribute("crossorigin","");document.head.appendChild(l)}
best[1].forEach(function(h){add(h,"modulepreload")});best[2].forEach(function(h){add(h,"preload","style")})})();`;
}

/** What the preloads read of a bundle's chunk. */
export type BundleChunk = Pick<
  Rollup.OutputChunk,
  "type" | "fileName" | "imports" | "code" | "isEntry" | "facadeModuleId"
> & { viteMetadata?: { importedCss?: Set<string> } };

/** The i18next namespace chunks (`src/locales/en/<namespace>.json`), by namespace. */
function namespaceChunks(chunks: BundleChunk[]): Map<string, string> {
  const namespaces = new Map<string, string>();
  for (const chunk of chunks) {
    const match = /[\\/]src[\\/]locales[\\/]en[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? "");
    if (match?.[1]) namespaces.set(match[1], chunk.fileName);
  }
  return namespaces;
}

/** Whether the code asks for a namespace: `useTranslation("ns")` or `useTranslation([..., "ns", ...])`. */
function usesNamespace(code: string, namespace: string): boolean {
  const quoted = (name: string) => `["'\`]${name}["'\`]`;
  return new RegExp(`\\((\\[(${quoted("[\\w-]+")},\\s*)*)?${quoted(namespace)}`).test(code);
}

/**
 * Each route's page chunk, its static imports that the entry does not already load, and the
 * translation namespaces those chunks ask for (loaded on demand otherwise: one more round trip after
 * the page has run).
 */
export function routePreloads(
  bundle: Record<string, BundleChunk | Pick<Rollup.OutputAsset, "type">>,
  routes: Record<string, string>,
  root: string,
): RoutePreload[] {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const namespaces = namespaceChunks(chunks);
  const closure = (start: BundleChunk) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    visit(start.fileName);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("No entry chunk in the bundle");
  const loadedByEntry = closure(entry);
  return Object.entries(routes).map(([pattern, source]) => {
    const page = chunks.find((chunk) => chunk.facadeModuleId === join(root, source));
    if (!page) throw new Error(`No chunk for ${source}`);
    const code = [...closure(page)].filter((file) => !loadedByEntry.has(file));
    const asked = [...namespaces].filter(([namespace]) =>
      code.some((file) => usesNamespace(byFile.get(file)?.code ?? "", namespace)),
    );
    const styles = code.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    return [
      pattern,
      [...code, ...asked.map(([, file]) => file)],
      styles,
      asked.map(([namespace]) => namespace),
    ];
  });
}

/** A built `index.html`'s entry script and the tags Vite gave it: its module preloads and its styles. */
export interface EntryTags {
  /** The HTML without the entry's script and module preload tags, its stylesheet inlined. */
  html: string;
  entry: string;
  modulePreloads: string[];
}

/**
 * Takes the entry's `<script type="module">` and `<link rel="modulepreload">` tags out of the built
 * HTML (the loader adds them after the first paint), and inlines the entry's stylesheet (`styles`:
 * file name to CSS), so nothing delays that paint.
 */
export function takeEntryTags(html: string, styles: Record<string, string>): EntryTags {
  let entry = "";
  const modulePreloads: string[] = [];
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      entry = src;
      return "";
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      modulePreloads.push(href);
      return "";
    })
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (tag, href: string) => {
      const css = Object.entries(styles).find(([file]) => href.endsWith(`/${file}`))?.[1];
      return css === undefined ? tag : `<style>${css.replaceAll("</style", "<\\/style")}</style>`;
    });
  if (!entry) throw new Error("No entry script in index.html");
  return { html: rest, entry, modulePreloads };
}

/**
 * The loader at the end of the body: once the browser has painted the HTML (the header and the page's
 * heading, `index.html`), it preloads the route's files (`preload`, from `preloadScript`) and the
 * entry's, and adds the entry script. Until then the connection carries the HTML alone; a page opened
 * in a background tab, which does not paint, starts at once.
 */
export function loaderScript(preload: string, entry: string, modulePreloads: string[]): string {
  return `(function(){var done=false;function start(){if(done)return;done=true;${preload}
${JSON.stringify(modulePreloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.setAttribute("crossorigin","");document.head.appendChild(l)});
var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};s.setAttribute("crossorigin","");document.head.appendChild(s)}
if(document.visibilityState==="hidden")start();else{requestAnimationFrame(function(){setTimeout(start,0)});document.addEventListener("visibilitychange",start)}})();`;
}

/**
 * Starts the app's downloads from the built index.html after its first paint: the preloads of every
 * route of `src/app/router.tsx`, the entry's own, and the entry script.
 */
export function routePreloadPlugin(): Plugin {
  let root = "";
  let base = "/";
  return {
    name: "polity:route-preload",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const styles: Record<string, string> = {};
        for (const item of Object.values(ctx.bundle))
          if (item.type === "asset" && item.fileName.endsWith(".css"))
            styles[item.fileName] = String(item.source);
        const routes = routeSourcesFromRouter(readFileSync(join(root, "src", "app", "router.tsx"), "utf8"));
        const tags = takeEntryTags(html, styles);
        return {
          html: tags.html,
          tags: [
            {
              tag: "script",
              children: loaderScript(
                preloadScript(routePreloads(ctx.bundle, routes, root), base),
                tags.entry,
                tags.modulePreloads,
              ),
              injectTo: "body",
            },
          ],
        };
      },
    },
  };
}
