import { nonceDocument, tokensDocument } from "@polity/core/records/auth";
import { type AgreementRecord, agreementDocument } from "@polity/core/records/privacyAgreement";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdBody, chainIdParam } from "../../http/address.ts";
import { unauthorized } from "../../http/errors.ts";
import { errorResponses, requestBody, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";
import type { AgreementRow } from "./nonceAuth.repository.ts";

const nonceBody = requestBody(
  "auth_nonce",
  z.strictObject({
    address: addressSchema,
    chain_id: chainIdBody,
  }),
);

const loginBody = requestBody(
  "login_request",
  z.strictObject({
    auth_pair: z.strictObject({
      address: addressSchema,
      signed_message: z
        .string()
        .regex(/^0x[0-9a-fA-F]+$/, "must be a hex signature")
        .max(20_000),
    }),
    // The exact EIP-4361 text the wallet signed, as the nonce route answered it.
    message: z.string().min(1).max(4_000),
  }),
);

const agreementBody = requestBody(
  "privacy-agreements",
  z.strictObject({
    // 65 bytes from a key; a contract wallet's (EIP-1271, or EIP-6492 before it is deployed) may be longer.
    signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/, "must be a hex signature")
      .max(20_000),
  }),
);
const agreementParams = z.strictObject({ chainId: chainIdParam });

function toAgreement(row: AgreementRow) {
  const record: AgreementRecord = {
    account: row.account as AgreementRecord["account"],
    chain_id: row.chain_id,
    registry: row.registry as AgreementRecord["registry"],
    document_hash: row.document_hash as AgreementRecord["document_hash"],
    signature: row.signature as AgreementRecord["signature"],
    agreed_at: row.agreed_at.toISOString(),
  };
  return { data: resource("privacy-agreements", `${row.chain_id}:${row.account}`, record) };
}

export const bearerToken = (authorization: string | undefined): string => {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match?.[1]) throw unauthorized("errors.api.bearerTokenMissing");
  return match[1];
};

export const nonceAuthRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Sign-in is cheap to ask for and costly to verify: a tenth of the general per-IP budget.
  const rateLimit = {
    max: Math.max(10, Math.floor(deps.config.rateLimit.max / 10)),
    timeWindow: deps.config.rateLimit.windowMs,
  };

  r.post(
    "/nonce",
    {
      config: { rateLimit },
      schema: {
        body: nonceBody,
        response: { 200: nonceDocument, ...errorResponses(400, 403, 429) },
        tags: ["nonce-auth-svc"],
        summary: "Issue an EIP-4361 sign-in message",
      },
    },
    async (req, reply) => {
      const { address, chain_id } = req.body.data.attributes;
      const message = await deps.auth.createNonceMessage(address, chain_id, req.headers.origin, req.ip);
      return reply.code(200).send({ data: resource("auth_nonce", address, { message }) });
    },
  );

  r.post(
    "/login",
    {
      config: { rateLimit },
      schema: {
        body: loginBody,
        response: { 200: tokensDocument, ...errorResponses(400, 401, 429) },
        tags: ["nonce-auth-svc"],
        summary: "Verify a signed sign-in message",
      },
    },
    async (req) => {
      const { auth_pair, message } = req.body.data.attributes;
      const pair = await deps.auth.login(
        auth_pair.address,
        auth_pair.signed_message as `0x${string}`,
        message,
      );
      return { data: resource("tokens", auth_pair.address, pair) };
    },
  );

  r.get(
    "/refresh-token",
    {
      config: { rateLimit },
      schema: {
        response: { 200: tokensDocument, ...errorResponses(401, 429) },
        tags: ["nonce-auth-svc"],
        summary: "Rotate the refresh token (bearer: refresh token)",
      },
    },
    async (req) => {
      const pair = await deps.auth.refresh(bearerToken(req.headers.authorization));
      return { data: resource("tokens", pair.access_token.id.slice(-16), pair) };
    },
  );

  r.put(
    "/agreements/:chainId",
    {
      preValidation: deps.authenticate,
      schema: {
        params: agreementParams,
        body: agreementBody,
        response: { 200: agreementDocument, ...errorResponses(400, 401, 404, 409, 429) },
        tags: ["nonce-auth-svc"],
        security: [{ bearer: [] }],
        summary:
          "Keeps the signed-in account's agreement to the privacy policy: its EIP-712 signature for the chain's UserRegistry, checked as the registry checks it",
      },
    },
    async (req) => {
      const row = await deps.auth.recordAgreement(
        req.session!.address,
        req.params.chainId,
        req.body.data.attributes.signature as `0x${string}`,
      );
      return toAgreement(row);
    },
  );

  r.get(
    "/agreements/:chainId",
    {
      preValidation: deps.authenticate,
      schema: {
        params: agreementParams,
        response: { 200: agreementDocument, ...errorResponses(400, 401, 404, 409, 429) },
        tags: ["nonce-auth-svc"],
        security: [{ bearer: [] }],
        summary: "The signed-in account's kept agreement to the privacy policy in force on the chain",
      },
    },
    async (req) => toAgreement(await deps.auth.agreement(req.session!.address, req.params.chainId)),
  );
};
