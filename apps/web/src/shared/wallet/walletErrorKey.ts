import { toUserError } from "@polity/core/errors/toUserError";
import { ProviderNotFoundError } from "wagmi";

/** The i18n key of the message shown for a failed wallet request (core's error catalogue). */
export function walletErrorKey(err: unknown): string {
  // wagmi's own class for a connector whose extension is gone; core does not know wagmi.
  if (err instanceof ProviderNotFoundError) return "common:wallet.errors.providerNotFound";
  return toUserError(err).messageKey;
}

export function isUserRejection(err: unknown): boolean {
  return toUserError(err).isUserRejection;
}
