/** Where the tests' and the benchmarks' Chromium lives and how it runs (no browser library imported). */

/** Debian's Chromium (apt `chromium`); override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The switches every headless Chromium of the tests and benchmarks runs with. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
