import { describe, expect, it } from "vitest";
import { LOCAL_DEV_VERIFIER, offchainVerifierFor } from "./offchainVerifier.ts";

const VERIFIER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

describe("offchainVerifierFor", () => {
  it("prefers the deployment, then the build configuration", () => {
    expect(offchainVerifierFor(56, { OffchainVerifier: VERIFIER.toLowerCase() }, {})).toBe(VERIFIER);
    expect(offchainVerifierFor(56, {}, { VITE_OFFCHAIN_VERIFIER_56: VERIFIER })).toBe(VERIFIER);
  });

  it("uses the labelled dev verifier on the local chain only", () => {
    expect(offchainVerifierFor(31337, {}, {})).toBe(LOCAL_DEV_VERIFIER);
    expect(offchainVerifierFor(56, {}, {})).toBeUndefined();
    expect(offchainVerifierFor(56, {}, { VITE_OFFCHAIN_VERIFIER_56: "not-an-address" })).toBeUndefined();
  });
});
