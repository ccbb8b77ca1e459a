import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  encodeFunctionData,
  type Hex,
  isAddress,
  isHex,
  parseAbi,
  toFunctionSignature,
} from "viem";

/** A builder error carries an i18n key (createProposal namespace or core) and its parameters. */
export class AbiBuilderError extends Error {
  override name = "AbiBuilderError";
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/**
 * Reads a pasted ABI: a JSON array, a JSON object with an `abi` field (compiler/Hardhat artifacts),
 * or human-readable signatures one per line (`function transfer(address to, uint256 amount)`).
 */
export function parseAbiText(text: string): Abi {
  const trimmed = text.trim();
  if (!trimmed) throw new AbiBuilderError("anyOther.abiRequired");
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new AbiBuilderError("anyOther.abiInvalidJson");
    }
    const abi = Array.isArray(parsed) ? parsed : (parsed as { abi?: unknown })?.abi;
    if (
      !Array.isArray(abi) ||
      abi.some((item) => typeof item !== "object" || item === null || !("type" in item))
    ) {
      throw new AbiBuilderError("anyOther.abiInvalidJson");
    }
    return abi as Abi;
  }
  const lines = trimmed
    .split(/\n|;/)
    .map((line) => line.trim())
    .filter(Boolean);
  try {
    return parseAbi(lines);
  } catch {
    throw new AbiBuilderError("anyOther.abiInvalidSignatures");
  }
}

/** Functions that change state (nonpayable and payable); the ABI builder lists only these. */
export function writeMethods(abi: Abi): AbiFunction[] {
  const methods = abi.filter(
    (item): item is AbiFunction =>
      item.type === "function" &&
      (item.stateMutability === "nonpayable" ||
        item.stateMutability === "payable" ||
        // Legacy ABIs without stateMutability: `constant: false` means a write.
        (item.stateMutability === undefined && (item as { constant?: boolean }).constant !== true)),
  );
  if (methods.length === 0) throw new AbiBuilderError("errors.noAbiMethods");
  return methods;
}

/** `setFee(uint16 fee)`: the method as people read it, with argument names. */
export function methodSignature(fn: AbiFunction): string {
  const params = fn.inputs
    .map((input) => (input.name ? `${input.type} ${input.name}` : input.type))
    .join(", ");
  return `${fn.name}(${params})`;
}

/** Canonical selector signature (`setFee(uint16)`), unique per overload. */
export function selectorSignature(fn: AbiFunction): string {
  return toFunctionSignature(fn);
}

type TupleParameter = AbiParameter & { components: readonly AbiParameter[] };

function integerBounds(type: string): { min: bigint; max: bigint } | null {
  const match = /^(u?)int(\d*)$/.exec(type);
  if (!match) return null;
  const bits = BigInt(match[2] || "256");
  return match[1] === "u"
    ? { min: 0n, max: 2n ** bits - 1n }
    : { min: -(2n ** (bits - 1n)), max: 2n ** (bits - 1n) - 1n };
}

/** Converts one argument (already JSON-decoded for arrays and tuples) to the value viem encodes. */
export function coerceValue(param: AbiParameter, value: unknown): unknown {
  const type = param.type;
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const items = typeof value === "string" ? parseJsonArgument(value) : value;
    if (!Array.isArray(items)) throw new AbiBuilderError("anyOther.expectedArray");
    if (array[2] && items.length !== Number(array[2])) {
      throw new AbiBuilderError("anyOther.expectedLength", { length: Number(array[2]) });
    }
    const inner = { ...param, type: array[1] as string } as AbiParameter;
    return items.map((item) => coerceValue(inner, item));
  }
  if (type === "tuple") {
    const components = (param as TupleParameter).components;
    const raw = typeof value === "string" ? parseJsonArgument(value) : value;
    if (Array.isArray(raw)) {
      if (raw.length !== components.length)
        throw new AbiBuilderError("anyOther.expectedLength", { length: components.length });
      return raw.map((item, i) => coerceValue(components[i] as AbiParameter, item));
    }
    if (raw && typeof raw === "object") {
      const record = raw as Record<string, unknown>;
      return Object.fromEntries(
        components.map((c, i) => [c.name ?? String(i), coerceValue(c, record[c.name ?? String(i)])]),
      );
    }
    throw new AbiBuilderError("anyOther.expectedTuple");
  }
  const text = typeof value === "string" ? value.trim() : value;
  if (type === "address") {
    if (typeof text !== "string" || !isAddress(text, { strict: false }))
      throw new AbiBuilderError("validation.invalidAddress");
    return text;
  }
  if (type === "bool") {
    if (text === true || text === "true") return true;
    if (text === false || text === "false") return false;
    throw new AbiBuilderError("anyOther.expectedBool");
  }
  const bounds = integerBounds(type);
  if (bounds) {
    const digits = typeof text === "number" ? String(text) : text;
    if (typeof digits !== "string" || !/^-?\d+$/.test(digits))
      throw new AbiBuilderError("anyOther.expectedInteger");
    const n = BigInt(digits);
    if (n < bounds.min || n > bounds.max) throw new AbiBuilderError("anyOther.integerOutOfRange", { type });
    return n;
  }
  if (type === "string") {
    if (typeof value !== "string") throw new AbiBuilderError("anyOther.expectedString");
    return value;
  }
  if (type.startsWith("bytes")) {
    if (typeof text !== "string" || !isHex(text, { strict: true }) || text.length % 2 !== 0)
      throw new AbiBuilderError("anyOther.expectedHex");
    const size = type === "bytes" ? null : Number(type.slice(5));
    if (size !== null && (text.length - 2) / 2 !== size)
      throw new AbiBuilderError("anyOther.expectedBytes", { size });
    return text;
  }
  throw new AbiBuilderError("anyOther.unsupportedType", { type });
}

function parseJsonArgument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AbiBuilderError("anyOther.expectedJson");
  }
}

export type EncodeResult =
  | { ok: true; data: Hex; args: unknown[] }
  | { ok: false; errors: Record<number, AbiBuilderError> };

/** Encodes a call of `fn` from the text typed in each argument field; reports every bad field. */
export function encodeCall(fn: AbiFunction, rawArgs: readonly string[]): EncodeResult {
  const errors: Record<number, AbiBuilderError> = {};
  const args = fn.inputs.map((input, i) => {
    const raw = rawArgs[i] ?? "";
    if (raw.trim() === "" && input.type !== "string") {
      errors[i] = new AbiBuilderError("validation.required");
      return undefined;
    }
    try {
      return coerceValue(input, raw);
    } catch (err) {
      errors[i] = err instanceof AbiBuilderError ? err : new AbiBuilderError("validation.invalid");
      return undefined;
    }
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const data = encodeFunctionData({ abi: [fn], functionName: fn.name, args });
  return { ok: true, data, args };
}
