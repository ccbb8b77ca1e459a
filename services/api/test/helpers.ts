import { randomBytes } from "node:crypto";
import { isApiMessageKey } from "@polity/core/i18n/api";
import { errorDocumentRecord } from "@polity/core/records/jsonapi";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import type { PrivateKeyAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { inject } from "vitest";
import { devKey } from "../../../packages/contracts/scripts/lib/localChain.ts";
import { type BuildAppOptions, buildApp } from "../src/app.ts";
import { type ApiConfig, loadConfig } from "../src/config.ts";

export const WEB_ORIGIN = "http://localhost:5173";

/** Hardhat's publicly known development accounts (never hold value), #0-#5. */
export const DEV_KEYS = [
  devKey("deployer"),
  devKey("alice"),
  devKey("bob"),
  devKey("carol"),
  devKey("dave"),
  devKey("erin"),
] as const;
/** Deployers, one per test file, so parallel files never race for account nonces. */
export const DEPLOYER_KEYS = {
  comments: devKey("v1"),
  voting: devKey("v2"),
  fuzz: devKey("v3"),
  protocol: devKey("newcomer"),
  ipfs: devKey("stranger"),
} as const;
export const accounts: PrivateKeyAccount[] = DEV_KEYS.map((k) => privateKeyToAccount(k));
/** The first four dev accounts by name, as the suites' members call them. */
export const [alice, bob, carol, dave] = accounts as [
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
];

/** A fresh database on the test server, so files never see each other's rows. */
export async function createTestDatabase(): Promise<string> {
  const server = inject("pgServerUrl");
  const name = `api_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): ApiConfig {
  const config = loadConfig({
    NODE_ENV: "test",
    RPC_URL_31337: inject("rpcUrl"),
    WEB_ORIGINS: `${WEB_ORIGIN},http://127.0.0.1:5173`,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    RATE_LIMIT_MAX: "100000",
    // Tests change on-chain settings and expect the next request to see them.
    CHAIN_CACHE_TTL_MS: "0",
    PUBLIC_CACHE_TTL_MS: "0",
    ...env,
  });
  return { ...config, databaseUrl, poolRegistries: { 31337: inject("poolRegistry") } };
}

/** The api on an existing test database (another instance, a restart, other settings), silent. */
export function appOn(databaseUrl: string, env: Record<string, string> = {}, options: BuildAppOptions = {}) {
  return buildApp(testConfig(databaseUrl, env), { logger: false, ...options });
}

/** The api on a fresh test database. */
export async function startApp(env: Record<string, string> = {}, options: BuildAppOptions = {}) {
  const databaseUrl = await createTestDatabase();
  const app = await appOn(databaseUrl, env, options);
  return { app, config: testConfig(databaseUrl, env), databaseUrl };
}

export const doc = (type: string, attributes: Record<string, unknown>) => ({ data: { type, attributes } });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/** Signs in each named account; answers their access tokens by name. */
export async function loginAll(
  app: FastifyInstance,
  named: Record<string, PrivateKeyAccount>,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [name, account] of Object.entries(named)) tokens[name] = (await login(app, account)).access;
  return tokens;
}

/** The four members the suites name, signed in: `as(name)` is one's authorization header. */
export async function signInMembers(app: FastifyInstance) {
  const tokens = await loginAll(app, { alice, bob, carol, dave });
  return (who: string) => bearer(tokens[who] ?? "");
}

/** Signs in through the real routes: nonce, wallet signature, login. */
export async function login(app: FastifyInstance, account: PrivateKeyAccount, chainId = 31337) {
  const nonce = await app.inject({
    method: "POST",
    url: "/integrations/nonce-auth-svc/nonce",
    headers: { origin: WEB_ORIGIN },
    payload: doc("auth_nonce", { address: account.address, chain_id: chainId }),
  });
  if (nonce.statusCode !== 200) throw new Error(`nonce failed: ${nonce.body}`);
  const message = json(nonce).data.attributes.message as string;
  const signature = await account.signMessage({ message });
  const res = await app.inject({
    method: "POST",
    url: "/integrations/nonce-auth-svc/login",
    headers: { origin: WEB_ORIGIN },
    payload: doc("login_request", {
      auth_pair: { address: account.address, signed_message: signature },
      message,
    }),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const attrs = json(res).data.attributes;
  return {
    access: attrs.access_token.id as string,
    refresh: attrs.refresh_token.id as string,
    message,
    signature,
  };
}

/** Every error answer is a JSON:API error document. */
export function expectJsonApiError(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = json(res);
  if (!Array.isArray(body.errors) || body.errors.length === 0)
    throw new Error(`not a JSON:API error: ${res.body}`);
  const parsed = errorDocumentRecord.safeParse(body);
  if (!parsed.success) throw new Error(`malformed JSON:API error: ${res.body}`);
  for (const error of parsed.data.errors) {
    // Every error is core's builder's: a catalogue code, repeated in meta for clients that read meta.
    if (error.status !== String(status) || !isApiMessageKey(error.code) || error.meta?.code !== error.code) {
      throw new Error(`not a catalogued JSON:API error: ${res.body}`);
    }
  }
  const first = body.errors[0];
  return first as { title: string; detail: string; status: string; meta?: Record<string, unknown> };
}
