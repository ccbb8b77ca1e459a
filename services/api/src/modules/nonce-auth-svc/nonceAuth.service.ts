import { randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { type Address, getAddress, type Hex } from "viem";
import { createSiweMessage, generateSiweNonce, parseSiweMessage, verifySiweMessage } from "viem/siwe";
import type { ChainClients } from "../../chain/clients.ts";
import type { ApiConfig } from "../../config.ts";
import { ApiError, badRequest, forbidden, unauthorized, unavailable } from "../../http/errors.ts";
import type { Session } from "../types.ts";
import type { NonceAuthRepository } from "./nonceAuth.repository.ts";

export interface TokenPair {
  access_token: { id: string; exp: number };
  refresh_token: { id: string; exp: number };
}

const ISSUER = "polity-api";
/** Open sign-in nonces one client may hold for one address; asking again replaces its oldest. */
export const OPEN_NONCES_PER_REQUESTER = 5;
export const LOGIN_FAILED = "Signature verification failed";

export class NonceAuthService {
  private readonly key: Uint8Array;

  constructor(
    private readonly config: ApiConfig,
    private readonly repo: NonceAuthRepository,
    private readonly chains: ChainClients,
  ) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  /** The SIWE domain and URI for a request: its Origin when allowed, else the first web origin. */
  resolveOrigin(origin: string | undefined): { domain: string; uri: string } {
    const chosen = origin?.replace(/\/+$/, "") ?? this.config.webOrigins[0];
    if (!chosen || !this.config.webOrigins.includes(chosen)) {
      throw forbidden("Origin is not allowed to sign in", { origin: origin ?? null });
    }
    return { domain: new URL(chosen).host, uri: chosen };
  }

  assertChainUsable(chainId: number) {
    if (!this.config.supportedChainIds.includes(chainId)) {
      throw badRequest(`Chain ${chainId} is not supported`, { chain_id: chainId });
    }
    if (!this.chains.has(chainId)) throw unavailable(`Chain ${chainId} is not configured on this server`);
  }

  /** `requester` is the client's IP: the cap on open nonces is per address and client. */
  async createNonceMessage(
    address: Address,
    chainId: number,
    origin: string | undefined,
    requester: string,
  ): Promise<string> {
    this.assertChainUsable(chainId);
    const { domain, uri } = this.resolveOrigin(origin);
    const nonce = generateSiweNonce();
    const issuedAt = new Date();
    const expirationTime = new Date(issuedAt.getTime() + this.config.nonceTtlSeconds * 1000);
    const message = createSiweMessage({
      address: getAddress(address),
      chainId,
      domain,
      uri,
      nonce,
      version: "1",
      issuedAt,
      expirationTime,
      statement:
        "Sign in to Polity. This request will not trigger a blockchain transaction or cost any fees.",
    });
    await this.repo.insertNonce(
      {
        nonce,
        address: address.toLowerCase(),
        chain_id: chainId,
        domain,
        message,
        expires_at: expirationTime,
      },
      requester,
      OPEN_NONCES_PER_REQUESTER,
    );
    return message;
  }

  /**
   * Verifies a wallet signature over the exact message this server issued. The client names the text
   * it signed: the server never guesses among an address's open messages, which anyone may ask for.
   */
  async login(address: Address, signature: Hex, message: string): Promise<TokenPair> {
    const lower = address.toLowerCase();
    const parsed = parseSiweMessage(message);
    if (!parsed.address || !parsed.nonce || !parsed.domain || parsed.chainId === undefined) {
      throw unauthorized("Message is not a valid sign-in message");
    }
    if (parsed.address.toLowerCase() !== lower) throw unauthorized("Message was issued for another address");
    const row = await this.repo.findNonce(parsed.nonce);
    if (!row) throw unauthorized("Nonce is unknown");
    if (row.used_at) throw unauthorized("Nonce was already used");
    if (row.expires_at.getTime() <= Date.now()) throw unauthorized("Sign-in message expired");
    if (row.address !== lower) throw unauthorized("Message was issued for another address");
    if (row.chain_id !== parsed.chainId)
      throw unauthorized("Message chain does not match the requested chain");
    if (row.domain !== parsed.domain) throw unauthorized("Message domain does not match");
    if (row.message !== message) throw unauthorized("Message differs from the one issued");
    if (!this.config.supportedChainIds.includes(row.chain_id) || !this.chains.has(row.chain_id)) {
      throw unauthorized("Message chain is not supported");
    }
    if (!this.config.webOrigins.some((o) => new URL(o).host === row.domain)) {
      throw unauthorized("Message domain is not allowed");
    }
    let isValid: boolean;
    try {
      isValid = await verifySiweMessage(this.chains.get(row.chain_id), {
        message: row.message,
        signature,
        address: getAddress(address),
        domain: row.domain,
        nonce: row.nonce,
      });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      // An unreachable node is a 503 the client may retry; a malformed signature is just invalid.
      if (isTransportError(err)) throw unavailable("Chain node is not reachable, try again later");
      isValid = false;
    }
    if (!isValid) throw unauthorized(LOGIN_FAILED);
    // Single use: of two concurrent logins with one signature only the first consumes the nonce.
    const consumed = await this.repo.consumeNonce(row.nonce);
    if (!consumed) throw unauthorized("Nonce was already used");
    return this.issuePair(lower as Address, row.chain_id, randomUUID());
  }

  async refresh(token: string): Promise<TokenPair> {
    const claims = await this.verify(token, "refresh");
    const jti = claims.jti;
    const family = claims.fam;
    if (typeof jti !== "string" || typeof family !== "string") throw unauthorized("Invalid refresh token");
    const { row, wasFresh } = await this.repo.useRefresh(jti);
    if (!row) throw unauthorized("Invalid refresh token");
    if (!wasFresh) {
      if (row.used_at && !row.revoked_at) {
        // A rotated token came back: someone holds a copy. End every session of this login.
        await this.repo.revokeFamily(row.family_id);
        throw unauthorized("Refresh token reuse detected; please sign in again");
      }
      throw unauthorized("Refresh token is expired or revoked");
    }
    return this.issuePair(row.address as Address, row.chain_id, row.family_id);
  }

  async verifyAccess(token: string): Promise<Session> {
    const claims = await this.verify(token, "access");
    const chainId = claims.chain_id;
    if (typeof claims.sub !== "string" || typeof chainId !== "number")
      throw unauthorized("Invalid access token");
    return { address: claims.sub as Address, chainId };
  }

  private async verify(token: string, typ: "access" | "refresh") {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ["HS256"] });
      if (payload.typ !== typ) throw unauthorized(`Expected a ${typ} token`);
      return payload;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw unauthorized("Token expired");
      throw unauthorized("Invalid token");
    }
  }

  private async issuePair(address: Address, chainId: number, familyId: string): Promise<TokenPair> {
    const now = Math.floor(Date.now() / 1000);
    const accessExp = now + this.config.accessTokenTtlSeconds;
    const refreshExp = now + this.config.refreshTokenTtlSeconds;
    const refreshJti = randomUUID();
    await this.repo.insertRefresh({
      jti: refreshJti,
      family_id: familyId,
      address,
      chain_id: chainId,
      expires_at: new Date(refreshExp * 1000),
    });
    const access = await new SignJWT({ typ: "access", chain_id: chainId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(address)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(accessExp)
      .sign(this.key);
    const refresh = await new SignJWT({ typ: "refresh", chain_id: chainId, fam: familyId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(address)
      .setJti(refreshJti)
      .setIssuedAt(now)
      .setExpirationTime(refreshExp)
      .sign(this.key);
    return { access_token: { id: access, exp: accessExp }, refresh_token: { id: refresh, exp: refreshExp } };
  }
}

function isTransportError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    const name = (e as { name?: string }).name;
    if (name === "HttpRequestError" || name === "TimeoutError" || name === "WebSocketRequestError")
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
