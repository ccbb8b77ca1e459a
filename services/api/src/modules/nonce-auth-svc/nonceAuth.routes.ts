import { nonceDocument, tokensDocument } from "@polity/core/records/auth";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdBody } from "../../http/address.ts";
import { unauthorized } from "../../http/errors.ts";
import { errorResponses, requestBody, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps } from "../types.ts";

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
};
