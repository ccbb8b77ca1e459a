/**
 * `npm run bench:web` — Lighthouse (mobile preset, Debian Chromium) on the DAO list, a DAO profile,
 * one of its proposals and that proposal's vote page, against the production build of the web app served over the whole local stack (seeded
 * chain, api, indexer). Prints per page: performance score, LCP, TBT, total JavaScript transferred,
 * and the JSON-RPC requests the page load made to the node; writes bench/results/web.json, and each
 * page's whole Lighthouse report to bench/results/lighthouse-<page>.json.
 *
 * Each page is audited twice: from Vite's preview over plain HTTP/1.1 (six connections per origin, the
 * stack's web server), then from the same preview over TLS, where it speaks HTTP/2 as any HTTPS host or
 * CDN the app is deployed behind does (one connection, every request multiplexed on it), with a
 * certificate made for the run (`openssl`). Same build, same stack, same origin for the api (`/integrations`).
 *
 * Env: CHROMIUM_PATH (/usr/bin/chromium), BENCH_RUNS (1; the median run per page is kept).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { preview } from "vite";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../e2e/harness/chromium.ts";
import { freePort } from "../../scripts/lib/processes.ts";
import { startStack } from "../../scripts/stack.ts";

void desktopConfig; // The default config is Lighthouse's mobile preset (Moto G Power, slow 4G, 4x CPU).

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

interface PageResult {
  page: string;
  /** The protocol the app's files were served over: "http/1.1" (the preview) or "h2" (the preview over TLS). */
  protocol: string;
  url: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** The LCP's parts in ms: time to first byte, resource load delay and duration, render delay. */
  lcpPartsMs: Record<string, number>;
  totalJsKb: number;
  /** Every script the load fetched, largest first, with its transferred KB. */
  scripts: { file: string; kb: number }[];
  jsonRpcRequests: number;
  /** Resource type of every request to the node (fetches plus any CORS preflight). */
  rpcRequestTypes: string[];
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface InsightItem {
  type?: unknown;
  selector?: unknown;
  nodeLabel?: unknown;
  items?: { subpart?: unknown; duration?: unknown }[];
}

/**
 * From Lighthouse's LCP breakdown insight: the LCP element (CSS selector and label) and the LCP's
 * parts in ms (time to first byte, resource load delay and time, element render delay).
 */
function lcpBreakdownOf(details: unknown): { element: string; partsMs: Record<string, number> } {
  const items = ((details as { items?: InsightItem[] } | undefined)?.items ?? []) as InsightItem[];
  const node = items.find((item) => item.type === "node");
  const table = items.find((item) => item.type === "table");
  const partsMs: Record<string, number> = {};
  for (const part of table?.items ?? [])
    if (typeof part.subpart === "string" && typeof part.duration === "number")
      partsMs[part.subpart] = Math.round(part.duration);
  const element = node ? `${String(node.selector ?? "")} (${String(node.nodeLabel ?? "").slice(0, 80)})` : "";
  return { element, partsMs };
}

async function audit(
  name: string,
  url: string,
  rpcOrigin: string,
  port: number,
  protocol: string,
): Promise<PageResult> {
  const runs: PageResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { audits, categories } = result.lhr;
    // The whole report, for the diagnostics the table leaves out (main-thread tasks, the largest scripts).
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    const suffix = protocol === "h2" ? "-h2" : "";
    writeFileSync(
      join(ROOT, `bench/results/lighthouse-${name.toLowerCase().replaceAll(" ", "-")}${suffix}.json`),
      typeof result.report === "string" ? result.report : JSON.stringify(result.lhr),
    );
    const requests = ((audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)
      ?.items ?? []) as NetworkRequest[];
    const scripts = requests.filter((r) => r.resourceType === "Script");
    const lcp = lcpBreakdownOf(audits["lcp-breakdown-insight"]?.details);
    const js = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    runs.push({
      page: name,
      protocol,
      url,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
      fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      lcpElement: lcp.element,
      lcpPartsMs: lcp.partsMs,
      totalJsKb: Math.round(js / 102.4) / 10,
      scripts: scripts
        .map((r) => ({ file: new URL(r.url).pathname, kb: Math.round((r.transferSize ?? 0) / 102.4) / 10 }))
        .sort((a, b) => b.kb - a.kb),
      // JSON-RPC calls are fetches; the browser's CORS preflight to the node is reported as another type.
      jsonRpcRequests: requests.filter(
        (r) => r.url.startsWith(rpcOrigin) && (r.resourceType === "Fetch" || r.resourceType === "XHR"),
      ).length,
      rpcRequestTypes: requests
        .filter((r) => r.url.startsWith(rpcOrigin))
        .map((r) => r.resourceType ?? "unknown"),
    });
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)] as PageResult;
}

async function main() {
  const ports = {
    chain: await freePort(),
    api: await freePort(),
    indexer: await freePort(),
    web: await freePort(),
    postgres: await freePort(),
  };
  const stack = await startStack({
    fresh: true,
    dataDir: mkdtempSync(join(tmpdir(), "polity-bench-web-")),
    ports,
    webPreview: true,
    onReady: (stage, detail) => console.log(`[stack] ${stage}: ${detail}`),
  });
  // The same build from the same preview over TLS (Vite serves HTTP/2 there), with a certificate for this run.
  const certDir = mkdtempSync(join(tmpdir(), "polity-bench-web-tls-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...[
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(certDir, "key.pem"),
        "-out",
        join(certDir, "cert.pem"),
      ],
    ],
    { stdio: "ignore" },
  );
  const webDir = join(ROOT, "apps/web");
  process.env.API_PORT = String(ports.api); // the preview's `/integrations` proxy, as in the stack's
  const tls = await preview({
    root: webDir,
    configFile: join(webDir, "vite.config.ts"),
    logLevel: "error",
    preview: {
      port: await freePort(),
      strictPort: true,
      https: { key: readFileSync(join(certDir, "key.pem")), cert: readFileSync(join(certDir, "cert.pem")) },
    },
  });
  const h2Web = (tls.resolvedUrls?.local[0] ?? "").replace(/\/$/, "");
  if (!h2Web.startsWith("https://")) throw new Error(`The TLS preview did not start: ${h2Web}`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The run's own certificate is not signed by an authority the browser knows.
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS, "--ignore-certificate-errors"],
  });
  try {
    const top = (await (
      await fetch(`${stack.urls.api}/integrations/tracker/31337/pools/gov/top`)
    ).json()) as {
      data: { attributes: { pool_address: string } }[];
    };
    const dao = top.data[0]?.attributes.pool_address;
    if (!dao) throw new Error("The seeded stack has no DAO in the tracker");
    const proposals = (await (
      await fetch(`${stack.urls.api}/integrations/tracker/31337/pools/gov/${dao}/proposals`)
    ).json()) as { data: { attributes: { proposal_id: string } }[] };
    const proposal = proposals.data[0]?.attributes.proposal_id;
    if (!proposal) throw new Error(`The seeded DAO ${dao} has no proposal in the tracker`);
    const rpcOrigin = new URL(stack.urls.rpc).origin;
    const results: PageResult[] = [];
    for (const [protocol, web] of [
      ["http/1.1", stack.urls.web],
      ["h2", h2Web],
    ] as const) {
      results.push(
        await audit("DAO list", `${web}/`, rpcOrigin, chrome.port, protocol),
        await audit("DAO profile", `${web}/dao/${dao}`, rpcOrigin, chrome.port, protocol),
        await audit("Proposal", `${web}/dao/${dao}/proposals/${proposal}`, rpcOrigin, chrome.port, protocol),
        await audit("Vote", `${web}/dao/${dao}/vote/${proposal}`, rpcOrigin, chrome.port, protocol),
      );
    }
    console.log("\nLighthouse, mobile preset (production build, local stack)\n");
    console.table(
      results.map((r) => ({
        page: r.page,
        served: r.protocol,
        performance: r.performance,
        "FCP ms": r.fcpMs,
        "LCP ms": r.lcpMs,
        "TBT ms": r.tbtMs,
        CLS: r.cls,
        "JS KB (transferred)": r.totalJsKb,
        "JSON-RPC requests": r.jsonRpcRequests,
      })),
    );
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(
      join(ROOT, "bench/results/web.json"),
      `${JSON.stringify({ date: new Date().toISOString(), runsPerPage: RUNS, preset: "mobile", results }, null, 2)}\n`,
    );
    console.log("written bench/results/web.json");
  } finally {
    await chrome.kill();
    await tls.close();
    await stack.stop();
  }
}

await main();
