/**
 * Answers that are the same for everyone asking the same URL (the DAO list, comments, off-chain
 * proposals): serialised once, reused for a short while per process, and sent with an ETag so that
 * a client that has the answer gets a 304 without a body. The data behind them changes with the
 * chain and the indexer, seconds apart, so a reuse within `ttlMs` shows nothing a client could not
 * have been shown a moment earlier.
 */
import { hash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { TtlCache } from "./ttlCache.ts";

export interface PublicAnswer {
  body: string;
  etag: string;
}

/** The serialised answer and its strong validator (a hash of the body). */
export function publicAnswerOf(document: unknown): PublicAnswer {
  const body = JSON.stringify(document);
  return { body, etag: `"${hash("sha1", body, "base64url")}"` };
}

/** Whether the request's `If-None-Match` names the answer's ETag (or `*`). */
export function isNotModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * Sends the answer as JSON with its ETag and `cache-control`, or 304 when the client has it. The
 * body is already serialised (its route's response schema was checked when it was built).
 */
export function sendPublicAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  cacheControl: string,
) {
  reply.header("etag", answer.etag).header("cache-control", cacheControl);
  if (isNotModified(req, answer.etag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(answer.body);
}

/** `cache-control` of an answer reused for `ttlMs`: shared caches may keep it too unless it is personal. */
export function cacheControlOf(ttlMs: number, isPersonal: boolean): string {
  const seconds = Math.floor(ttlMs / 1000);
  if (seconds === 0) return "no-cache";
  return `${isPersonal ? "private" : "public"}, max-age=${seconds}`;
}

/** Answers per URL for `ttlMs`; concurrent misses of one URL share one build. */
export class PublicAnswerCache {
  private readonly answers = new TtlCache<Promise<PublicAnswer>>(2_000);

  constructor(readonly ttlMs: number) {}

  get(key: string, build: () => Promise<unknown>): Promise<PublicAnswer> {
    if (this.ttlMs === 0) return build().then(publicAnswerOf);
    const hit = this.answers.get(key);
    if (hit) return hit;
    const pending = build().then(publicAnswerOf);
    this.answers.set(key, pending, this.ttlMs);
    // A failed build is not kept: the next request tries again.
    pending.catch(() => {
      if (this.answers.get(key) === pending) this.answers.delete(key);
    });
    return pending;
  }
}
