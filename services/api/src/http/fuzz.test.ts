import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployTestDao } from "../../test/chain/dao.ts";
import { accounts, bearer, DEPLOYER_KEYS, json, login, startApp } from "../../test/helpers.ts";

type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface RouteCase {
  method: Method;
  path: (seg: string) => string;
  type?: string;
  keys?: string[];
}

// Every route of the api's own modules; `seg` is a random path segment.
const ROUTES: RouteCase[] = [
  {
    method: "POST",
    path: () => "/integrations/nonce-auth-svc/nonce",
    type: "auth_nonce",
    keys: ["address", "chain_id"],
  },
  {
    method: "POST",
    path: () => "/integrations/nonce-auth-svc/login",
    type: "login_request",
    keys: ["auth_pair", "message"],
  },
  { method: "GET", path: () => "/integrations/nonce-auth-svc/refresh-token" },
  {
    method: "POST",
    path: () => "/integrations/comments-svc/comments",
    type: "comments",
    keys: ["chain_id", "pool_address", "page_id", "content", "parent_id"],
  },
  { method: "GET", path: (s) => `/integrations/comments-svc/comments/list/31337/${s}` },
  { method: "GET", path: (s) => `/integrations/comments-svc/comments/list/${s}/dao/x` },
  { method: "GET", path: (s) => `/integrations/comments-svc/comments/${s}` },
  {
    method: "PATCH",
    path: (s) => `/integrations/comments-svc/comments/${s}`,
    type: "comments",
    keys: ["content"],
  },
  { method: "DELETE", path: (s) => `/integrations/comments-svc/comments/${s}` },
  { method: "GET", path: (s) => `/integrations/comments-svc/page-stats/31337/${s}` },
  {
    method: "POST",
    path: () => "/integrations/comments-svc/reactions",
    type: "reactions",
    keys: ["type", "comment_id"],
  },
  { method: "DELETE", path: (s) => `/integrations/comments-svc/reactions/${s}` },
  { method: "GET", path: () => "/integrations/voting/proposal-types" },
  { method: "GET", path: (s) => `/integrations/voting/proposal-types/31337/${s}/grants` },
  {
    method: "POST",
    path: () => "/integrations/voting/proposals",
    type: "proposals",
    keys: ["chain_id", "pool_address", "type", "title", "description", "vote_options", "custom_parameters"],
  },
  { method: "GET", path: () => "/integrations/voting/proposals" },
  { method: "GET", path: (s) => `/integrations/voting/proposals/${s}` },
  { method: "GET", path: (s) => `/integrations/voting/proposals/${s}/votes` },
  {
    method: "POST",
    path: () => "/integrations/voting/proposals/submit",
    type: "submit",
    keys: ["chain_id", "proposal_type", "pool_address"],
  },
  { method: "GET", path: (s) => `/integrations/voting/proposals/count/31337/${s}` },
  {
    method: "GET",
    path: (s) =>
      `/integrations/voting/proposals/count/${s}/0x5fbdb2315678afecb367f032d93f642f64180aa3/active`,
  },
  {
    method: "POST",
    path: () => "/integrations/voting/vote",
    type: "votes",
    keys: ["proposal_id", "voter_address", "options"],
  },
  { method: "DELETE", path: (s) => `/integrations/voting/vote/${s}/${s}` },
  {
    method: "POST",
    path: () => "/integrations/ipfs-cache-svc/upload/json",
    type: "json-documents",
    keys: ["document"],
  },
  { method: "POST", path: () => "/integrations/ipfs-cache-svc/upload/image" },
  { method: "GET", path: (s) => `/integrations/ipfs-cache-svc/ipfs/${s}` },
  {
    method: "POST",
    path: () => "/integrations/ipfs-cache-svc/public/pool-info",
    type: "pool-info",
    keys: ["link"],
  },
  {
    method: "POST",
    path: () => "/integrations/ipfs-cache-svc/public/pools",
    type: "pools",
    keys: ["chain_id", "pool_address", "cid"],
  },
  {
    method: "POST",
    path: () => "/integrations/ipfs-cache-svc/public/proposals",
    type: "proposals",
    keys: ["chain_id", "pool_address", "cid", "proposal_id"],
  },
  { method: "GET", path: (s) => `/integrations/ipfs-cache-svc/public/pools/31337/${s}` },
];

let app: FastifyInstance;
let token: string;
let pool: string;

beforeAll(async () => {
  ({ app } = await startApp());
  const dao = await deployTestDao(DEPLOYER_KEYS.fuzz);
  await dao.setPower(accounts[0]!.address, 10n ** 20n);
  pool = dao.pool;
  token = (await login(app, accounts[0]!)).access;
});
afterAll(async () => {
  await app?.close();
});

// Values that look plausible to a route (addresses, ids, CIDs) mixed with hostile ones.
const plausible = () =>
  fc.oneof(
    fc.constantFrom(
      pool ?? "0x0",
      "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      "31337",
      "1",
      "-1",
      "0",
      "like",
      "for_against",
    ),
    fc.constantFrom(
      "bagaaierasords4njcts6vs7qvdjfcvgnume4hqohf65zsfguprqphs3icwea",
      "ipfs://x",
      "",
      " ",
      "\u0000",
      "%00",
    ),
    fc.integer(),
    fc.double(),
    fc.bigInt().map(String),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 40 }),
    fc.array(fc.oneof(fc.integer({ min: -2, max: 12 }), fc.string({ maxLength: 5 })), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  );

const bodyFor = (route: RouteCase) =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.record({ data: fc.record({ type: fc.string(), attributes: fc.jsonValue({ maxDepth: 3 }) }) }),
    fc
      .record(Object.fromEntries((route.keys ?? ["x"]).map((k) => [k, plausible()])), { requiredKeys: [] })
      .chain((attributes) =>
        fc.record({
          data: fc.record({
            type: fc.oneof(fc.constant(route.type ?? "x"), fc.string({ maxLength: 10 })),
            attributes: fc.oneof(fc.constant(attributes), fc.constant({ ...attributes, unexpected: 1 })),
          }),
        }),
      ),
  );

const segment = fc.oneof(
  fc.constantFrom(
    "1",
    "0",
    "-5",
    "999999999999999999999",
    "abc",
    "0x12",
    "..",
    "%2F",
    "%ZZ",
    "dao%2Fx%2Fproposals",
  ),
  fc.webSegment(),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const query = fc.oneof(
  fc.constant(""),
  fc.constantFrom(
    "?page[limit]=0",
    "?page[limit]=100000",
    "?page[number]=abc",
    "?page[order]=sideways",
    "?filter[status]=7",
    "?filter[a][b]=1",
    "?page=1",
    "?filter[pool_address]=nope",
    "?filter[chain_id]=x&filter[pool_address]=0x5fbdb2315678afecb367f032d93f642f64180aa3",
  ),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), { maxKeys: 3 })
    .map((d) => `?${new URLSearchParams(d).toString()}`),
);

function assertJsonApi(status: number, body: string) {
  expect(status, body).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(Array.isArray(parsed.errors)).toBe(true);
    expect(typeof parsed.errors[0].title).toBe("string");
    expect(typeof parsed.errors[0].detail).toBe("string");
    expect(parsed.errors[0].status).toBe(String(status));
  }
}

describe("fuzzing every route", () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path(":param")} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          segment,
          query,
          bodyFor(route),
          fc.constantFrom("session", "none", "garbage"),
          fc.constantFrom("application/json", "text/plain", "image/png", "application/vnd.api+json"),
          fc.boolean(),
          async (seg, q, body, auth, contentType, isRawString) => {
            const options: InjectOptions = {
              method: route.method,
              url: `${route.path(seg)}${q}`,
              headers: {
                ...(auth === "session" ? bearer(token) : auth === "garbage" ? bearer("x.y.z") : {}),
                ...(route.method === "GET" || route.method === "DELETE"
                  ? {}
                  : { "content-type": contentType }),
              },
              ...(route.method === "GET" || route.method === "DELETE"
                ? {}
                : { payload: isRawString ? JSON.stringify(body).slice(0, 7) : JSON.stringify(body) }),
            };
            const res = await app.inject(options);
            assertJsonApi(res.statusCode, res.body);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it("keeps answering after the fuzzing (no poisoned state)", async () => {
    const res = await app.inject({ method: "GET", url: "/health" });
    expect(json(res)).toEqual({ status: "ok" });
  });
});
