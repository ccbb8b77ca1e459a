import { stripVTControlCharacters } from "node:util";

/** Reads the runner's own summary lines: Vitest, node:test (spec and TAP reporters), Mocha-style. */
export function countTests(output: string): { passed: number; failed: number } {
  const text = stripVTControlCharacters(output);
  let passed = 0;
  let failed = 0;
  for (const line of text.split("\n")) {
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (vitest?.[1]) {
      passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
      continue;
    }
    const nodePass = /^[ℹ#]\s*pass\s+(\d+)\s*$/.exec(line);
    if (nodePass) passed += Number(nodePass[1]);
    const nodeFail = /^[ℹ#]\s*fail\s+(\d+)\s*$/.exec(line);
    if (nodeFail) failed += Number(nodeFail[1]);
    const mochaPass = /^\s*(\d+) passing\b/.exec(line);
    if (mochaPass) passed += Number(mochaPass[1]);
    const mochaFail = /^\s*(\d+) failing\b/.exec(line);
    if (mochaFail) failed += Number(mochaFail[1]);
  }
  return { passed, failed };
}
