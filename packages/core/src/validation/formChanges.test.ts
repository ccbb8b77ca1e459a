import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.ts";
import {
  formHash,
  isFormChanged,
  nothingChangedError,
  shouldDiscardDraft,
  stableStringify,
} from "./formChanges.ts";

describe("nothing changed", () => {
  it("returns the spec's message for an unchanged form", () => {
    const key = nothingChangedError({ a: "x", b: [1, 2] }, { b: [1, 2], a: " x " });
    expect(key).not.toBeNull();
    expect(en[key ?? "validation.invalid"]).toBe(
      "Nothing has been changed. Please change something before submitting.",
    );
  });

  it("sees real changes", () => {
    expect(nothingChangedError({ a: "x" }, { a: "y" })).toBeNull();
    expect(isFormChanged({ list: [1, 2] }, { list: [2, 1] })).toBe(true);
    expect(isFormChanged({ a: 1n }, { a: 2n })).toBe(true);
    expect(isFormChanged({ a: 1n }, { a: "1" })).toBe(false);
    expect(isFormChanged({ a: undefined }, {})).toBe(false);
    expect(isFormChanged({ d: new Date(0) }, { d: new Date(1) })).toBe(true);
  });

  it("is reflexive and order-insensitive (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(isFormChanged(obj, reversed)).toBe(false);
        expect(stableStringify(obj)).toBe(stableStringify(reversed));
      }),
    );
  });
});

describe("draft hash", () => {
  it("discards a draft saved for another default form", () => {
    const defaults = { isErc20: true, daoName: "" };
    const hash = formHash(defaults);
    expect(hash).toMatch(/^[0-9a-f]{8}$/);
    expect(shouldDiscardDraft(hash, { daoName: "", isErc20: true })).toBe(false);
    expect(shouldDiscardDraft(hash, { ...defaults, isErc721: false })).toBe(true);
    expect(shouldDiscardDraft(null, defaults)).toBe(true);
  });
});
