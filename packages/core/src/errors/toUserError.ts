/**
 * Turns anything thrown by a wallet, viem, an RPC node, the api client or this package into a
 * catalogue entry: a stable code and the i18n key of the message to show. Matching order:
 * 1. PolityError (already catalogued);
 * 2. user rejection and other EIP-1193 provider / relay codes anywhere in the cause chain;
 * 3. known wallet-side conditions (wrong network, connector chains);
 * 4. node errors by viem class name, library code, then message;
 * 5. plain JSON-RPC codes;
 * 6. 'Unpredictable error', carrying the original message as details.
 */
import type { MessageKey, MessageParams } from "../i18n/en.ts";
import { HttpError } from "./http.ts";
import { PolityError } from "./PolityError.ts";
import { codedErrorEntry, NODE_ERRORS, USER_REJECTION_CODES } from "./walletErrors.ts";

export type UserErrorSource =
  | "polity"
  | "http"
  | "provider"
  | "relay"
  | "wallet"
  | "node"
  | "revert"
  | "rpc"
  | "unknown";

export type UserErrorEntry = {
  code: string;
  messageKey: MessageKey;
  messageParams: MessageParams;
  source: UserErrorSource;
  isUserRejection: boolean;
  details: string | undefined;
  cause: unknown;
};

export type ToUserErrorOptions = {
  /** "signIn": errors while signing the login message read as the login-specific messages. */
  context?: "signIn";
};

type Node = {
  name: string;
  code: unknown;
  text: string;
  raw: unknown;
};

function describe(err: unknown): Node {
  if (typeof err !== "object" || err === null) {
    return { name: "", code: undefined, text: String(err ?? "").toLowerCase(), raw: err };
  }
  const e = err as Record<string, unknown>;
  const parts = [e.shortMessage, e.details, e.reason, e.message]
    .filter((p): p is string => typeof p === "string")
    .join("\n");
  const name = typeof e.name === "string" ? e.name : (err.constructor?.name ?? "");
  return { name, code: e.code, text: parts.toLowerCase(), raw: err };
}

function chain(err: unknown): Node[] {
  const nodes: Node[] = [];
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current !== undefined && current !== null && !seen.has(current) && nodes.length < 32) {
    seen.add(current);
    nodes.push(describe(current));
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return nodes;
}

function originalMessage(err: unknown): string | undefined {
  if (err instanceof Error) return (err as { shortMessage?: string }).shortMessage ?? err.message;
  if (typeof err === "object" && err !== null && typeof (err as { message?: unknown }).message === "string") {
    return (err as { message: string }).message;
  }
  return err === undefined || err === null ? undefined : String(err);
}

const USER_REJECTION_TEXT = /user (rejected|denied|cancell?ed)|rejected by (the )?user|action_rejected/;

function revertDetails(raw: unknown): string | undefined {
  const e = raw as { data?: { errorName?: string; args?: readonly unknown[] }; reason?: string };
  if (e.data?.errorName) {
    const args = (e.data.args ?? []).map((a) => (typeof a === "bigint" ? a.toString() : JSON.stringify(a)));
    return `${e.data.errorName}(${args.join(", ")})`;
  }
  return e.reason;
}

export function toUserError(err: unknown, options: ToUserErrorOptions = {}): UserErrorEntry {
  const nodes = chain(err);
  const signIn = options.context === "signIn";
  const entry = (
    code: string,
    messageKey: MessageKey,
    source: UserErrorSource,
    extra: { isUserRejection?: boolean; details?: string | undefined; messageParams?: MessageParams } = {},
  ): UserErrorEntry => ({
    code,
    messageKey,
    messageParams: extra.messageParams ?? {},
    source,
    isUserRejection: extra.isUserRejection ?? false,
    details: extra.details,
    cause: err,
  });

  // 1. Already catalogued.
  const polity = nodes.find((n) => n.raw instanceof PolityError)?.raw as PolityError | undefined;
  if (polity) {
    return entry(polity.code, polity.messageKey, polity instanceof HttpError ? "http" : "polity", {
      details: polity.details,
      messageParams: polity.messageParams,
    });
  }

  // 2. User rejection, provider and relay codes.
  const rejection = nodes.find(
    (n) =>
      (typeof n.code === "number" && USER_REJECTION_CODES.has(n.code)) || USER_REJECTION_TEXT.test(n.text),
  );
  if (rejection) {
    const code = typeof rejection.code === "number" ? rejection.code : 4001;
    if (signIn)
      return entry("SIGNATURE_REJECTED", "errors.signatureRejected", "wallet", { isUserRejection: true });
    const coded = codedErrorEntry(code);
    return entry(
      String(code),
      coded?.messageKey ?? "errors.wallet.userRejected",
      coded?.source ?? "provider",
      {
        isUserRejection: true,
      },
    );
  }
  for (const n of nodes) {
    if (typeof n.code !== "number") continue;
    const coded = codedErrorEntry(n.code);
    if (coded && coded.source !== "rpc") return entry(String(n.code), coded.messageKey, coded.source);
  }

  // 3. Wallet-side conditions.
  if (nodes.some((n) => n.name === "ChainMismatchError" || n.name === "ConnectorChainMismatchError")) {
    return entry("WRONG_NETWORK", "errors.wrongNetwork", "wallet");
  }
  if (nodes.some((n) => n.text.includes("no chains found on connector"))) {
    return entry("NO_CONNECTOR_CHAINS", "errors.noConnectorChains", "wallet");
  }
  if (
    nodes.some((n) => n.name === "ChainNotConfiguredError" || n.text.includes("chain not found on connector"))
  ) {
    return entry("CONNECTOR_CHAIN_NOT_FOUND", "errors.connectorChainNotFound", "wallet");
  }
  if (signIn)
    return entry("WALLET_LOGIN_FAILED", "errors.walletLoginFailed", "wallet", {
      details: originalMessage(err),
    });

  // 4. Node errors: a decoded revert first, then class names, library codes, messages.
  const revert = nodes.find((n) => n.name === "ContractFunctionRevertedError");
  if (revert) {
    const details = revertDetails(revert.raw);
    return entry(
      details ? `REVERTED:${details.split("(")[0]}` : "REVERTED",
      "errors.node.transactionFailed",
      "revert",
      {
        details: details ?? originalMessage(err),
      },
    );
  }
  for (const matcher of [
    (n: Node, e: (typeof NODE_ERRORS)[number]) => e.viemNames.includes(n.name),
    (n: Node, e: (typeof NODE_ERRORS)[number]) =>
      typeof n.code === "string" && e.libraryCodes.includes(n.code),
    (n: Node, e: (typeof NODE_ERRORS)[number]) => e.patterns.some((p) => p.test(n.text)),
  ]) {
    for (const nodeError of NODE_ERRORS) {
      if (nodes.some((n) => matcher(n, nodeError))) {
        return entry(nodeError.code, nodeError.messageKey, "node", { details: originalMessage(err) });
      }
    }
  }

  // 5. Plain JSON-RPC codes.
  for (const n of nodes) {
    if (typeof n.code !== "number") continue;
    const coded = codedErrorEntry(n.code);
    if (coded) return entry(String(n.code), coded.messageKey, "rpc", { details: originalMessage(err) });
  }
  if (nodes.some((n) => n.name === "HttpRequestError")) {
    return entry("HTTP_network", "errors.http.network", "http", { details: originalMessage(err) });
  }

  // 6. Default.
  const code = nodes.map((n) => n.code).find((c) => typeof c === "string" || typeof c === "number");
  return entry(code === undefined ? "UNKNOWN" : String(code), "errors.unpredictable", "unknown", {
    details: originalMessage(err),
  });
}

/** Wraps any thrown value in a PolityError carrying its catalogue entry (returns PolityErrors as they are). */
export function toPolityError(err: unknown, options: ToUserErrorOptions = {}): PolityError {
  if (err instanceof PolityError) return err;
  const e = toUserError(err, options);
  return new PolityError(originalMessage(err) ?? e.code, {
    code: e.code,
    messageKey: e.messageKey,
    messageParams: e.messageParams,
    ...(e.details !== undefined && { details: e.details }),
    cause: err,
  });
}
