import { userRegistryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { agreementTypedData } from "@polity/core/privacyAgreement";
import { type Address, type Hex, zeroHash } from "viem";
import type { Config } from "wagmi";
import { readContract, signTypedData } from "wagmi/actions";
import { keptAgreement } from "../auth/agreementApi.ts";
import { preferencesStore, updatePreferences } from "../state/preferences.ts";
import { type AgreementRequest, agreementRequests } from "./agreementRequest.ts";
import { writeContractOnDemand } from "./useContractWriter.ts";

export const agreementKey = (chainId: number, account: string) => `${chainId}:${account.toLowerCase()}`;

/** The chain's UserRegistry, when the protocol there has one. */
export function userRegistryOf(chainId: number): Address | undefined {
  return deployments[chainId]?.UserRegistry;
}

/** What a dismissed dialog answers: the wallet's "user rejected" (EIP-1193 code 4001). */
function dismissed() {
  return Object.assign(new Error("The terms were not accepted"), { code: 4001 });
}

/**
 * The account's EIP-712 signature of the privacy policy in force in the chain's UserRegistry
 * (`Agreement(bytes32 documentHash)`), what `agreeToPrivacyPolicy` accepts from it; null on a chain
 * without a registry or before its owner published a policy.
 */
export async function signAgreement(config: Config, chainId: number, account: Address): Promise<Hex | null> {
  const registry = userRegistryOf(chainId);
  if (!registry) return null;
  const documentHash = await readContract(config, {
    chainId,
    address: registry,
    abi: userRegistryAbi,
    functionName: "documentHash",
  });
  if (documentHash === zeroHash) return null;
  return signTypedData(config, { account, ...agreementTypedData(chainId, registry, documentHash) });
}

/** Sends the account's agreement to the chain's registry and waits until it is mined. */
async function recordAgreement(
  config: Config,
  request: Omit<AgreementRequest, "resolve" | "reject">,
  signature: Hex,
) {
  const hash = await writeContractOnDemand(config, {
    chainId: request.chainId,
    account: request.account,
    address: request.registry,
    abi: userRegistryAbi,
    functionName: "agreeToPrivacyPolicy",
    args: [signature],
  });
  const { waitForTransactionReceipt } = await import("./walletActions.ts");
  const receipt = await waitForTransactionReceipt(config, { hash, chainId: request.chainId });
  if (receipt.status !== "success") throw new Error(`Agreement transaction ${hash} reverted`);
}

/**
 * Before an account's first transaction on a chain: its agreement to the terms, recorded once in the
 * chain's UserRegistry (spec: contract writes to the user registry). The terms are shown once, in the
 * sign-in dialog, whose acceptance is the signature the api keeps; here that signature (or, on a chain
 * the account did not sign in on, a new one: a wallet request, not the terms again) is sent as a step
 * of its own. Only an account that never accepted the terms sees the dialog here. Remembered per
 * account and chain once the registry says so; resolves at once then, and on a chain without a registry.
 */
export async function ensureRegistryAgreement(
  config: Config,
  chainId: number,
  account: Address,
  /** Shows the agreement's own step while it is signed and mined; answers how to take it down. */
  announceStep: () => Promise<() => void> = async () => () => undefined,
) {
  const key = agreementKey(chainId, account);
  const preferences = preferencesStore.getState();
  if (preferences.registryAgreements[key]) return;
  const registry = userRegistryOf(chainId);
  if (!registry) return;
  const agreed = await readContract(config, {
    chainId,
    address: registry,
    abi: userRegistryAbi,
    functionName: "agreed",
    args: [account],
  });
  if (!agreed && preferences.termsAgreed) {
    const endStep = await announceStep();
    try {
      const signature =
        (await keptAgreement(chainId, account)) ?? (await signAgreement(config, chainId, account));
      if (signature) await recordAgreement(config, { chainId, account, registry }, signature);
    } finally {
      endStep();
    }
  } else if (!agreed) {
    await new Promise<void>((resolve, reject) =>
      agreementRequests.dispatch({
        type: "opened",
        request: { chainId, account, registry, resolve, reject },
      }),
    );
  }
  updatePreferences({ type: "registryAgreed", key });
}

/**
 * The dialog's accept (an account that never accepted the terms, at its first transaction): the account
 * signs the policy document's hash the registry holds and records the signature on chain; the request
 * settles once the agreement is mined.
 */
export async function acceptAgreement(config: Config, request: AgreementRequest) {
  const signature = await signAgreement(config, request.chainId, request.account);
  if (signature) await recordAgreement(config, request, signature);
  agreementRequests.dispatch({ type: "closed" });
  request.resolve();
}

/** The dialog closed without accepting: the transaction waiting for it is refused as the user's choice. */
export function dismissAgreement(request: AgreementRequest) {
  agreementRequests.dispatch({ type: "closed" });
  request.reject(dismissed());
}
