import { agreementDocument } from "@polity/core/records/privacyAgreement";
import type { Address, Hex } from "viem";
import { api } from "../http/api.ts";
import { sessionFor } from "./authStore.ts";

/**
 * The account's agreement to the privacy policy, as the api keeps it (`/integrations/nonce-auth-svc/agreements`):
 * the EIP-712 signature given in the sign-in dialog, for one chain's UserRegistry.
 */
const path = (chainId: number) => `/integrations/nonce-auth-svc/agreements/${chainId}`;

export interface SignedAgreement {
  chainId: number;
  signature: Hex;
}

/** Keeps the signed-in account's agreement (the api checks it as the registry would). */
export async function saveAgreement({ chainId, signature }: SignedAgreement): Promise<void> {
  await api.put(
    path(chainId),
    { data: { type: "privacy-agreements", attributes: { signature } } },
    {
      schema: agreementDocument,
    },
  );
}

/**
 * The signature `account` gave for the policy in force on `chainId`, when the api keeps one; null without
 * one, or without a session of that account to ask with.
 */
export async function keptAgreement(chainId: number, account: Address): Promise<Hex | null> {
  if (!sessionFor(account)) return null;
  try {
    return (await api.get(path(chainId), { schema: agreementDocument })).data.attributes.signature;
  } catch (err) {
    console.info("No kept agreement to the privacy policy", { chainId, account, err });
    return null;
  }
}
