import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { contractsRoot, sources } from "../scripts/lib/artifacts.ts";

/**
 * Beacon-proxied components keep every DAO's storage across upgrades, so their layout is append-only: every
 * variable and struct member recorded in `storage-layout.json` must keep its slot, offset and type. New
 * storage fails this test until it is recorded: `STORAGE_LAYOUT_WRITE=1 npm test` rewrites the file, and
 * only after the recorded entries were found unchanged.
 */
const COMPONENTS = [
  "GovPool",
  "GovSettings",
  "GovUserKeeper",
  "GovValidators",
  "ExpertNft",
  "PolynomialPower",
  "TokenSaleProposal",
  "DistributionProposal",
] as const;
const snapshotFile = join(contractsRoot, "test", "storage-layout.json");

type StorageEntry = { label: string; slot: string; offset: number; type: string };
type StorageType = {
  label: string;
  encoding: string;
  members?: StorageEntry[];
  key?: string;
  value?: string;
  base?: string;
};
type Layout = { storage: StorageEntry[]; types: Record<string, StorageType> | null };

function layoutOf(name: (typeof COMPONENTS)[number]): Layout {
  const source = sources[name];
  const artifact = JSON.parse(
    readFileSync(join(contractsRoot, "artifacts", source, `${name}.json`), "utf8"),
  ) as { buildInfoId: string };
  const output = JSON.parse(
    readFileSync(
      join(contractsRoot, "artifacts", "build-info", `${artifact.buildInfoId}.output.json`),
      "utf8",
    ),
  ) as { output: { contracts: Record<string, Record<string, { storageLayout?: Layout }>> } };
  const layout = output.output.contracts[`project/${source}`]?.[name]?.storageLayout;
  assert.ok(layout, `no storage layout for ${name} (outputSelection in hardhat.config.ts)`);
  return layout;
}

/** One line per variable and per (nested) struct member: `path @ slot+offset : type`. */
function entries(layout: Layout): string[] {
  const types = layout.types ?? {};
  const out: string[] = [];
  const walk = (path: string, type: string, depth: number) => {
    const t = types[type];
    if (!t || depth > 4) return;
    if (t.members) {
      for (const m of t.members) {
        out.push(`${path}.${m.label} @ ${m.slot}+${m.offset} : ${types[m.type]?.label ?? m.type}`);
        walk(`${path}.${m.label}`, m.type, depth + 1);
      }
    }
    if (t.value) walk(`${path}[]`, t.value, depth + 1);
    if (t.base) walk(`${path}[]`, t.base, depth + 1);
  };
  for (const v of layout.storage) {
    out.push(`${v.label} @ ${v.slot}+${v.offset} : ${types[v.type]?.label ?? v.type}`);
    walk(v.label, v.type, 0);
  }
  return out;
}

describe("storage layout of the upgradeable components", () => {
  it("keeps every recorded variable and struct member in place (append-only)", () => {
    const recorded = JSON.parse(readFileSync(snapshotFile, "utf8")) as Record<string, string[]>;
    const current: Record<string, string[]> = {};
    for (const name of COMPONENTS) {
      current[name] = entries(layoutOf(name));
      const now = new Set(current[name]);
      const moved = (recorded[name] ?? []).filter((e) => !now.has(e));
      assert.deepEqual(moved, [], `${name}: recorded storage changed (beacon upgrades would corrupt DAOs)`);
    }
    if (process.env.STORAGE_LAYOUT_WRITE === "1") {
      writeFileSync(snapshotFile, `${JSON.stringify(current, null, 2)}\n`);
      return;
    }
    for (const name of COMPONENTS) {
      const known = new Set(recorded[name] ?? []);
      const added = current[name]!.filter((e) => !known.has(e));
      assert.deepEqual(added, [], `${name}: new storage not recorded (STORAGE_LAYOUT_WRITE=1 npm test)`);
    }
  });
});
