import { encodeFunctionData, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { type AbiBuilderError, coerceValue, encodeCall, parseAbiText, writeMethods } from "./abiBuilder.ts";

const ABI_JSON = JSON.stringify(
  parseAbi([
    "function balanceOf(address a) view returns (uint256)",
    "function transfer(address to, uint256 amount) returns (bool)",
    "function fund() payable",
    "event Transfer()",
  ]),
);

const key = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AbiBuilderError).key;
  }
  return null;
};

describe("parseAbiText", () => {
  it("reads a JSON ABI, an artifact with an abi field and human-readable signatures", () => {
    expect(parseAbiText(ABI_JSON)).toHaveLength(4);
    expect(parseAbiText(JSON.stringify({ contractName: "X", abi: JSON.parse(ABI_JSON) }))).toHaveLength(4);
    const human = parseAbiText(
      "function transfer(address to, uint256 amount)\nfunction name() view returns (string)",
    );
    expect(human.map((i) => (i as { name: string }).name)).toEqual(["transfer", "name"]);
  });

  it("refuses empty text, broken JSON and unreadable signatures", () => {
    expect(key(() => parseAbiText("  "))).toBe("anyOther.abiRequired");
    expect(key(() => parseAbiText("[{"))).toBe("anyOther.abiInvalidJson");
    expect(key(() => parseAbiText('{"abi": 3}'))).toBe("anyOther.abiInvalidJson");
    expect(key(() => parseAbiText("transfer to somebody"))).toBe("anyOther.abiInvalidSignatures");
  });
});

describe("writeMethods", () => {
  it("lists only state-changing functions", () => {
    expect(writeMethods(parseAbiText(ABI_JSON)).map((m) => m.name)).toEqual(["transfer", "fund"]);
  });

  it("reports 'No methods found from provided ABI' when nothing writes", () => {
    const viewOnly = parseAbi(["function name() view returns (string)", "event Ping()"]);
    expect(key(() => writeMethods(viewOnly))).toBe("errors.noAbiMethods");
  });
});

describe("encodeCall", () => {
  const [transfer] = writeMethods(parseAbiText(ABI_JSON));
  it("encodes typed arguments exactly like viem", () => {
    const to = "0x000000000000000000000000000000000000dEaD";
    const result = encodeCall(transfer!, [to, "1000"]);
    expect(result).toEqual({
      ok: true,
      args: [to, 1000n],
      data: encodeFunctionData({
        abi: parseAbi(["function transfer(address to, uint256 amount)"]),
        args: [to, 1000n],
      }),
    });
  });

  it("reports every bad argument by position", () => {
    const result = encodeCall(transfer!, ["0x123", "-1"]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.key).toBe("validation.invalidAddress");
    expect(result.errors[1]?.key).toBe("anyOther.integerOutOfRange");
    const empty = encodeCall(transfer!, ["", ""]);
    expect(empty.ok === false && empty.errors[0]?.key).toBe("validation.required");
  });
});

describe("coerceValue", () => {
  it("parses arrays and tuples from JSON and checks their shape", () => {
    expect(coerceValue({ type: "uint8[]" }, '[1, "2"]')).toEqual([1n, 2n]);
    expect(key(() => coerceValue({ type: "uint8[2]" }, "[1]"))).toBe("anyOther.expectedLength");
    expect(key(() => coerceValue({ type: "uint8[]" }, "1,2"))).toBe("anyOther.expectedJson");
    const tuple = {
      type: "tuple",
      components: [
        { name: "a", type: "bool" },
        { name: "b", type: "bytes2" },
      ],
    } as const;
    expect(coerceValue(tuple, '{"a": true, "b": "0xabcd"}')).toEqual({ a: true, b: "0xabcd" });
    expect(key(() => coerceValue(tuple, '[true, "0xab"]'))).toBe("anyOther.expectedBytes");
  });

  it("checks booleans, integer ranges and hex", () => {
    expect(key(() => coerceValue({ type: "bool" }, "yes"))).toBe("anyOther.expectedBool");
    expect(key(() => coerceValue({ type: "uint8" }, "256"))).toBe("anyOther.integerOutOfRange");
    expect(coerceValue({ type: "int8" }, "-128")).toBe(-128n);
    expect(key(() => coerceValue({ type: "uint256" }, "1.5"))).toBe("anyOther.expectedInteger");
    expect(key(() => coerceValue({ type: "bytes" }, "abc"))).toBe("anyOther.expectedHex");
  });
});
