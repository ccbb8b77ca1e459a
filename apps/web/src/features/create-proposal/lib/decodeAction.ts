import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  isAddressEqual,
} from "viem";

export interface ProposalAction {
  executor: Address;
  value: bigint;
  data: Hex;
}

/** A contract the decoder knows: its label ("GovSettings", "Token ACME"), ABI and, for tokens, decimals. */
export interface KnownContract {
  address: Address;
  label: string;
  abi: Abi;
  token?: { symbol: string; decimals: number };
}

export interface DecodedArgument {
  name: string;
  type: string;
  /** Display text: token amounts are shown with the token's decimals and symbol. */
  display: string;
}

export interface DecodedAction {
  contractLabel: string | null;
  functionName: string | null;
  args: DecodedArgument[];
  /** Native value sent, formatted with 18 decimals. */
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

function formatArgument(
  param: AbiParameter,
  value: unknown,
  index: number,
  token: KnownContract["token"],
): DecodedArgument {
  const name = param.name || `arg${index}`;
  let display = stringify(value);
  if (token && TOKEN_AMOUNT_ARGS.has(name) && /^uint\d*(\[\])?$/.test(param.type)) {
    const format = (v: bigint) => `${formatUnits(v, token.decimals)} ${token.symbol}`;
    display = Array.isArray(value)
      ? `[${(value as bigint[]).map(format).join(", ")}]`
      : format(value as bigint);
  }
  return { name, type: param.type, display };
}

/**
 * Decodes one proposal action against the contracts the DAO is known to call (the pool, its
 * helpers, its tokens) and, failing those, the standard ERC-20 interface; undecodable calls keep
 * their raw data so the review still shows what will run.
 */
export function decodeAction(action: ProposalAction, known: readonly KnownContract[]): DecodedAction {
  const target = known.find((c) => isAddressEqual(c.address, action.executor));
  const candidates: { abi: Abi; token?: KnownContract["token"] }[] = target
    ? [
        { abi: target.abi, token: target.token },
        { abi: erc20Abi as Abi, token: target.token },
      ]
    : [{ abi: erc20Abi as Abi }];
  const base = {
    contractLabel: target?.label ?? null,
    value: formatUnits(action.value, 18),
    data: action.data,
  };
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
