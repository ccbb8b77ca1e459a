import { ProviderNotFoundError } from "wagmi";

/**
 * The i18n key of the message shown for a failed wallet request (core's error catalogue). Core's
 * matcher loads on the first failure, so it is not part of any page's first download.
 */
export async function walletErrorKey(err: unknown): Promise<string> {
  // wagmi's own class for a connector whose extension is gone; core does not know wagmi.
  if (err instanceof ProviderNotFoundError) return "common:wallet.errors.providerNotFound";
  const [{ walkErrorChain }, { toUserError }] = await Promise.all([
    import("@polity/core/errors/PolityError"),
    import("@polity/core/errors/toUserError"),
  ]);
  // EIP-3326: the wallet does not know the chain asked for on switch.
  if (walkErrorChain(err, (e) => (e as { code?: unknown })?.code === 4902))
    return "errors.connectorChainNotFound";
  return toUserError(err).messageKey;
}

export async function isUserRejection(err: unknown): Promise<boolean> {
  const { toUserError } = await import("@polity/core/errors/toUserError");
  return toUserError(err).isUserRejection;
}
