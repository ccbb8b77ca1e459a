import { tokensDocument } from "@polity/core/records/auth";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./apiError.ts";
import { createHttpClient } from "./httpClient.ts";

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function setup(responses: Response[], options: { token?: string; refreshResult?: boolean } = {}) {
  let token = options.token;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error("unexpected request");
    return next;
  });
  const refresh = vi.fn(async () => {
    if (options.refreshResult) token = "fresh";
    return options.refreshResult ?? false;
  });
  const logout = vi.fn();
  const client = createHttpClient({
    baseUrl: "http://api.test",
    fetch: fetchMock,
    getAccessToken: () => token,
    refresh,
    logout,
  });
  const authOf = (call: number) =>
    (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.authorization;
  return { client, fetchMock, refresh, logout, authOf };
}

describe("createHttpClient", () => {
  it("adds the bearer access token unless an authorization header is already set", async () => {
    const { client, authOf } = setup([json(200, { ok: 1 }), json(200, { ok: 2 })], { token: "access-1" });
    await client.get("/a");
    await client.get("/b", { headers: { authorization: "Bearer refresh-9" } });
    expect(authOf(0)).toBe("Bearer access-1");
    expect(authOf(1)).toBe("Bearer refresh-9");
  });

  it("on a 401 refreshes once and retries with the new token", async () => {
    const { client, refresh, logout, authOf } = setup([json(401, {}), json(200, { value: 42 })], {
      token: "stale",
      refreshResult: true,
    });
    await expect(client.get("/x")).resolves.toEqual({ value: 42 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(authOf(1)).toBe("Bearer fresh");
    expect(logout).not.toHaveBeenCalled();
  });

  it("logs out when the refresh fails and reports the 401", async () => {
    const { client, refresh, logout, fetchMock } = setup(
      [json(401, { errors: [{ title: "Unauthorized", detail: "token expired" }] })],
      { token: "stale", refreshResult: false },
    );
    const error = await client.get("/x").catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not refresh again when the retried request is also refused", async () => {
    const { client, refresh } = setup([json(401, {}), json(401, {})], {
      token: "stale",
      refreshResult: true,
    });
    await expect(client.get("/x")).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { client, refresh } = setup([json(401, {}), json(401, {}), json(200, 1), json(200, 2)], {
      token: "stale",
      refreshResult: true,
    });
    await Promise.all([client.get("/a"), client.get("/b")]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("reads the first JSON:API error, and names a multi-error answer as the spec does", async () => {
    const single = setup([
      json(404, { errors: [{ title: "Not found", detail: "no pool", meta: { a: 1 } }] }),
    ]);
    await expect(single.client.get("/x")).rejects.toMatchObject({
      status: 404,
      title: "Not found",
      details: "no pool",
      meta: { a: 1 },
    });
    const several = setup([json(400, { errors: [{ title: "a" }, { title: "b" }] })]);
    await expect(several.client.get("/x")).rejects.toMatchObject({ title: "Request contains some errors." });
  });

  it("turns a failed fetch into a network error", async () => {
    const client = createHttpClient({
      baseUrl: "",
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
      getAccessToken: () => undefined,
      refresh: async () => false,
      logout: () => {},
    });
    await expect(client.get("/x")).rejects.toMatchObject({
      status: null,
      kind: "network",
      title: "Network error",
    });
  });

  it("sends JSON bodies as JSON:API", async () => {
    const { client, fetchMock } = setup([json(201, { data: {} })]);
    await client.post("/upload", { data: { type: "t" } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"data":{"type":"t"}}');
    expect((init?.headers as Record<string, string> | undefined)?.["content-type"]).toBe(
      "application/vnd.api+json",
    );
  });
});

it("serializes queries with one nesting level", async () => {
  const { client, fetchMock } = setup([json(200, {})]);
  await client.get("/list", { query: { sort: "-tvl", search: undefined, page: { number: 2, limit: 25 } } });
  expect(fetchMock.mock.calls[0]?.[0]).toBe("http://api.test/list?sort=-tvl&page[number]=2&page[limit]=25");
});

describe("answers parsed with core's record schemas", () => {
  const answer = {
    data: {
      id: "1",
      type: "tokens",
      attributes: { access_token: { id: "a", exp: 1 }, refresh_token: { id: "r", exp: 2 } },
    },
  };

  it("answers the parsed document, without fields the schema does not know", async () => {
    const { client } = setup([json(200, { ...answer, extra: true })]);
    const document = await client.get("/tokens", { schema: tokensDocument });
    expect(document).toEqual(answer);
    expect(document.data.attributes.refresh_token.exp).toBe(2);
  });

  it("refuses an answer that breaks the contract, naming the route", async () => {
    const { client } = setup([
      json(200, { data: { id: "1", type: "tokens", attributes: { access_token: "x" } } }),
    ]);
    const error = await client.get("/tokens?x=1", { schema: tokensDocument }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, kind: "internal", title: "Unexpected answer" });
    expect((error as ApiError).details).toBe("The answer of /tokens does not match its schema");
  });
});
