import { describe, expect, it } from "vitest";
import { initialPreferencesState, preferencesReducer } from "./preferencesReducer.ts";

const token = { chainId: 56, address: "0xAAAA", name: "Token", symbol: "TKN", decimals: 18 };

describe("preferences reducer", () => {
  it("toggles pro mode", () => {
    const on = preferencesReducer(initialPreferencesState, { type: "proModeToggled" });
    expect(on.proMode).toBe(true);
    expect(preferencesReducer(on, { type: "proModeToggled" }).proMode).toBe(false);
  });

  it("records terms agreement and hides the agreement once agreed", () => {
    let s = preferencesReducer(initialPreferencesState, { type: "agreementShown", show: true });
    expect(s.showAgreement).toBe(true);
    s = preferencesReducer(s, { type: "termsAgreed", agreed: true });
    expect(s).toMatchObject({ termsAgreed: true, showAgreement: false });
    expect(preferencesReducer(s, { type: "termsAgreed", agreed: false }).termsAgreed).toBe(false);
  });

  it("adds and removes custom tokens per chain and address", () => {
    let s = preferencesReducer(initialPreferencesState, { type: "customTokenAdded", token });
    expect(s.customTokens[56]?.["0xaaaa"]).toEqual({ ...token, address: "0xaaaa" });
    expect(preferencesReducer(s, { type: "customTokenRemoved", chainId: 1, address: "0xaaaa" })).toBe(s);
    s = preferencesReducer(s, { type: "customTokenRemoved", chainId: 56, address: "0xAAAA" });
    expect(s.customTokens[56]).toEqual({});
  });
});
