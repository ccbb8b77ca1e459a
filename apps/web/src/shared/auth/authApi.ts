import type { Address } from "viem";
import type { HttpClient } from "../http/httpClient.ts";
import type { TokenPair } from "./authStore.ts";

interface TokenResponse {
  data: {
    attributes: { access_token: { id: string; exp: number }; refresh_token: { id: string; exp: number } };
  };
}

export function toTokenPair(response: TokenResponse): TokenPair {
  const { access_token, refresh_token } = response.data.attributes;
  return {
    accessToken: { id: access_token.id, exp: Number(access_token.exp) },
    refreshToken: { id: refresh_token.id, exp: Number(refresh_token.exp) },
  };
}

export async function requestNonce(http: HttpClient, address: Address, chainId: number): Promise<string> {
  const response = await http.post<{ data: { attributes: { message: string } } }>(
    "/integrations/nonce-auth-svc/nonce",
    { data: { type: "auth_nonce", attributes: { address, chain_id: chainId } } },
    { isAuthenticated: false },
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
  const response = await http.post<TokenResponse>(
    "/integrations/nonce-auth-svc/login",
    {
      data: {
        type: "login_request",
        attributes: { auth_pair: { address, signed_message: signedMessage }, message },
      },
    },
    { isAuthenticated: false },
  );
  return toTokenPair(response);
}

export async function refreshTokens(http: HttpClient, refreshTokenId: string): Promise<TokenPair> {
  const response = await http.get<TokenResponse>("/integrations/nonce-auth-svc/refresh-token", {
    headers: { authorization: `Bearer ${refreshTokenId}` },
  });
  return toTokenPair(response);
}
