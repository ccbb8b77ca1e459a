import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Every module here is pure (no module-level mutable state), so test files can share one
    // module graph; this cuts the run from ~15 s to ~2 s on the CI machine.
    isolate: false,
  },
});
