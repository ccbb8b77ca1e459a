import { type QueryParams, serializeQuery } from "@polity/core/queryString";
import { apiErrorFrom, networkError } from "./apiError.ts";

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
}

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

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    let response = await send(method, path, options);
    const usedOwnToken = options.isAuthenticated !== false && !options.headers?.authorization;
    if (response.status === 401 && usedOwnToken && deps.getAccessToken()) {
      if (await refreshOnce()) {
        response = await send(method, path, options);
      } else {
        deps.logout();
      }
    }
    if (!response.ok) throw await apiErrorFrom(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("POST", path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("PATCH", path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("PUT", path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
