/**
 * Wallet, JSON-RPC, relay-session and node error codes (spec section 8), each mapped to the key of
 * the message a user sees.
 */
import type { MessageKey } from "../i18n/en.ts";

export type CodedErrorEntry = { code: number; name: string; messageKey: MessageKey };

function entries(list: readonly (readonly [number, string, MessageKey])[]): readonly CodedErrorEntry[] {
  return Object.freeze(list.map(([code, name, messageKey]) => Object.freeze({ code, name, messageKey })));
}

/** EIP-1193 provider errors. */
export const PROVIDER_ERRORS = entries([
  [4001, "UserRejectedRequest", "errors.wallet.userRejected"],
  [4100, "Unauthorized", "errors.wallet.unauthorized"],
  [4200, "UnsupportedMethod", "errors.wallet.unsupportedMethod"],
  [4900, "Disconnected", "errors.wallet.disconnected"],
  [4901, "ChainDisconnected", "errors.wallet.chainDisconnected"],
]);

/** JSON-RPC 2.0 and EIP-1474 errors. */
export const JSON_RPC_ERRORS = entries([
  [-32700, "ParseError", "errors.rpc.parse"],
  [-32600, "InvalidRequest", "errors.rpc.invalidRequest"],
  [-32601, "MethodNotFound", "errors.rpc.methodNotFound"],
  [-32602, "InvalidParams", "errors.rpc.invalidParams"],
  [-32603, "InternalError", "errors.rpc.internal"],
  [-32000, "InvalidInput", "errors.rpc.invalidInput"],
  [-32001, "ResourceNotFound", "errors.rpc.resourceNotFound"],
  [-32002, "ResourceUnavailable", "errors.rpc.resourceUnavailable"],
  [-32003, "TransactionRejected", "errors.rpc.transactionRejected"],
  [-32004, "MethodNotSupported", "errors.rpc.methodNotSupported"],
  [-32005, "LimitExceeded", "errors.rpc.limitExceeded"],
  [-32006, "JsonRpcVersionNotSupported", "errors.rpc.versionNotSupported"],
]);

/** Wallet-connection relay (session) errors. */
export const RELAY_ERRORS = entries([
  [1001, "InvalidMethod", "errors.relay.invalidRequest"],
  [1002, "InvalidEvent", "errors.relay.invalidRequest"],
  [1003, "InvalidUpdateRequest", "errors.relay.invalidRequest"],
  [1004, "InvalidExtendRequest", "errors.relay.invalidRequest"],
  [1005, "InvalidSessionSettleRequest", "errors.relay.invalidRequest"],
  [3001, "UnauthorizedMethod", "errors.relay.unauthorized"],
  [3002, "UnauthorizedEvent", "errors.relay.unauthorized"],
  [3003, "UnauthorizedUpdateRequest", "errors.relay.unauthorized"],
  [3004, "UnauthorizedExtendRequest", "errors.relay.unauthorized"],
  [5000, "UserRejected", "errors.relay.userRejected"],
  [5001, "UserRejectedChains", "errors.relay.userRejected"],
  [5002, "UserRejectedMethods", "errors.relay.userRejected"],
  [5003, "UserRejectedEvents", "errors.relay.userRejected"],
  [5100, "UnsupportedChains", "errors.relay.unsupported"],
  [5101, "UnsupportedMethods", "errors.relay.unsupported"],
  [5102, "UnsupportedEvents", "errors.relay.unsupported"],
  [5103, "UnsupportedAccounts", "errors.relay.unsupported"],
  [5104, "UnsupportedNamespaceKey", "errors.relay.unsupported"],
  [6000, "UserDisconnected", "errors.relay.userDisconnected"],
  [7000, "SessionSettlementFailed", "errors.relay.settlementFailed"],
  [10001, "MethodUnsupported", "errors.relay.unsupportedMethod"],
]);

export type CodedErrorSource = "provider" | "rpc" | "relay";
export type SourcedErrorEntry = CodedErrorEntry & { source: CodedErrorSource };

const BY_CODE: ReadonlyMap<number, SourcedErrorEntry> = new Map<number, SourcedErrorEntry>([
  ...PROVIDER_ERRORS.map((e): [number, SourcedErrorEntry] => [e.code, { ...e, source: "provider" }]),
  ...JSON_RPC_ERRORS.map((e): [number, SourcedErrorEntry] => [e.code, { ...e, source: "rpc" }]),
  ...RELAY_ERRORS.map((e): [number, SourcedErrorEntry] => [e.code, { ...e, source: "relay" }]),
]);

export function codedErrorEntry(code: number): SourcedErrorEntry | null {
  return BY_CODE.get(code) ?? null;
}

/** Codes meaning the user declined in the wallet. */
export const USER_REJECTION_CODES: ReadonlySet<number> = new Set([4001, 5000, 5001, 5002, 5003]);

export type NodeErrorEntry = {
  code: string;
  messageKey: MessageKey;
  /** Error codes of node libraries (ethers-style) meaning this error. */
  libraryCodes: readonly string[];
  /** viem error class names meaning this error. */
  viemNames: readonly string[];
  /** Message fragments (lower-case regular expressions) meaning this error. */
  patterns: readonly RegExp[];
};

/** Node errors, in matching order (more specific first). */
export const NODE_ERRORS: readonly NodeErrorEntry[] = Object.freeze([
  {
    code: "NETWORK_BLOCK_SKEW",
    messageKey: "errors.node.networkBlockSkew",
    libraryCodes: [],
    viemNames: [],
    patterns: [/block skew/],
  },
  {
    code: "NETWORK_CHANGED",
    messageKey: "errors.node.networkChanged",
    libraryCodes: [],
    viemNames: [],
    patterns: [/network changed/, /underlying network changed/],
  },
  {
    code: "TRANSACTION_REPLACED",
    messageKey: "errors.node.transactionReplaced",
    libraryCodes: ["TRANSACTION_REPLACED"],
    viemNames: [],
    patterns: [/transaction (was )?replaced/, /transaction (was )?(repriced|cancelled)/],
  },
  {
    code: "REPLACEMENT_UNDERPRICED",
    messageKey: "errors.node.replacementUnderpriced",
    libraryCodes: ["REPLACEMENT_UNDERPRICED"],
    viemNames: [],
    patterns: [/replacement fee too low/, /replacement transaction underpriced/],
  },
  {
    code: "INSUFFICIENT_FUNDS",
    messageKey: "errors.node.insufficientFunds",
    libraryCodes: ["INSUFFICIENT_FUNDS"],
    viemNames: ["InsufficientFundsError"],
    patterns: [/insufficient funds/],
  },
  {
    code: "NONCE_EXPIRED",
    messageKey: "errors.node.nonceUsed",
    libraryCodes: ["NONCE_EXPIRED"],
    viemNames: ["NonceTooLowError"],
    patterns: [/nonce (has )?already (been )?used/, /nonce too low/],
  },
  {
    code: "LEGACY_UNSUPPORTED",
    messageKey: "errors.node.legacyUnsupported",
    libraryCodes: [],
    viemNames: [],
    patterns: [/pre-eip-?155/, /only replay-protected \(eip-155\) transactions/],
  },
  {
    code: "MISSING_REVERT_DATA",
    messageKey: "errors.node.missingRevertData",
    libraryCodes: [],
    viemNames: [],
    patterns: [/missing revert data/],
  },
  {
    code: "UNPREDICTABLE_GAS_LIMIT",
    messageKey: "errors.node.cannotEstimateGas",
    libraryCodes: ["UNPREDICTABLE_GAS_LIMIT"],
    viemNames: ["EstimateGasExecutionError"],
    patterns: [/cannot estimate gas/, /gas required exceeds allowance/],
  },
  {
    code: "TIMEOUT",
    messageKey: "errors.node.timeout",
    libraryCodes: ["TIMEOUT"],
    viemNames: ["TimeoutError", "WaitForTransactionReceiptTimeoutError"],
    patterns: [/timed? ?out/],
  },
  {
    code: "NAME_NOT_CONFIGURED",
    messageKey: "errors.node.nameNotConfigured",
    libraryCodes: [],
    viemNames: ["EnsAvatarUriResolutionError"],
    patterns: [/name not configured/, /ens name not configured/],
  },
  {
    code: "INVALID_ADDRESS",
    messageKey: "errors.node.invalidAddress",
    libraryCodes: [],
    viemNames: ["InvalidAddressError"],
    patterns: [/invalid address/, /invalid ens name/],
  },
  {
    code: "UNKNOWN_ACCOUNT",
    messageKey: "errors.node.unknownAccount",
    libraryCodes: [],
    viemNames: ["AccountNotFoundError"],
    patterns: [/unknown account/],
  },
  {
    code: "INVALID_POLLING_INTERVAL",
    messageKey: "errors.node.invalidPollingInterval",
    libraryCodes: [],
    viemNames: [],
    patterns: [/invalid polling interval/],
  },
  {
    code: "BAD_RESULT",
    messageKey: "errors.node.badResult",
    libraryCodes: ["BAD_DATA", "SERVER_ERROR"],
    viemNames: ["InvalidJsonRpcError"],
    patterns: [/bad result/],
  },
  {
    code: "TRANSACTION_FAILED",
    messageKey: "errors.node.transactionFailed",
    libraryCodes: ["CALL_EXCEPTION"],
    viemNames: ["ContractFunctionRevertedError", "CallExecutionError"],
    patterns: [/transaction failed/, /execution reverted/],
  },
]);
