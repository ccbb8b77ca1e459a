import { parseHttpError } from "@polity/core/errors/http";
import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import pg from "pg";
import { createPublicClient, encodeFunctionData, hashMessage, http, keccak256, toHex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { serializeErc6492Signature } from "viem/utils";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deploySmartWallet, deployTestContract } from "../../../test/chain/dao.ts";
import {
  accounts,
  alice,
  bearer,
  bob,
  carol,
  doc,
  expectJsonApiError,
  json,
  login,
  startApp,
  WEB_ORIGIN,
} from "../../../test/helpers.ts";

const NONCE = "/integrations/nonce-auth-svc/nonce";
const LOGIN = "/integrations/nonce-auth-svc/login";
const REFRESH = "/integrations/nonce-auth-svc/refresh-token";

let app: FastifyInstance;
let databaseUrl: string;

beforeAll(async () => {
  ({ app, databaseUrl } = await startApp());
});
afterAll(async () => {
  await app?.close();
});

async function requestMessage(
  address: string,
  chainId = 31337,
  origin: string | undefined = WEB_ORIGIN,
  remoteAddress = "127.0.0.1",
) {
  const res = await app.inject({
    method: "POST",
    url: NONCE,
    headers: origin ? { origin } : {},
    remoteAddress,
    payload: doc("auth_nonce", { address, chain_id: chainId }),
  });
  return res;
}

const loginWith = (address: string, signature: string, message?: string) =>
  app.inject({
    method: "POST",
    url: LOGIN,
    payload: doc("login_request", {
      auth_pair: { address, signed_message: signature },
      ...(message ? { message } : {}),
    }),
  });

describe("nonce", () => {
  it("issues an EIP-4361 message for the request origin with a 5-minute nonce", async () => {
    const res = await requestMessage(alice.address);
    expect(res.statusCode).toBe(200);
    const message = json(res).data.attributes.message as string;
    const parsed = parseSiweMessage(message);
    expect(parsed.address).toBe(alice.address);
    expect(parsed.chainId).toBe(31337);
    expect(parsed.domain).toBe("localhost:5173");
    expect(parsed.uri).toBe(WEB_ORIGIN);
    expect(parsed.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    const ttl = parsed.expirationTime!.getTime() - parsed.issuedAt!.getTime();
    expect(ttl).toBe(5 * 60 * 1000);
  });

  it("uses the first web origin when the request has no Origin", async () => {
    const res = await requestMessage(alice.address, 31337, undefined);
    expect(parseSiweMessage(json(res).data.attributes.message).domain).toBe("localhost:5173");
  });

  it("refuses a foreign origin (403) and an unsupported chain (400)", async () => {
    expectJsonApiError(await requestMessage(alice.address, 31337, "https://evil.example"), 403);
    expectJsonApiError(await requestMessage(alice.address, 424242), 400);
  });

  it("rejects malformed bodies and unknown fields with 400", async () => {
    const bad = await app.inject({
      method: "POST",
      url: NONCE,
      payload: doc("auth_nonce", { address: "0x123", chain_id: "x", extra: 1 }),
    });
    expectJsonApiError(bad, 400);
    // Every invalid field is its own error; a client reading several titles them as spec §8 says.
    const body = json(bad);
    expect(body.errors.length).toBeGreaterThanOrEqual(2);
    expect(body.errors.map((e: { meta: { field: string } }) => e.meta.field)).toEqual(
      expect.arrayContaining(["body.data.attributes.address", "body.data.attributes"]),
    );
    for (const e of body.errors)
      expect(e).toMatchObject({ status: "400", code: expect.stringMatching(/^(errors|validation)\./) });
    expect(parseHttpError(400, body).title).toBe("Request contains some errors.");
  });
});

describe("login", () => {
  it("signs in an EOA and answers access and refresh tokens", async () => {
    const tokens = await login(app, alice);
    expect(tokens.access.split(".")).toHaveLength(3);
    const session = await app.inject({
      method: "GET",
      url: REFRESH,
      headers: bearer(tokens.refresh),
    });
    expect(session.statusCode).toBe(200);
  });

  it("accepts the exact signed message and verifies it against the issued nonce", async () => {
    const message = json(await requestMessage(bob.address)).data.attributes.message;
    const signature = await bob.signMessage({ message });
    const res = await loginWith(bob.address, signature, message);
    expect(res.statusCode).toBe(200);
    const attrs = json(res).data.attributes;
    expect(attrs.access_token.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
    expect(attrs.refresh_token.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 24 * 3600);
  });

  it("signs in an EIP-1271 smart-contract wallet through the chain", async () => {
    const wallet = await deploySmartWallet(carol.address);
    const message = json(await requestMessage(wallet)).data.attributes.message;
    // The wallet's owner signs the EIP-191 hash of the message; the contract checks it.
    const signature = await carol.sign({ hash: hashMessage(message) });
    const res = await loginWith(wallet, signature, message);
    expect(res.statusCode).toBe(200);
    // Another key's signature is refused by the wallet contract.
    const other = json(await requestMessage(wallet)).data.attributes.message;
    expectJsonApiError(await loginWith(wallet, await bob.sign({ hash: hashMessage(other) }), other), 401);
  });

  it("signs in an EIP-6492 wallet that is not deployed yet", async () => {
    const factory = await deployTestContract("TestWalletFactory", []);
    const client = createPublicClient({ transport: http(inject("rpcUrl")) });
    const salt = keccak256(toHex("api-test"));
    const abi = inject("testContracts").TestWalletFactory.abi;
    const wallet = (await client.readContract({
      address: factory,
      abi,
      functionName: "addressOf",
      args: [carol.address, salt],
    })) as `0x${string}`;
    expect(await client.getCode({ address: wallet })).toBeUndefined();
    const message = json(await requestMessage(wallet)).data.attributes.message;
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi, functionName: "deploy", args: [carol.address, salt] }),
      signature: await carol.sign({ hash: hashMessage(message) }),
    });
    expect((await loginWith(wallet, signature, message)).statusCode).toBe(200);
  });

  it("rejects a replayed signature (nonce is single-use)", async () => {
    const { message, signature } = await login(app, alice);
    expect(expectJsonApiError(await loginWith(alice.address, signature, message), 401).detail).toMatch(
      /used/,
    );
  });

  it("rejects a signature by another wallet", async () => {
    const message = json(await requestMessage(alice.address)).data.attributes.message;
    const signature = await bob.signMessage({ message });
    expectJsonApiError(await loginWith(alice.address, signature, message), 401);
  });

  it("rejects a message whose chain was changed (wrong chain)", async () => {
    const message: string = json(await requestMessage(alice.address)).data.attributes.message;
    const forged = message.replace("Chain ID: 31337", "Chain ID: 56");
    const signature = await alice.signMessage({ message: forged });
    const err = expectJsonApiError(await loginWith(alice.address, signature, forged), 401);
    expect(err.detail).toMatch(/chain/i);
  });

  it("rejects a message whose domain was changed (foreign domain)", async () => {
    const message: string = json(await requestMessage(alice.address)).data.attributes.message;
    const forged = message.replace("localhost:5173 wants you", "evil.example wants you");
    const signature = await alice.signMessage({ message: forged });
    const err = expectJsonApiError(await loginWith(alice.address, signature, forged), 401);
    expect(err.detail).toMatch(/domain/i);
  });

  it("rejects an expired message", async () => {
    const message: string = json(await requestMessage(alice.address)).data.attributes.message;
    const nonce = parseSiweMessage(message).nonce!;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query("UPDATE api.auth_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1", [
      nonce,
    ]);
    await db.end();
    const signature = await alice.signMessage({ message });
    const err = expectJsonApiError(await loginWith(alice.address, signature, message), 401);
    expect(err.detail).toMatch(/expired/i);
  });

  it("rejects a garbage signature with 401, never 500", async () => {
    const message = json(await requestMessage(alice.address)).data.attributes.message;
    expectJsonApiError(await loginWith(alice.address, "0xdeadbeef", message), 401);
  });

  it("fails without a reachable chain unless the signature is the address's own ECDSA signature", async () => {
    const { app: down } = await startApp({ RPC_URL_31337: "http://127.0.0.1:9" });
    try {
      const nonce = await down.inject({
        method: "POST",
        url: NONCE,
        payload: doc("auth_nonce", { address: alice.address, chain_id: 31337 }),
      });
      const message = json(nonce).data.attributes.message;
      // Not alice's own signature: only the chain can tell whether alice is a contract wallet.
      const signature = await bob.signMessage({ message });
      const res = await down.inject({
        method: "POST",
        url: LOGIN,
        payload: doc("login_request", {
          auth_pair: { address: alice.address, signed_message: signature },
          message,
        }),
      });
      // Only the chain can tell whether alice is a contract wallet (EIP-1271/6492): no chain, no login.
      expectJsonApiError(res, 401);
    } finally {
      await down.close();
    }
  });
});

describe("nonce flooding", () => {
  it("M9 a login names the exact message it signed, so nonces asked by others never decide which one is checked", async () => {
    const victim = accounts[3]!;
    const message: string = json(await requestMessage(victim.address)).data.attributes.message;
    const signature = await victim.signMessage({ message });
    // Someone else asks nonces for the victim's address in the meantime.
    for (let i = 0; i < 4; i++) await requestMessage(victim.address, 31337, WEB_ORIGIN, "198.51.100.9");
    // A login without the message is refused outright: the server never guesses which message was signed.
    const guessed = expectJsonApiError(await loginWith(victim.address, signature), 400);
    expect(guessed.meta?.field).toBe("body.data.attributes.message");
    expect((await loginWith(victim.address, signature, message)).statusCode).toBe(200);
  });

  it("M9 open nonces are capped per address and client: asking again replaces the asker's oldest, never another client's", async () => {
    const victim = accounts[4]!;
    const message: string = json(await requestMessage(victim.address, 31337, WEB_ORIGIN, "203.0.113.4")).data
      .attributes.message;
    for (let i = 0; i < 12; i++) await requestMessage(victim.address, 31337, WEB_ORIGIN, "198.51.100.9");
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      "SELECT count(*)::int AS n FROM api.auth_nonces WHERE address = $1 AND used_at IS NULL AND expires_at > now()",
      [victim.address.toLowerCase()],
    );
    await db.end();
    expect(rows[0].n).toBe(6); // the asker's 5 newest and the victim's own
    const signature = await victim.signMessage({ message });
    expect((await loginWith(victim.address, signature, message)).statusCode).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotates: the new pair works, the old refresh token is reuse and revokes the family", async () => {
    const first = await login(app, bob);
    const r1 = await app.inject({ method: "GET", url: REFRESH, headers: bearer(first.refresh) });
    expect(r1.statusCode).toBe(200);
    const second = json(r1).data.attributes;
    expect(second.refresh_token.id).not.toBe(first.refresh);

    // The stolen first token comes back: refused, and the legitimate newer one dies with it.
    const reuse = await app.inject({ method: "GET", url: REFRESH, headers: bearer(first.refresh) });
    expect(expectJsonApiError(reuse, 401).detail).toMatch(/reuse/i);
    expectJsonApiError(
      await app.inject({ method: "GET", url: REFRESH, headers: bearer(second.refresh_token.id) }),
      401,
    );

    // Another login is a separate family and is unaffected.
    const other = await login(app, bob);
    expect(
      (await app.inject({ method: "GET", url: REFRESH, headers: bearer(other.refresh) })).statusCode,
    ).toBe(200);
  });

  it("rejects an access token used as a refresh token, a tampered token and no token", async () => {
    const { access, refresh } = await login(app, alice);
    expectJsonApiError(await app.inject({ method: "GET", url: REFRESH, headers: bearer(access) }), 401);
    const [h, p, s] = refresh.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: bob.address.toLowerCase() })).toString("base64url")}.${s}`;
    expectJsonApiError(await app.inject({ method: "GET", url: REFRESH, headers: bearer(tampered) }), 401);
    expectJsonApiError(await app.inject({ method: "GET", url: REFRESH }), 401);
  });

  it("rejects tokens signed with another key and expired tokens on protected routes", async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ typ: "access", chain_id: 31337 })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("polity-api")
      .setSubject(alice.address.toLowerCase())
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    const expired = await new SignJWT({ typ: "access", chain_id: 31337 })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("polity-api")
      .setSubject(alice.address.toLowerCase())
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode("test-secret-test-secret-test-secret-0123456789"));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(
      JSON.stringify({
        typ: "access",
        chain_id: 31337,
        sub: alice.address.toLowerCase(),
        iss: "polity-api",
        exp: now + 600,
      }),
    ).toString("base64url")}.`;
    for (const token of [forged, expired, unsigned]) {
      const res = await app.inject({
        method: "POST",
        url: "/integrations/comments-svc/comments",
        headers: bearer(token),
        payload: doc("comments", {
          chain_id: 31337,
          pool_address: alice.address,
          page_id: "dao/x/proposals/1",
          content: "hi",
        }),
      });
      expectJsonApiError(res, 401);
    }
  });
});
