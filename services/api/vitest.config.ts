import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["./test/globalSetup.ts"],
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores are shared with other work: a couple of files in parallel is the sweet spot.
    maxWorkers: 2,
  },
});
