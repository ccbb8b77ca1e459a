/**
 * `npm test` — every part's tests, in dependency order, against one real Postgres server.
 * `npm test -- core api` runs only the named parts. Exits non-zero when any part fails.
 *
 * The browser flows mostly wait (for blocks, the indexer, the page), so they run beside the other
 * parts instead of after them: their output is kept and printed whole when they end.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningPostgres, startEmbeddedPostgres } from "./lib/postgres.ts";
import { freePort } from "./lib/processes.ts";
import { countTests } from "./lib/testSummary.ts";
import { ROOT } from "./stack.ts";

interface Part {
  name: string;
  /** npm workspace whose `test` script runs the part; the root tooling runs under node:test. */
  workspace?: string;
  needsDatabase?: boolean;
  /** Starts first and runs beside the other parts, its output printed once it ends. */
  alongside?: boolean;
}

const PARTS: Part[] = [
  { name: "tooling" },
  { name: "core", workspace: "@polity/core" },
  { name: "contracts", workspace: "@polity/contracts" },
  { name: "api", workspace: "@polity/api", needsDatabase: true },
  { name: "indexer", workspace: "@polity/indexer", needsDatabase: true },
  { name: "web", workspace: "@polity/web" },
  // The browser flows start the whole stack, with an embedded Postgres of their own.
  { name: "e2e", workspace: "@polity/e2e", alongside: true },
];

interface Result {
  part: string;
  code: number;
  passed: number;
  failed: number;
  seconds: number;
  /** What a part run beside the others printed, shown once the others are done. */
  output?: string;
}

function runPart(part: Part, env: NodeJS.ProcessEnv, echo = true): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, args] = part.workspace
      ? ["npm", ["test", "-w", part.workspace]]
      : [
          "node",
          [
            "--test",
            "scripts/lib/processes.test.ts",
            "scripts/lib/testSummary.test.ts",
            "scripts/lib/postgres.test.ts",
          ],
        ];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        ...(part.needsDatabase ? env : { ...env, DATABASE_URL: process.env.DATABASE_URL }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stderr.write(chunk);
    });
    child.on("exit", (code) => {
      const counts = countTests(output);
      resolve({
        part: part.name,
        code: code ?? 1,
        ...counts,
        seconds: (Date.now() - started) / 1000,
        ...(echo ? {} : { output }),
      });
    });
  });
}

function heading(part: Part): string {
  return `${part.name}${part.workspace ? ` (${part.workspace})` : ""}`;
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !PARTS.some((p) => p.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown part(s): ${unknown.join(", ")}. Parts: ${PARTS.map((p) => p.name).join(", ")}`);
    return 2;
  }
  const selected = only.length > 0 ? PARTS.filter((p) => only.includes(p.name)) : PARTS;

  let database: RunningPostgres | undefined;
  let dataDir: string | undefined;
  const env: NodeJS.ProcessEnv = { CI: process.env.CI ?? "", FORCE_COLOR: "0" };
  if (selected.some((p) => p.needsDatabase) && !process.env.DATABASE_URL) {
    dataDir = mkdtempSync(join(tmpdir(), "polity-test-pg-"));
    chmodSync(dataDir, 0o755); // as root, Postgres runs as an unprivileged user that must enter it
    database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "polity_test" });
    env.DATABASE_URL = database.url;
    console.log(`Test Postgres: embedded server on ${new URL(database.url).host}`);
  }

  const results: Result[] = [];
  const alongside = selected.filter((part) => part.alongside && selected.length > 1);
  const beside = alongside.map((part) => {
    console.log(`\n━━ ${heading(part)}: started beside the other parts ━━`);
    return runPart(part, env, false);
  });
  try {
    for (const part of selected.filter((p) => !alongside.includes(p))) {
      console.log(`\n━━ ${heading(part)} ━━`);
      results.push(await runPart(part, env));
    }
    for (const result of await Promise.all(beside)) {
      console.log(`\n━━ ${result.part}, run beside the other parts ━━`);
      process.stdout.write(result.output ?? "");
      results.push(result);
    }
  } finally {
    await database?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  console.log("\npart       result  passed  failed    time");
  for (const r of results) {
    console.log(
      `${r.part.padEnd(10)} ${(r.code === 0 ? "ok" : "FAILED").padEnd(7)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${r.seconds.toFixed(1).padStart(6)}s`,
    );
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const failedParts = results.filter((r) => r.code !== 0);
  if (failedParts.length > 0) console.log(`\nFailed: ${failedParts.map((r) => r.part).join(", ")}`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  return failedParts.length > 0 ? 1 : 0;
}

process.exitCode = await main();
