import assert from "node:assert/strict";
import { test } from "node:test";
import { countTests } from "./testSummary.ts";

test("reads Vitest's summary, with and without failures and colours", () => {
  assert.deepEqual(countTests("\n      Tests  12 passed (12)\n"), { passed: 12, failed: 0 });
  assert.deepEqual(countTests("\u001b[2m      Tests \u001b[22m 1 failed | 11 passed (12)\n"), {
    passed: 11,
    failed: 1,
  });
});

test("reads node:test's spec and TAP reporters", () => {
  assert.deepEqual(countTests("ℹ tests 5\nℹ pass 4\nℹ fail 1\n"), { passed: 4, failed: 1 });
  assert.deepEqual(countTests("# tests 3\n# pass 3\n# fail 0\n"), { passed: 3, failed: 0 });
});

test("reads Mocha-style summaries and adds several runs together", () => {
  assert.deepEqual(countTests("  7 passing (2s)\n  2 failing\n      Tests  3 passed (3)\n"), {
    passed: 10,
    failed: 2,
  });
});

test("counts nothing in output without a summary", () => {
  assert.deepEqual(countTests("compiled 12 files\nall good\n"), { passed: 0, failed: 0 });
});
