import { ChainNotConfiguredError, ConnectorChainMismatchError, ProviderNotFoundError } from "wagmi";

/** Provider/relay error codes of EIP-1193 and EIP-1474 that the app words for the user. */
const codeKeys: Record<string, string> = {
  4001: "errors.wallet.userRejected",
  4100: "errors.wallet.unauthorized",
  4200: "errors.wallet.unsupportedMethod",
  4900: "errors.wallet.disconnected",
  4901: "errors.wallet.chainDisconnected",
  4902: "errors.connectorChainNotFound",
  5000: "errors.wallet.userRejected",
  "-32700": "errors.rpc.parse",
  "-32600": "errors.rpc.invalidRequest",
  "-32601": "errors.rpc.methodNotFound",
  "-32602": "errors.rpc.invalidParams",
  "-32603": "errors.rpc.internal",
  "-32000": "errors.rpc.invalidInput",
  "-32001": "errors.rpc.resourceNotFound",
  "-32002": "errors.rpc.resourceUnavailable",
  "-32003": "errors.rpc.transactionRejected",
  "-32004": "errors.rpc.methodNotSupported",
  "-32005": "errors.rpc.limitExceeded",
  "-32006": "errors.rpc.versionNotSupported",
};

function findCode(err: unknown): number | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "number") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The i18n key of the message shown for a failed wallet request. */
export function walletErrorKey(err: unknown): string {
  if (err instanceof ProviderNotFoundError) return "wallet.errors.providerNotFound";
  if (err instanceof ChainNotConfiguredError) return "errors.connectorChainNotFound";
  if (err instanceof ConnectorChainMismatchError) return "errors.wrongNetwork";
  const name = (err as { name?: string } | undefined)?.name;
  if (name === "SwitchChainNotSupportedError") return "errors.connectorChainNotFound";
  const code = findCode(err);
  if (code === 4902) return "errors.connectorChainNotFound";
  const key = code === undefined ? undefined : codeKeys[String(code)];
  if (key) return key;
  return "errors.unpredictable";
}

export function isUserRejection(err: unknown): boolean {
  const code = findCode(err);
  return code === 4001 || code === 5000;
}
