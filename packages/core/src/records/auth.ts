/** Answers of the sign-in service (`/integrations/nonce-auth-svc`). */
import * as z from "zod/mini";
import { dataDocument, resourceRecord } from "./jsonapi.ts";

/** A signed token and its expiry (unix seconds). */
export const tokenRecord = z.object({ id: z.string(), exp: z.int() });

export const tokenPairRecord = z.object({ access_token: tokenRecord, refresh_token: tokenRecord });
export type TokenPairRecord = z.infer<typeof tokenPairRecord>;

/** `POST /nonce`: the EIP-4361 message to sign. */
export const nonceDocument = dataDocument(resourceRecord("auth_nonce", z.object({ message: z.string() })));

/** `POST /login`, `GET /refresh-token`: a new token pair. */
export const tokensDocument = dataDocument(resourceRecord("tokens", tokenPairRecord));
