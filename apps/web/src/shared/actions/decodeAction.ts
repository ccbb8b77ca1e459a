import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  isAddress,
  isAddressEqual,
} from "viem";
import { tokenAmount } from "../format/tokenAmount.ts";

export interface ProposalAction {
  executor: Address;
  value: bigint;
  data: Hex;
}

/** What a known contract is to the DAO; the page names it from this (`actions:role.<role>`). */
export type ContractRole = "treasury" | "settings" | "userKeeper" | "validators" | "expertNft" | "token";

/** A contract the decoder knows: its role, ABI and, for tokens, symbol and decimals. */
export interface KnownContract {
  address: Address;
  role: ContractRole;
  abi: Abi;
  token?: TokenUnit;
}

export interface TokenUnit {
  symbol: string;
  decimals: number;
}

export type DecodedArgument =
  | { name: string; type: string; kind: "address"; address: Address }
  /** A token amount: `display` is the app's one number format with the symbol, `exact` every digit. */
  | { name: string; type: string; kind: "amount"; display: string; exact: string }
  | { name: string; type: string; kind: "other"; display: string };

export interface DecodedAction {
  /** The known contract the action calls, or null for a contract the DAO does not know. */
  target: KnownContract | null;
  functionName: string | null;
  args: DecodedArgument[];
  /** Native value sent, in the chain's unit (18 decimals). */
  value: string;
  data: Hex;
}

/** Amount-like arguments of token functions, formatted with the token's decimals. */
const TOKEN_AMOUNT_ARGS = new Set(["amount", "value", "wad", "amounts", "_value", "_amount"]);

function stringify(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map(stringify).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${stringify(v)}`)
      .join(", ")}}`;
  }
  return String(value);
}

/** `1.5 ACME` in the app's number format (core's `formatTokenAmount`), and every digit for a tooltip. */
export function tokenAmountText(value: bigint, token: TokenUnit): { display: string; exact: string } {
  return {
    display: tokenAmount(value, token.decimals, token.symbol),
    exact: `${formatUnits(value, token.decimals)} ${token.symbol}`,
  };
}

function formatArgument(
  param: AbiParameter,
  value: unknown,
  index: number,
  token: TokenUnit | undefined,
): DecodedArgument {
  const name = param.name || `arg${index}`;
  if (param.type === "address" && typeof value === "string" && isAddress(value, { strict: false })) {
    return { name, type: param.type, kind: "address", address: value };
  }
  if (token && TOKEN_AMOUNT_ARGS.has(name) && /^uint\d*(\[\])?$/.test(param.type)) {
    const amounts = (Array.isArray(value) ? value : [value]) as bigint[];
    const texts = amounts.map((v) => tokenAmountText(v, token));
    const join = (key: "display" | "exact") =>
      Array.isArray(value) ? `[${texts.map((text) => text[key]).join(", ")}]` : (texts[0]?.[key] ?? "");
    return { name, type: param.type, kind: "amount", display: join("display"), exact: join("exact") };
  }
  return { name, type: param.type, kind: "other", display: stringify(value) };
}

/** The known contract at `address`, if any. */
export function knownAt(known: readonly KnownContract[], address: string): KnownContract | undefined {
  return known.find((c) => isAddressEqual(c.address, address as Address));
}

/**
 * Decodes one proposal action against the contracts the DAO is known to call (the pool, its
 * helpers, its tokens) and, failing those, the standard ERC-20 interface; undecodable calls keep
 * their raw data so the page still shows what will run.
 */
export function decodeAction(action: ProposalAction, known: readonly KnownContract[]): DecodedAction {
  const target = knownAt(known, action.executor) ?? null;
  const candidates: { abi: Abi; token?: TokenUnit }[] = target
    ? [
        { abi: target.abi, token: target.token },
        { abi: erc20Abi as Abi, token: target.token },
      ]
    : [{ abi: erc20Abi as Abi }];
  const base = { target, value: formatUnits(action.value, 18), data: action.data };
  if (action.data === "0x") return { ...base, functionName: null, args: [] };
  for (const candidate of candidates) {
    try {
      const decoded = decodeFunctionData({ abi: candidate.abi, data: action.data });
      const fn = candidate.abi.find(
        (item): item is AbiFunction =>
          item.type === "function" &&
          item.name === decoded.functionName &&
          item.inputs.length === (decoded.args?.length ?? 0),
      );
      const inputs = fn?.inputs ?? [];
      return {
        ...base,
        functionName: decoded.functionName,
        args: (decoded.args ?? []).map((arg, i) =>
          formatArgument(inputs[i] ?? { type: "unknown", name: `arg${i}` }, arg, i, candidate.token),
        ),
      };
    } catch {
      // Try the next interface.
    }
  }
  return { ...base, functionName: null, args: [] };
}
