/**
 * Deployed bytecode size of every protocol contract (everything under contracts/ but mocks and the gas
 * benchmark's references), against the EIP-170 limit of 24,576 bytes. Run after `hardhat build` (`npm run
 * build` does both): it rewrites the table between the `sizes` markers of the README and exits 1 when a
 * contract is above the limit, so the build fails. With `--check` nothing is written and the exit code is 1
 * when the README's table differs from the artifacts.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { contractsRoot } from "./lib/artifacts.ts";

export const SIZE_LIMIT = 24_576;

function artifacts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return artifacts(path);
    return entry.name.endsWith(".json") && !entry.name.endsWith(".dbg.json") ? [path] : [];
  });
}

const root = join(contractsRoot, "artifacts", "contracts");
const rows: { source: string; name: string; bytes: number }[] = [];
for (const file of artifacts(root)) {
  const source = relative(root, file).split("/").slice(0, -1).join("/");
  if (source.startsWith("mocks/") || source.startsWith("reference/")) continue;
  const artifact = JSON.parse(readFileSync(file, "utf8")) as {
    contractName: string;
    deployedBytecode?: string;
  };
  const bytes = ((artifact.deployedBytecode ?? "0x").length - 2) / 2;
  if (bytes > 0) rows.push({ source, name: artifact.contractName, bytes });
}
rows.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));

const table = [
  "| contract | source | bytes | of the limit |",
  "| --- | --- | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.name} | \`${r.source}\` | ${r.bytes.toLocaleString("en-US")} | ${((100 * r.bytes) / SIZE_LIMIT).toFixed(1)}% |`,
  ),
].join("\n");

const readme = join(contractsRoot, "README.md");
const text = readFileSync(readme, "utf8");
const start = "<!-- sizes:start (written by scripts/sizes.ts) -->";
const end = "<!-- sizes:end -->";
const [before, rest] = text.split(start);
const after = rest?.split(end)[1];
if (before === undefined || after === undefined) throw new Error(`README.md has no ${start} … ${end} block`);
const next = `${before}${start}\n${table}\n${end}${after}`;

const over = rows.filter((r) => r.bytes > SIZE_LIMIT);
for (const r of over) console.error(`${r.name} is ${r.bytes} bytes, above the ${SIZE_LIMIT}-byte limit`);
if (process.argv.includes("--check")) {
  if (next !== text) {
    console.error(
      "packages/contracts/README.md: the contract sizes are stale (run npm run build -w @polity/contracts)",
    );
    process.exit(1);
  }
} else if (next !== text) {
  writeFileSync(readme, next);
}
if (over.length > 0) process.exit(1);
console.log(`largest contract: ${rows[0]?.name} ${rows[0]?.bytes} of ${SIZE_LIMIT} bytes`);
