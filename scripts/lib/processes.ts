import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname } from "node:path";

/** A child process started in its own process group, so stopping it also stops what it spawned. */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (or null when killed by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  /** Also copy the output to this process's stdout/stderr. */
  echo?: boolean;
}

const live = new Set<ManagedProcess>();

// Last resort when the parent dies without running its shutdown path: never leave orphans behind.
process.on("exit", () => {
  for (const proc of live) killGroup(proc.child, "SIGKILL");
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

export function startProcess(options: StartOptions): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: "a" });
  log.write(`\n--- ${new Date().toISOString()} ${options.command} ${options.args.join(" ")}\n`);
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A process's pipes may still deliver output after it exits (a grandchild in its group writes until it is
  // killed): what comes once the log is closed by `stop` is dropped, never written to the ended stream.
  const record = (chunk: Buffer | string) => {
    if (!log.writableEnded) log.write(chunk);
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    record(chunk);
    if (options.echo) process.stdout.write(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    record(chunk);
    if (options.echo) process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("error", (err) => {
      record(`\n[failed to start] ${err.message}\n`);
      resolve(-1);
    });
    child.on("exit", (code) => resolve(code));
  });
  const proc: ManagedProcess = {
    name: options.name,
    child,
    logFile: options.logFile,
    exited,
    async stop() {
      killGroup(child, "SIGTERM");
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 8000).unref()),
      ]);
      if (timedOut) {
        killGroup(child, "SIGKILL");
        await exited;
      }
      // Grandchildren that ignored SIGTERM while the leader exited still share the group id.
      killGroup(child, "SIGKILL");
      live.delete(proc);
      log.end();
    },
  };
  live.add(proc);
  void exited.then(() => live.delete(proc));
  return proc;
}

/** Runs a command to completion; rejects with the tail of its log when it fails. */
export async function runToCompletion(options: StartOptions): Promise<void> {
  const proc = startProcess(options);
  const code = await proc.exited;
  live.delete(proc);
  if (code !== 0) throw new StageError(options.name, `exited with code ${code}`, options.logFile);
}

export class StageError extends Error {
  readonly stage: string;
  readonly logFile: string | undefined;

  constructor(stage: string, reason: string, logFile?: string) {
    super(`${stage}: ${reason}${logFile ? `\n--- last lines of ${logFile}:\n${tail(logFile, 30)}` : ""}`);
    this.name = "StageError";
    this.stage = stage;
    this.logFile = logFile;
  }
}

export function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Polls `probe` until it answers true. Fails early when the watched process exits, and after
 * `timeoutMs` — readiness is always an observed answer, never a sleep.
 */
export async function waitUntil(
  stage: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; process?: ManagedProcess; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let exitCode: number | null | undefined;
  void options.process?.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new StageError(
        stage,
        `process exited (code ${exitCode}) before it was ready`,
        options.process?.logFile,
      );
    }
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 250));
  }
  throw new StageError(stage, `not ready after ${options.timeoutMs / 1000}s`, options.process?.logFile);
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

export async function rpcChainId(url: string): Promise<number> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(2000),
  });
  const body = (await res.json()) as { result?: string };
  return Number(body.result);
}

export function isPortFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port the OS says is free now (several suites, benches or engineers can run side by side). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
