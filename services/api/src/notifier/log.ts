/** The notifier's structured log: one JSON line per entry, like the api's pino lines. */
export interface Log {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

const LEVELS = { silent: 100, fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10 } as const;

export function jsonLog(level: string, write: (line: string) => void = (l) => process.stdout.write(l)): Log {
  const min = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const entry = (n: number) => (fields: Record<string, unknown>, msg: string) => {
    if (n < min) return;
    const { err, ...rest } = fields;
    const error =
      err instanceof Error ? { err: { type: err.name, message: err.message, stack: err.stack } } : {};
    write(`${JSON.stringify({ level: n, time: Date.now(), name: "notifier", ...rest, ...error, msg })}\n`);
  };
  return { info: entry(LEVELS.info), warn: entry(LEVELS.warn), error: entry(LEVELS.error) };
}
