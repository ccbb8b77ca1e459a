import type {
  Abi,
  AbiParameter,
  AbiParameterToPrimitiveType,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionReturnType,
} from "viem";
import type { ReadClient } from "./readClient.ts";

type ReadMutability = "pure" | "view";

/** One contract read, carrying the result type its ABI gives it. */
export interface ReadCall<Result, abi extends Abi = Abi, functionName extends string = string> {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args?: readonly unknown[];
  /** Turns the decoded result into `Result` (named outputs); absent when the result is used as is. */
  readonly decode?: (result: unknown) => unknown;
  /** Type only: the decoded result, and the ABI and function it comes from. */
  readonly __result?: Result;
  readonly __abi?: abi;
  readonly __functionName?: functionName;
}

type FunctionOutputs<abi extends Abi, functionName extends string> = Extract<
  abi[number],
  { type: "function"; name: functionName }
>["outputs"];

/** The outputs of a function returning several values, as one object keyed by the outputs' ABI names. */
export type NamedOutputs<outputs extends readonly AbiParameter[]> = {
  [P in outputs[number] as P extends { name: infer N extends string }
    ? N
    : never]: AbiParameterToPrimitiveType<P>;
};

/** The result of `functionName` by its outputs' names, derived from the ABI. */
export type NamedResult<abi extends Abi, functionName extends string> = NamedOutputs<
  FunctionOutputs<abi, functionName>
>;

/**
 * A read of `functionName` on `contract`, typed from the contract's ABI: arguments are checked and
 * the result type is derived, never written by hand.
 */
export function readCall<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, ReadMutability>,
  const args extends ContractFunctionArgs<abi, ReadMutability, functionName>,
>(
  contract: { address: Address; abi: abi },
  functionName: functionName,
  ...args: args extends readonly [] ? [] : [args: args]
): ReadCall<ContractFunctionReturnType<abi, ReadMutability, functionName, args>, abi, functionName> {
  const callArgs = args[0] as readonly unknown[] | undefined;
  return {
    address: contract.address,
    abi: contract.abi,
    functionName,
    ...(callArgs ? { args: callArgs } : {}),
  };
}

/**
 * `call` (of a function that returns several values) answered as one object keyed by the outputs'
 * names in the ABI — `named(readCall(pool, "getHelperContracts"))` → `{ settings, userKeeper, … }` —
 * so results are never read by position.
 */
export function named<const abi extends Abi, functionName extends string>(
  call: ReadCall<unknown, abi, functionName>,
): ReadCall<NamedResult<abi, functionName>> {
  const item = call.abi.find(
    (entry) =>
      entry.type === "function" &&
      entry.name === call.functionName &&
      entry.inputs.length === (call.args?.length ?? 0),
  );
  const names = item?.type === "function" ? item.outputs.map((output) => output.name ?? "") : [];
  if (names.length < 2 || names.some((name) => !name))
    throw new Error(`${call.functionName} does not return several named outputs`);
  return {
    address: call.address,
    abi: call.abi,
    functionName: call.functionName,
    ...(call.args ? { args: call.args } : {}),
    decode: (result) =>
      Object.fromEntries(names.map((name, index) => [name, (result as readonly unknown[])[index]])),
  };
}

/** A multicall entry with `allowFailure`: the result, or the error that replaced it. */
export type Settled<T> = { status: "success"; result: T } | { status: "failure"; error: Error };

/** The result of a settled read, or undefined when it failed (or was not made). */
export function settled<T>(entry: Settled<T> | undefined): T | undefined {
  return entry?.status === "success" ? entry.result : undefined;
}

/** The calls of one batch, by the names their results come back under. */
export type Calls = Record<string, ReadCall<unknown> | readonly ReadCall<unknown>[] | null | undefined>;

type ResultOf<C> =
  C extends ReadCall<infer R>
    ? R | undefined
    : C extends readonly ReadCall<infer R>[]
      ? (R | undefined)[]
      : undefined;

export type BatchResults<C extends Calls> = { [K in keyof C]: ResultOf<C[K]> };

/**
 * Reads every call of `calls` in one multicall (one JSON-RPC request) and answers their results
 * by the same names: a read that failed, or was left out (`undefined` or `null`), answers `undefined` —
 * unless it is `required`, whose failure is thrown. Lists of calls answer lists. Results are never
 * read by position.
 */
export async function readBatch<const C extends Calls>(
  client: Pick<ReadClient, "multicall">,
  calls: C,
  options: { required?: readonly (keyof C & string)[] } = {},
): Promise<BatchResults<C>> {
  const flat: ReadCall<unknown>[] = [];
  const slots: [key: string, start: number, count: number | null][] = [];
  for (const [key, value] of Object.entries(calls)) {
    if (value === undefined || value === null) {
      slots.push([key, -1, null]);
    } else if (Array.isArray(value)) {
      slots.push([key, flat.length, value.length]);
      flat.push(...value);
    } else {
      slots.push([key, flat.length, null]);
      flat.push(value as ReadCall<unknown>);
    }
  }
  const results: Settled<unknown>[] = flat.length
    ? await client.multicall({ allowFailure: true, contracts: flat })
    : [];
  const resultAt = (index: number) => {
    const result = settled(results[index]);
    const decode = flat[index]?.decode;
    return result === undefined || !decode ? result : decode(result);
  };
  const answer: Record<string, unknown> = {};
  for (const [key, start, count] of slots) {
    const failed = results[start];
    if (count === null && failed?.status === "failure" && options.required?.includes(key)) throw failed.error;
    answer[key] =
      start === -1
        ? undefined
        : count === null
          ? resultAt(start)
          : Array.from({ length: count }, (_, offset) => resultAt(start + offset));
  }
  return answer as BatchResults<C>;
}
