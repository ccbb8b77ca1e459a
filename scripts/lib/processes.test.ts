import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout } from "node:timers/promises";
import { isPortFree, runToCompletion, StageError, startProcess, waitUntil } from "./processes.ts";

/** Alive and not a zombie waiting to be reaped by whatever adopted it. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const logDir = mkdtempSync(join(tmpdir(), "polity-proc-"));

/** A process named `name` running the shell `script`, logging to its own file. */
const shell = (name: string, script: string) =>
  startProcess({
    name,
    command: "sh",
    args: ["-c", script],
    cwd: logDir,
    logFile: join(logDir, `${name}.log`),
  });

test("stopping a process also stops the children it spawned", async () => {
  const proc = shell("tree", "sleep 30 & echo child=$!; wait");
  await waitUntil("tree", async () => readFileSync(proc.logFile, "utf8").includes("child="), {
    timeoutMs: 5000,
  });
  const childPid = Number(/child=(\d+)/.exec(readFileSync(proc.logFile, "utf8"))?.[1]);
  await proc.stop();
  // The child gets the signal with its group; on a busy machine it may take a moment to exit and be reaped.
  for (let waited = 0; isRunning(childPid) && waited < 5000; waited += 50) await setTimeout(50);
  assert.equal(isRunning(childPid), false);
});

test("waitUntil fails fast with the log tail when the process exits before it is ready", async () => {
  const proc = shell("crashy", "echo boom-before-ready; exit 3");
  await assert.rejects(
    waitUntil("crashy", async () => false, { timeoutMs: 10_000, process: proc }),
    (err: unknown) =>
      err instanceof StageError && /code 3/.test(err.message) && /boom-before-ready/.test(err.message),
  );
});

test("runToCompletion rejects on a non-zero exit", async () => {
  await runToCompletion({
    name: "ok",
    command: "true",
    args: [],
    cwd: logDir,
    logFile: join(logDir, "ok.log"),
  });
  await assert.rejects(
    runToCompletion({
      name: "bad",
      command: "false",
      args: [],
      cwd: logDir,
      logFile: join(logDir, "bad.log"),
    }),
    StageError,
  );
});

test("isPortFree sees a port that is taken", async () => {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  assert.equal(await isPortFree(port), false);
  await new Promise<void>((r) => server.close(() => r()));
  assert.equal(await isPortFree(port), true);
});
