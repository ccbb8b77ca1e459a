import { compileErrors, validate } from "@readme/openapi-parser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  bearer,
  createTestDatabase,
  doc,
  expectJsonApiError,
  json,
  login,
  startApp,
  WEB_ORIGIN,
} from "../test/helpers.ts";
import { migrate } from "./db/migrate.ts";
import { createPool } from "./db/pool.ts";
import { parseQuery } from "./http/query.ts";

let ctx: Awaited<ReturnType<typeof startApp>>;

beforeAll(async () => {
  ctx = await startApp();
});
afterAll(async () => {
  await ctx?.app.close();
});

describe("server", () => {
  it("reports health when the database answers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: "ok" });
  });

  it("reports 503 when the database is gone", async () => {
    const { app, databaseUrl } = await startApp();
    try {
      const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, "/postgres") });
      await admin.connect();
      await admin.query(`DROP DATABASE ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
      const res = await app.inject({ method: "GET", url: "/health" });
      expectJsonApiError(res, 503);
    } finally {
      await app.close();
    }
  });

  it("publishes an OpenAPI document describing every route", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/integrations/openapi.json" });
    expect(res.statusCode).toBe(200);
    const spec = json(res);
    expect(spec.openapi).toMatch(/^3\./);
    const paths = Object.keys(spec.paths);
    for (const p of [
      "/integrations/nonce-auth-svc/nonce",
      "/integrations/nonce-auth-svc/login",
      "/integrations/nonce-auth-svc/refresh-token",
      "/integrations/comments-svc/comments",
      "/integrations/comments-svc/comments/{commentId}",
      "/integrations/comments-svc/reactions",
      "/integrations/voting/proposals",
      "/integrations/voting/proposals/submit",
      "/integrations/voting/vote",
      "/integrations/ipfs-cache-svc/upload/json",
      "/integrations/ipfs-cache-svc/public/pool-info",
    ]) {
      expect(paths).toContain(p);
    }
    expect(spec.paths["/integrations/voting/vote"].post.requestBody).toBeDefined();
  });

  it("publishes a valid OpenAPI 3.1 document: every reference resolves", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/integrations/openapi.json" });
    const spec = json(res);
    expect(spec.openapi).toBe("3.1.0");
    // The validator dereferences what it is given: it gets its own copy.
    const result = await validate(structuredClone(spec));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(spec.components.schemas.JsonValue).toBeDefined();
  });

  it("describes the answer of every operation: a 2xx response with a content schema (204 answers no body)", async () => {
    const spec = json(await ctx.app.inject({ method: "GET", url: "/integrations/openapi.json" }));
    const methods = ["get", "post", "put", "patch", "delete"];
    const operations: string[] = [];
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      for (const method of methods.filter((m) => item[m])) {
        const name = `${method.toUpperCase()} ${path}`;
        operations.push(name);
        const responses =
          (item[method] as { responses?: Record<string, { content?: unknown }> }).responses ?? {};
        const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
        const described = success.filter(([status, response]) => {
          if (status === "204") return response.content === undefined;
          const content = Object.values((response.content ?? {}) as Record<string, { schema?: unknown }>);
          return content.length > 0 && content.every((media) => media.schema !== undefined);
        });
        if (success.length === 0 || described.length !== success.length) undescribed.push(name);
      }
    }
    expect(operations.length).toBeGreaterThanOrEqual(45);
    expect(undescribed).toEqual([]);
  });

  it("describes the error answers of every operation with core's JSON:API error document", async () => {
    const spec = json(await ctx.app.inject({ method: "GET", url: "/integrations/openapi.json" }));
    const errorRef = "#/components/schemas/JsonApiErrorDocument";
    expect(spec.components.schemas.JsonApiErrorDocument.properties.errors.type).toBe("array");
    const errorsOf = (path: string, method: string) => {
      const responses = spec.paths[path][method].responses as Record<
        string,
        { content?: Record<string, { schema?: { $ref?: string } }> }
      >;
      return Object.fromEntries(
        Object.entries(responses)
          .filter(([status]) => /^4\d\d$/.test(status))
          .map(([status, r]) => [status, r.content?.["application/json"]?.schema?.$ref]),
      );
    };
    const methods = ["get", "post", "put", "patch", "delete"];
    const withoutErrors: string[] = [];
    for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      for (const method of methods.filter((m) => item[m])) {
        const errors = errorsOf(path, method);
        if (Object.keys(errors).length === 0 || Object.values(errors).some((ref) => ref !== errorRef)) {
          withoutErrors.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(withoutErrors).toEqual([]);
    expect(
      Object.keys(errorsOf("/integrations/tracker/{chainId}/pools/gov/{pool}/stats/latest", "get")),
    ).toEqual(["400", "404", "429"]);
    expect(Object.keys(errorsOf("/integrations/voting/vote", "post"))).toEqual([
      "400",
      "401",
      "403",
      "404",
      "409",
      "429",
    ]);
    expect(Object.keys(errorsOf("/integrations/nonce-auth-svc/refresh-token", "get"))).toEqual([
      "401",
      "429",
    ]);
  });

  it("answers unknown routes, malformed JSON and oversized bodies as JSON:API errors", async () => {
    expectJsonApiError(await ctx.app.inject({ method: "GET", url: "/integrations/nope" }), 404);
    expectJsonApiError(
      await ctx.app.inject({
        method: "POST",
        url: "/integrations/nonce-auth-svc/nonce",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
      400,
    );
    expectJsonApiError(
      await ctx.app.inject({
        method: "POST",
        url: "/integrations/ipfs-cache-svc/upload/json",
        payload: doc("json-documents", { document: "x".repeat(1_100_000) }),
      }),
      413,
    );
  });

  it("accepts the JSON:API media type", async () => {
    const { access } = await login(ctx.app, accounts[0]!);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/integrations/ipfs-cache-svc/upload/json",
      headers: { "content-type": "application/vnd.api+json", ...bearer(access) },
      payload: JSON.stringify(doc("json-documents", { document: { a: 1 } })),
    });
    expect(res.statusCode).toBe(201);
  });

  it("allows CORS for the web origins only", async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: "OPTIONS",
        url: "/integrations/voting/proposals",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization",
        },
      });
    const ok = await preflight(WEB_ORIGIN);
    expect(ok.headers["access-control-allow-origin"]).toBe(WEB_ORIGIN);
    const evil = await preflight("https://evil.example");
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("limits requests per IP with 429", async () => {
    const limited = await startApp({ RATE_LIMIT_MAX: "3" });
    try {
      const hit = (ip: string) =>
        limited.app.inject({ method: "GET", url: "/integrations/ping", remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await hit("10.0.0.1")).statusCode).toBe(200);
      const res = await hit("10.0.0.1");
      expectJsonApiError(res, 429);
      expect(res.headers["retry-after"]).toBeDefined();
      expect((await hit("10.0.0.2")).statusCode).toBe(200);
      // Sign-in has its own budget (a tenth of the general one, at least 10 per window).
      const nonce = () =>
        limited.app.inject({
          method: "POST",
          url: "/integrations/nonce-auth-svc/nonce",
          remoteAddress: "10.0.0.3",
          payload: doc("auth_nonce", {
            address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
            chain_id: 31337,
          }),
        });
      for (let i = 0; i < 10; i++) expect((await nonce()).statusCode).toBe(200);
      expectJsonApiError(await nonce(), 429);
    } finally {
      await limited.app.close();
    }
  });
});

describe("behind a reverse proxy", () => {
  it.each([
    ["a hop count", "1"],
    ["the proxy's address", "10.9.9.9"],
  ])(
    "L2 a forged X-Forwarded-For neither changes the client address nor escapes the rate limit (%s)",
    async (_, trust) => {
      const proxied = await startApp({ RATE_LIMIT_MAX: "3", TRUST_PROXY: trust });
      try {
        // The proxy (10.9.9.9) appends the address it saw; whatever the client put before it is forged.
        const hit = (forged: string) =>
          proxied.app.inject({
            method: "GET",
            url: "/integrations/ping",
            remoteAddress: "10.9.9.9",
            headers: { "x-forwarded-for": `${forged}, 203.0.113.7` },
          });
        for (let i = 0; i < 3; i++) expect((await hit(`198.51.100.${i}`)).statusCode).toBe(200);
        expectJsonApiError(await hit("198.51.100.200"), 429);
        // Another real client behind the same proxy keeps its own budget.
        const other = await proxied.app.inject({
          method: "GET",
          url: "/integrations/ping",
          remoteAddress: "10.9.9.9",
          headers: { "x-forwarded-for": "203.0.113.8" },
        });
        expect(other.statusCode).toBe(200);
      } finally {
        await proxied.app.close();
      }
    },
  );
});

describe("migrations", () => {
  it("apply once even when two instances start together", async () => {
    const databaseUrl = await createTestDatabase();
    const a = createPool(databaseUrl);
    const b = createPool(databaseUrl);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      expect(ra.applied.length + rb.applied.length).toBe(ra.applied.length || rb.applied.length);
      const { rows } = await a.query("SELECT count(*)::int AS n FROM api.schema_migrations");
      expect(rows[0].n).toBeGreaterThanOrEqual(4);
      expect((await migrate(a)).applied).toEqual([]);
    } finally {
      await a.end();
      await b.end();
    }
  });
});

describe("query strings", () => {
  it("nest one level only; deeper keys stay unknown", () => {
    expect(parseQuery("page[number]=2&page[limit]=5&filter[status]=0,1")).toEqual({
      page: { number: "2", limit: "5" },
      filter: { status: "0,1" },
    });
    expect(Object.keys(parseQuery("a[b][c]=1"))).toEqual(["a[b][c]"]);
  });
});
