import { randomUUID } from "node:crypto";
import { userRegistryAbi } from "@polity/core/generated/contracts";
import { agreementTypedData } from "@polity/core/privacyAgreement";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { type Address, getAddress, type Hex, zeroHash } from "viem";
import { createSiweMessage, generateSiweNonce, parseSiweMessage, verifySiweMessage } from "viem/siwe";
import type { ChainClients } from "../../chain/clients.ts";
import type { ApiConfig } from "../../config.ts";
import {
  ApiError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  unavailable,
} from "../../http/errors.ts";
import { TtlCache } from "../../http/ttlCache.ts";
import type { Session } from "../types.ts";
import type { AgreementRow, NonceAuthRepository } from "./nonceAuth.repository.ts";

export interface TokenPair {
  access_token: { id: string; exp: number };
  refresh_token: { id: string; exp: number };
}

const ISSUER = "polity-api";
/** Open sign-in nonces one client may hold for one address; asking again replaces its oldest. */
export const OPEN_NONCES_PER_REQUESTER = 5;

/** How long a verified access token is taken at its word without checking its signature again. */
const VERIFIED_ACCESS_TTL_MS = 60_000;

export class NonceAuthService {
  private readonly key: Uint8Array;
  /**
   * Access tokens verified lately (an HMAC and a key import each): a signed-in reader's every
   * request does not verify the same token again. Tokens are stateless, so this answers as before.
   */
  private readonly verifiedAccess = new TtlCache<Session>(10_000, () => Date.now());

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
      throw forbidden("errors.api.originNotAllowed", {}, { origin: origin ?? null });
    }
    return { domain: new URL(chosen).host, uri: chosen };
  }

  assertChainUsable(chainId: number) {
    if (!this.config.supportedChainIds.includes(chainId)) {
      throw badRequest("errors.api.chainNotSupported", { chainId }, { chain_id: chainId });
    }
    if (!this.chains.has(chainId)) throw unavailable("errors.api.chainNotConfigured", { chainId });
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
      throw unauthorized("errors.api.signInMessageInvalid");
    }
    if (parsed.address.toLowerCase() !== lower) throw unauthorized("errors.api.signInOtherAddress");
    const row = await this.repo.findNonce(parsed.nonce);
    if (!row) throw unauthorized("errors.api.nonceUnknown");
    if (row.used_at) throw unauthorized("errors.api.nonceUsed");
    if (row.expires_at.getTime() <= Date.now()) throw unauthorized("errors.api.signInMessageExpired");
    if (row.address !== lower) throw unauthorized("errors.api.signInOtherAddress");
    if (row.chain_id !== parsed.chainId) throw unauthorized("errors.api.signInChainMismatch");
    if (row.domain !== parsed.domain) throw unauthorized("errors.api.signInDomainMismatch");
    if (row.message !== message) throw unauthorized("errors.api.signInMessageChanged");
    if (!this.config.supportedChainIds.includes(row.chain_id) || !this.chains.has(row.chain_id)) {
      throw unauthorized("errors.api.signInChainNotSupported");
    }
    if (!this.config.webOrigins.some((o) => new URL(o).host === row.domain)) {
      throw unauthorized("errors.api.signInDomainNotAllowed");
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
      if (isTransportError(err)) throw unavailable("errors.api.chainNodeUnreachable");
      isValid = false;
    }
    if (!isValid) throw unauthorized("errors.api.signatureInvalid");
    // Single use: of two concurrent logins with one signature only the first consumes the nonce.
    const consumed = await this.repo.consumeNonce(row.nonce);
    if (!consumed) throw unauthorized("errors.api.nonceUsed");
    return this.issuePair(lower as Address, row.chain_id, randomUUID());
  }

  /**
   * Keeps `account`'s agreement to the privacy policy in force in `chainId`'s UserRegistry: its EIP-712
   * signature (EIP-1271/6492 for contract wallets), checked as the registry checks it, so the account's
   * first transaction there can record it on chain without asking again.
   */
  async recordAgreement(account: Address, chainId: number, signature: Hex): Promise<AgreementRow> {
    const { registry, documentHash } = await this.policyInForce(chainId);
    let isValid: boolean;
    try {
      isValid = await this.chains.get(chainId).verifyTypedData({
        address: getAddress(account),
        signature,
        ...agreementTypedData(chainId, registry, documentHash),
      });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (isTransportError(err)) throw unavailable("errors.api.chainNodeUnreachable");
      isValid = false;
    }
    if (!isValid) throw badRequest("errors.api.agreementSignatureInvalid");
    return this.repo.saveAgreement({
      account: account.toLowerCase(),
      chain_id: chainId,
      registry: registry.toLowerCase(),
      document_hash: documentHash.toLowerCase(),
      signature: signature.toLowerCase(),
    });
  }

  /** `account`'s kept agreement to the policy in force on `chainId` (404 when none). */
  async agreement(account: Address, chainId: number): Promise<AgreementRow> {
    const { registry, documentHash } = await this.policyInForce(chainId);
    const row = await this.repo.findAgreement({
      account: account.toLowerCase(),
      chain_id: chainId,
      registry: registry.toLowerCase(),
      document_hash: documentHash.toLowerCase(),
    });
    if (!row) throw notFound("errors.api.agreementNotFound", { chainId });
    return row;
  }

  /** The chain's UserRegistry and the hash of the policy it holds now (read on chain, never cached). */
  private async policyInForce(chainId: number): Promise<{ registry: Address; documentHash: Hex }> {
    this.assertChainUsable(chainId);
    const registry = this.config.userRegistries[chainId];
    if (!registry) throw notFound("errors.api.userRegistryMissing", { chainId });
    let documentHash: Hex;
    try {
      documentHash = await this.chains
        .get(chainId)
        .readContract({ address: registry, abi: userRegistryAbi, functionName: "documentHash" });
    } catch (err) {
      if (isTransportError(err)) throw unavailable("errors.api.chainNodeUnreachable");
      throw err;
    }
    if (documentHash === zeroHash) throw conflict("errors.api.privacyPolicyNotSet", { chainId });
    return { registry, documentHash };
  }

  async refresh(token: string): Promise<TokenPair> {
    const claims = await this.verify(token, "refresh");
    const jti = claims.jti;
    const family = claims.fam;
    if (typeof jti !== "string" || typeof family !== "string")
      throw unauthorized("errors.api.refreshTokenInvalid");
    const { row, wasFresh } = await this.repo.useRefresh(jti);
    if (!row) throw unauthorized("errors.api.refreshTokenInvalid");
    if (!wasFresh) {
      if (row.used_at && !row.revoked_at) {
        // A rotated token came back: someone holds a copy. End every session of this login.
        await this.repo.revokeFamily(row.family_id);
        throw unauthorized("errors.api.refreshTokenReused");
      }
      throw unauthorized("errors.api.refreshTokenExpired");
    }
    return this.issuePair(row.address as Address, row.chain_id, row.family_id);
  }

  async verifyAccess(token: string): Promise<Session> {
    const known = this.verifiedAccess.get(token);
    if (known) return known;
    const claims = await this.verify(token, "access");
    const chainId = claims.chain_id;
    if (typeof claims.sub !== "string" || typeof chainId !== "number")
      throw unauthorized("errors.api.accessTokenInvalid");
    const session = { address: claims.sub as Address, chainId };
    // A verified token stays valid until it expires: kept that long (a minute at most).
    const ttlMs = Math.min(VERIFIED_ACCESS_TTL_MS, (claims.exp ?? 0) * 1000 - Date.now());
    if (ttlMs > 0) this.verifiedAccess.set(token, session, ttlMs);
    return session;
  }

  private async verify(token: string, typ: "access" | "refresh") {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ["HS256"] });
      if (payload.typ !== typ) throw unauthorized("errors.api.tokenWrongType", { type: typ });
      return payload;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw unauthorized("errors.api.tokenExpired");
      throw unauthorized("errors.api.tokenInvalid");
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
