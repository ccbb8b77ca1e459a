import { nonceDocument, type TokenPairRecord, tokensDocument } from "@polity/core/records/auth";
import type { Address } from "viem";
import type { HttpClient } from "../http/httpClient.ts";
import type { TokenPair } from "./authStore.ts";

export function toTokenPair(response: { data: { attributes: TokenPairRecord } }): TokenPair {
  const { access_token, refresh_token } = response.data.attributes;
  return {
    accessToken: { id: access_token.id, exp: access_token.exp },
    refreshToken: { id: refresh_token.id, exp: refresh_token.exp },
  };
}

export async function requestNonce(http: HttpClient, address: Address, chainId: number): Promise<string> {
  const response = await http.post(
    "/integrations/nonce-auth-svc/nonce",
    { data: { type: "auth_nonce", attributes: { address, chain_id: chainId } } },
    { isAuthenticated: false, schema: nonceDocument },
  );
  return response.data.attributes.message;
}

/** `message` is the exact text the wallet signed: the api checks that one, never guesses among others. */
export async function login(
  http: HttpClient,
  address: Address,
  message: string,
  signedMessage: string,
): Promise<TokenPair> {
  const response = await http.post(
    "/integrations/nonce-auth-svc/login",
    {
      data: {
        type: "login_request",
        attributes: { auth_pair: { address, signed_message: signedMessage }, message },
      },
    },
    { isAuthenticated: false, schema: tokensDocument },
  );
  return toTokenPair(response);
}

export async function refreshTokens(http: HttpClient, refreshTokenId: string): Promise<TokenPair> {
  const response = await http.get("/integrations/nonce-auth-svc/refresh-token", {
    headers: { authorization: `Bearer ${refreshTokenId}` },
    schema: tokensDocument,
  });
  return toTokenPair(response);
}
