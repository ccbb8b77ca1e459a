import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  define: { __POLITY_LOCAL_CHAIN__: "false" },
  test: {
    restoreMocks: true,
    // A slow or shared CI machine renders several times slower than a developer's: a test fails on
    // what it asserts, not on the machine's speed.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/build/productionBuild.test.ts"],
          // One jsdom per worker, each test file still in its own VM context: about four times faster
          // than a fresh worker and jsdom per file.
          pool: "vmThreads",
        },
      },
      {
        extends: true,
        // The production build runs Vite itself, which needs a plain Node process.
        test: {
          name: "build",
          environment: "node",
          include: ["src/build/productionBuild.test.ts"],
          pool: "forks",
        },
      },
    ],
  },
});
