import { type QueryParams, serializeQuery } from "@polity/core/queryString";
import * as z from "zod/mini";
import { apiErrorFrom, invalidAnswer, networkError } from "./apiError.ts";

export interface RequestOptions {
  /** Serialized by core's rules: one nesting level (`page: { number: 2 }` → `page[number]=2`). */
  query?: QueryParams;
  body?: unknown;
  /** Raw body sent as is (uploads); `body` is JSON-encoded otherwise. */
  rawBody?: Blob | ArrayBuffer;
  headers?: Record<string, string>;
  /** Send the access token; on by default. */
  isAuthenticated?: boolean;
  signal?: AbortSignal;
  /**
   * The answer's schema, one of core's records (`@polity/core/records/<service>`): the answer is
   * parsed with it and typed by it; an answer it refuses is an error, never a silent cast.
   */
  schema?: z.core.$ZodType;
}

/** What a request answers: parsed by its schema, or `unknown` (no body expected) without one. */
export type Answer<O> = O extends { schema: infer S extends z.core.$ZodType } ? z.output<S> : unknown;

export interface HttpClientDeps {
  baseUrl: string;
  fetch?: typeof fetch;
  getAccessToken(): string | undefined;
  /** Refreshes the session; resolves false when it cannot (then the client logs out). */
  refresh(): Promise<boolean>;
  logout(): void;
}

function withQuery(path: string, query: QueryParams | undefined): string {
  const text = query ? serializeQuery(query) : "";
  return text ? `${path}?${text}` : path;
}

export function createHttpClient(deps: HttpClientDeps) {
  // Resolved per call, so a replaced global fetch (service worker shims, tests) is honoured.
  const doFetch: typeof fetch = (input, init) => (deps.fetch ?? globalThis.fetch)(input, init);
  let refreshing: Promise<boolean> | undefined;

  function refreshOnce(): Promise<boolean> {
    // Concurrent 401s share one refresh call.
    refreshing ??= deps.refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/vnd.api+json, application/json" };
    if (options.body !== undefined) headers["content-type"] = "application/vnd.api+json";
    Object.assign(headers, options.headers);
    const hasAuthorization = Object.keys(headers).some((h) => h.toLowerCase() === "authorization");
    if (options.isAuthenticated !== false && !hasAuthorization) {
      const token = deps.getAccessToken();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    try {
      return await doFetch(`${deps.baseUrl}${withQuery(path, options.query)}`, {
        method,
        headers,
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      throw networkError(err);
    }
  }

  async function request<O extends RequestOptions>(
    method: string,
    path: string,
    options?: O,
  ): Promise<Answer<O>> {
    const opts: RequestOptions = options ?? {};
    let response = await send(method, path, opts);
    const usedOwnToken = opts.isAuthenticated !== false && !opts.headers?.authorization;
    if (response.status === 401 && usedOwnToken && deps.getAccessToken()) {
      if (await refreshOnce()) {
        response = await send(method, path, opts);
      } else {
        deps.logout();
      }
    }
    if (!response.ok) throw await apiErrorFrom(response);
    const text = response.status === 204 ? "" : await response.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!opts.schema) return body as Answer<O>;
    const parsed = z.safeParse(opts.schema, body);
    if (!parsed.success) throw invalidAnswer(response.status, path, parsed.error);
    return parsed.data as Answer<O>;
  }

  return {
    request,
    get: <O extends RequestOptions>(path: string, options?: O) => request("GET", path, options),
    post: <O extends RequestOptions>(path: string, body?: unknown, options?: O) =>
      request("POST", path, { ...options, body } as O),
    patch: <O extends RequestOptions>(path: string, body?: unknown, options?: O) =>
      request("PATCH", path, { ...options, body } as O),
    put: <O extends RequestOptions>(path: string, body?: unknown, options?: O) =>
      request("PUT", path, { ...options, body } as O),
    delete: <O extends RequestOptions>(path: string, options?: O) => request("DELETE", path, options),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
