import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isMessageKey } from "@polity/core/i18n/en";
import { describe, expect, it } from "vitest";
import catalogue from "../../locales/en/createPool.json";
import { VOTE_POWER_TYPES } from "./draft/createPoolDraft.ts";
import { WIZARD_STEPS } from "./wizardSteps.ts";

function has(path: string): boolean {
  let node: unknown = catalogue;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("createPool catalogue", () => {
  it("has every literal key the wizard translates", () => {
    const keys = new Set<string>();
    for (const file of sources(import.meta.dirname)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bt\(\s*"([^"]+)"/g)) keys.add(match[1] as string);
      for (const match of text.matchAll(/message: "((?:validation|errors)\.[^"]+)"/g))
        keys.add(match[1] as string);
    }
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].filter((key) => !has(key) && !isMessageKey(key));
    expect(missing).toEqual([]);
  });

  it("has the keys the wizard builds from enumerations", () => {
    const built = [
      ...WIZARD_STEPS.map((step) => `steps.${step.id}`),
      ...Object.keys(VOTE_POWER_TYPES).flatMap((type) => [
        `voting.model.${type}`,
        `voting.model.${type}Hint`,
      ]),
      ...["basic", "governance", "voting", "validators", "deploy"].map((item) => `start.checklist.${item}`),
      ...[
        "govPool",
        "settings",
        "userKeeper",
        "validators",
        "validatorsToken",
        "expertNft",
        "polynomialPower",
        "govToken",
      ].map((key) => `summary.predicted.${key}`),
    ];
    expect(built.filter((key) => !has(key))).toEqual([]);
  });
});
