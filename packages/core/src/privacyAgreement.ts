import type { Address, Hex } from "viem";

/**
 * The EIP-712 typed data of an account's agreement to the privacy policy, exactly as the chain's
 * UserRegistry checks it (`agreeToPrivacyPolicy`): the policy document's hash under the registry's domain.
 * The web asks the wallet to sign it; the api verifies the signature before keeping it.
 */
export function agreementTypedData(chainId: number, registry: Address, documentHash: Hex) {
  return {
    domain: { name: "UserRegistry", version: "1", chainId, verifyingContract: registry },
    types: { Agreement: [{ name: "documentHash", type: "bytes32" }] },
    primaryType: "Agreement",
    message: { documentHash },
  } as const;
}
