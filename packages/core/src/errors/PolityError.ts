/**
 * Base error of the product, in the spirit of viem's BaseError: a stable `code`, a one-line
 * `shortMessage`, optional `details`, the original `cause`, and the i18n key of the message a user
 * should see (`messageKey`, English in `@polity/core/i18n/en`).
 */
import type { MessageKey, MessageParams } from "../i18n/en.ts";

export type PolityErrorOptions = {
  code: string;
  messageKey: MessageKey;
  messageParams?: MessageParams;
  details?: string;
  cause?: unknown;
  metaMessages?: readonly string[];
};

export class PolityError extends Error {
  override name = "PolityError";
  readonly code: string;
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly messageKey: MessageKey;
  readonly messageParams: MessageParams;
  readonly metaMessages: readonly string[];

  constructor(shortMessage: string, options: PolityErrorOptions) {
    const lines = [shortMessage];
    if (options.metaMessages?.length) lines.push("", ...options.metaMessages);
    if (options.details) lines.push("", `Details: ${options.details}`);
    super(lines.join("\n"), options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.messageKey = options.messageKey;
    this.messageParams = options.messageParams ?? {};
    this.metaMessages = options.metaMessages ?? [];
  }

  /**
   * Walks the cause chain and returns the first error satisfying `predicate`
   * (or the deepest cause when no predicate is given).
   */
  walk(predicate?: (err: unknown) => boolean): unknown {
    return walkErrorChain(this, predicate);
  }
}

export function walkErrorChain(err: unknown, predicate?: (err: unknown) => boolean): unknown {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current !== undefined && current !== null && !seen.has(current)) {
    if (predicate?.(current)) return current;
    seen.add(current);
    const next = (current as { cause?: unknown }).cause;
    if (next === undefined || next === null || typeof next !== "object") return predicate ? null : current;
    current = next;
  }
  return predicate ? null : current;
}

export function isPolityError(err: unknown): err is PolityError {
  return err instanceof PolityError;
}
