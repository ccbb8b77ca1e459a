import {
  BaseError,
  ChainMismatchError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  InternalRpcError,
  InvalidInputRpcError,
  NonceTooLowError,
  parseAbi,
  RpcRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.ts";
import { HttpError, httpErrorKind, parseHttpError, shouldRefreshToken } from "./http.ts";
import { jsonApiError, jsonApiErrorDocument } from "./jsonApi.ts";
import { isPolityError, PolityError, walkErrorChain } from "./PolityError.ts";
import { toPolityError, toUserError } from "./toUserError.ts";
import {
  codedErrorEntry,
  JSON_RPC_ERRORS,
  NODE_ERRORS,
  PROVIDER_ERRORS,
  RELAY_ERRORS,
} from "./walletErrors.ts";

describe("PolityError", () => {
  it("carries code, shortMessage, details, cause and message key", () => {
    const cause = new Error("root");
    const err = new PolityError("Short", {
      code: "X",
      messageKey: "errors.unpredictable",
      details: "more",
      cause,
      metaMessages: ["meta line"],
    });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("PolityError");
    expect(err.code).toBe("X");
    expect(err.shortMessage).toBe("Short");
    expect(err.details).toBe("more");
    expect(err.cause).toBe(cause);
    expect(err.message).toBe("Short\n\nmeta line\n\nDetails: more");
    expect(err.walk()).toBe(cause);
    expect(err.walk((e) => e === cause)).toBe(cause);
    expect(err.walk((e) => e === "nope")).toBeNull();
    expect(isPolityError(err)).toBe(true);
    expect(isPolityError(cause)).toBe(false);
  });

  it("walks chains with cycles safely", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(walkErrorChain(b)).toBeDefined();
  });
});

describe("HTTP errors", () => {
  it("maps statuses to kinds; anything else is a network error", () => {
    expect([400, 401, 403, 404, 409, 429, 500].map(httpErrorKind)).toEqual([
      "badRequest",
      "unauthorized",
      "forbidden",
      "notFound",
      "conflict",
      "tooManyRequests",
      "internal",
    ]);
    for (const status of [0, 302, 418, 502, 503, null, undefined])
      expect(httpErrorKind(status)).toBe("network");
    expect(shouldRefreshToken(401)).toBe(true);
    expect(shouldRefreshToken(403)).toBe(false);
  });

  it("reads title, detail and meta of the first JSON:API error", () => {
    const err = parseHttpError(404, {
      errors: [{ status: "404", title: "Not Found", detail: "comment 7 does not exist", meta: { id: 7 } }],
    });
    expect(err).toBeInstanceOf(HttpError);
    expect(err.kind).toBe("notFound");
    expect(err.title).toBe("Not Found");
    expect(err.details).toBe("comment 7 does not exist");
    expect(err.meta).toEqual({ id: 7 });
    expect(err.messageKey).toBe("errors.http.notFound");
  });

  it("titles several errors 'Request contains some errors.'", () => {
    const err = parseHttpError(400, {
      errors: [
        {
          title: "Bad Request",
          detail: "content is required",
          source: { pointer: "/data/attributes/content" },
        },
        { title: "Bad Request", detail: "chain_id is invalid" },
      ],
    });
    expect(err.title).toBe("Request contains some errors.");
    expect(err.shortMessage).toBe("Request contains some errors.");
    expect(err.details).toBe("content is required");
    expect(err.errors).toHaveLength(2);
    expect(en[err.messageKey]).toBe("Request contains some errors.");
  });

  it("falls back to the kind's text for bodies without errors", () => {
    expect(parseHttpError(500, "<html>").title).toBe("Internal server error");
    expect(parseHttpError(undefined, null).kind).toBe("network");
    expect(parseHttpError(429, { errors: [null, 1, { status: 429 }] }).errors).toEqual([{ status: "429" }]);
  });

  it("builds JSON:API error documents from catalogue keys", () => {
    expect(
      jsonApiError({
        status: 400,
        key: "validation.maxLength",
        params: { maxLength: 30 },
        pointer: "/data/attributes/title",
      }),
    ).toEqual({
      status: "400",
      code: "validation.maxLength",
      title: "Bad Request",
      detail: "Must be at most 30 characters",
      source: { pointer: "/data/attributes/title" },
      meta: { params: { maxLength: 30 } },
    });
    const doc = jsonApiErrorDocument(
      { status: 409, key: "validation.poolNameTaken" },
      { status: 400, key: "validation.required", parameter: "page" },
    );
    expect(doc.errors[0]).toEqual({
      status: "409",
      code: "validation.poolNameTaken",
      title: "Conflict",
      detail: "A pool with this name already exists.",
    });
    expect(doc.errors[1]?.source).toEqual({ parameter: "page" });
    expect(parseHttpError(400, doc).title).toBe("Request contains some errors.");
  });
});

describe("wallet, JSON-RPC and relay codes", () => {
  it("lists EIP-1193 codes 4001, 4100, 4200, 4900, 4901", () => {
    expect(PROVIDER_ERRORS.map((e) => e.code)).toEqual([4001, 4100, 4200, 4900, 4901]);
    expect(en[codedErrorEntry(4001)?.messageKey ?? "errors.unpredictable"]).toBe(
      "User rejected the request.",
    );
  });

  it("lists JSON-RPC codes -32700 .. -32000", () => {
    expect(JSON_RPC_ERRORS.map((e) => e.code)).toEqual([
      -32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006,
    ]);
  });

  it("lists relay codes 1001-1005, 3001-3004, 5000-5003, 5100-5104, 6000, 7000, 10001", () => {
    expect(RELAY_ERRORS.map((e) => e.code)).toEqual([
      1001, 1002, 1003, 1004, 1005, 3001, 3002, 3003, 3004, 5000, 5001, 5002, 5003, 5100, 5101, 5102, 5103,
      5104, 6000, 7000, 10001,
    ]);
    const key = (code: number) => codedErrorEntry(code)?.messageKey;
    expect(key(1003)).toBe("errors.relay.invalidRequest");
    expect(key(3004)).toBe("errors.relay.unauthorized");
    expect(key(5002)).toBe("errors.relay.userRejected");
    expect(key(5104)).toBe("errors.relay.unsupported");
    expect(key(6000)).toBe("errors.relay.userDisconnected");
    expect(key(7000)).toBe("errors.relay.settlementFailed");
    expect(key(10001)).toBe("errors.relay.unsupportedMethod");
    expect(codedErrorEntry(1234)).toBeNull();
  });

  it("covers the sixteen node errors with distinct codes", () => {
    expect(NODE_ERRORS).toHaveLength(16);
    expect(new Set(NODE_ERRORS.map((e) => e.code)).size).toBe(16);
    for (const e of NODE_ERRORS) expect(en[e.messageKey]).toBeTruthy();
  });
});

describe("toUserError", () => {
  const rpc = (code: number, message: string) =>
    new RpcRequestError({ body: {}, url: "http://x", error: { code, message } });

  it("maps viem's user rejection (4001) anywhere in the chain", () => {
    const err = new TransactionExecutionError(new UserRejectedRequestError(new Error("User denied")), {
      chain: undefined,
    } as never);
    const e = toUserError(err);
    expect(e.code).toBe("4001");
    expect(e.isUserRejection).toBe(true);
    expect(en[e.messageKey]).toBe("User rejected the request.");
  });

  it("maps rejection while signing in to 'Account ownership confirmation rejected'", () => {
    const e = toUserError({ code: 4001, message: "User rejected the request." }, { context: "signIn" });
    expect(en[e.messageKey]).toBe("Account ownership confirmation rejected");
    const failed = toUserError(new Error("boom"), { context: "signIn" });
    expect(en[failed.messageKey]).toBe(
      "An error occurred during the authorization process. Please try again or choose an alternative login method.",
    );
  });

  it("recognises rejections by text and ethers' ACTION_REJECTED", () => {
    expect(
      toUserError(new Error("MetaMask Tx Signature: User denied transaction signature.")).isUserRejection,
    ).toBe(true);
    expect(toUserError({ code: "ACTION_REJECTED", message: "user rejected action" }).isUserRejection).toBe(
      true,
    );
  });

  it("maps provider and relay codes", () => {
    expect(toUserError({ code: 4900, message: "disconnected" }).messageKey).toBe(
      "errors.wallet.disconnected",
    );
    expect(toUserError({ code: 4901 }).messageKey).toBe("errors.wallet.chainDisconnected");
    expect(toUserError({ code: 5100, message: "Unsupported chains" }).source).toBe("relay");
    const rejected = toUserError({ code: 5000, message: "User rejected." });
    expect(rejected.isUserRejection).toBe(true);
    expect(rejected.messageKey).toBe("errors.relay.userRejected");
  });

  it("maps a chain mismatch to 'You use the wrong network.'", () => {
    const err = new ChainMismatchError({ chain: { id: 1, name: "Ethereum" } as never, currentChainId: 56 });
    expect(en[toUserError(err).messageKey]).toBe("You use the wrong network.");
  });

  it("maps connector chain errors", () => {
    expect(en[toUserError(new Error("No chains found on connector.")).messageKey]).toBe(
      "No chains found on connector.",
    );
    expect(en[toUserError(new Error("chain not found on connector.")).messageKey]).toBe(
      "chain not found on connector.",
    );
  });

  it("maps node errors by viem class before the generic -32000 code", () => {
    const funds = new InsufficientFundsError({
      cause: new InvalidInputRpcError(new Error("insufficient funds for gas")),
    });
    expect(toUserError(funds).code).toBe("INSUFFICIENT_FUNDS");
    expect(toUserError(new NonceTooLowError({ nonce: 3 })).messageKey).toBe("errors.node.nonceUsed");
    expect(toUserError(new WaitForTransactionReceiptTimeoutError({ hash: "0x01" })).code).toBe("TIMEOUT");
  });

  it("maps node errors by library code and message", () => {
    expect(toUserError({ code: "REPLACEMENT_UNDERPRICED" }).code).toBe("REPLACEMENT_UNDERPRICED");
    expect(toUserError({ code: "TRANSACTION_REPLACED", reason: "repriced" }).messageKey).toBe(
      "errors.node.transactionReplaced",
    );
    const cases: [string, string][] = [
      ["network block skew detected", "NETWORK_BLOCK_SKEW"],
      ["underlying network changed", "NETWORK_CHANGED"],
      ["bad result from backend", "BAD_RESULT"],
      ["nonce has already been used", "NONCE_EXPIRED"],
      ["replacement fee too low", "REPLACEMENT_UNDERPRICED"],
      ["legacy pre-eip-155 transactions not supported", "LEGACY_UNSUPPORTED"],
      ["cannot estimate gas; transaction may fail", "UNPREDICTABLE_GAS_LIMIT"],
      ["missing revert data in call exception", "MISSING_REVERT_DATA"],
      ["invalid address or ENS name", "INVALID_ADDRESS"],
      ["name not configured", "NAME_NOT_CONFIGURED"],
      ["unknown account #0", "UNKNOWN_ACCOUNT"],
      ["invalid polling interval", "INVALID_POLLING_INTERVAL"],
      ["transaction failed", "TRANSACTION_FAILED"],
      ["request timed out", "TIMEOUT"],
    ];
    for (const [message, code] of cases) expect(toUserError(new Error(message)).code, message).toBe(code);
  });

  it("decodes a custom revert into its error name and arguments", () => {
    const abi = parseAbi(["error GovPoolVoteClosed(uint256 proposalId)", "function vote(uint256)"]);
    const data = encodeErrorResult({ abi, errorName: "GovPoolVoteClosed", args: [7n] });
    const reverted = new ContractFunctionRevertedError({ abi, data, functionName: "vote" });
    const err = new ContractFunctionExecutionError(reverted, { abi, functionName: "vote", args: [7n] });
    const e = toUserError(err);
    expect(e.code).toBe("REVERTED:GovPoolVoteClosed");
    expect(e.details).toBe("GovPoolVoteClosed(7)");
    expect(e.source).toBe("revert");
  });

  it("falls back to JSON-RPC codes, then HTTP transport errors", () => {
    expect(toUserError(rpc(-32601, "the method eth_foo does not exist")).messageKey).toBe(
      "errors.rpc.methodNotFound",
    );
    expect(toUserError(new InternalRpcError(new Error("x"))).code).toBe("-32603");
    expect(toUserError(new HttpRequestError({ url: "http://127.0.0.1:8545", status: 502 })).messageKey).toBe(
      "errors.http.network",
    );
  });

  it("keeps catalogued errors as they are", () => {
    const http = parseHttpError(403, { errors: [{ title: "Forbidden", detail: "not a member" }] });
    const e = toUserError(new Error("wrapped", { cause: http }));
    expect(e.source).toBe("http");
    expect(e.messageKey).toBe("errors.http.forbidden");
    expect(e.details).toBe("not a member");
  });

  it("defaults to 'Unpredictable error' with the original code and message", () => {
    const e = toUserError(new BaseError("Something odd"));
    expect(en[e.messageKey]).toBe("Unpredictable error");
    expect(e.details).toBe("Something odd");
    expect(toUserError({ code: "WEIRD", message: "?" }).code).toBe("WEIRD");
    expect(toUserError("plain string").details).toBe("plain string");
    expect(toUserError(undefined).code).toBe("UNKNOWN");
  });

  it("wraps into a PolityError", () => {
    const wrapped = toPolityError(new NonceTooLowError({ nonce: 1 }));
    expect(wrapped).toBeInstanceOf(PolityError);
    expect(wrapped.code).toBe("NONCE_EXPIRED");
    expect(wrapped.cause).toBeInstanceOf(NonceTooLowError);
    const same = new PolityError("x", { code: "C", messageKey: "errors.noChainId" });
    expect(toPolityError(same)).toBe(same);
  });
});
