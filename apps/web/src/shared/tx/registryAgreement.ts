import { userRegistryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import type { Address, Hex } from "viem";
import type { Config } from "wagmi";
import { readContract, signTypedData } from "wagmi/actions";
import { preferencesStore, updatePreferences } from "../state/preferences.ts";
import { type AgreementRequest, agreementRequests } from "./agreementRequest.ts";

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
 * Before an account's first transaction on a chain: its agreement to the terms, recorded once in the
 * chain's UserRegistry (spec: contract writes to the user registry). Remembered per account and chain
 * once the registry says so; resolves at once then, and on a chain without a registry.
 */
export async function ensureRegistryAgreement(config: Config, chainId: number, account: Address) {
  const key = agreementKey(chainId, account);
  if (preferencesStore.getState().registryAgreements[key]) return;
  const registry = userRegistryOf(chainId);
  if (!registry) return;
  const agreed = await readContract(config, {
    chainId,
    address: registry,
    abi: userRegistryAbi,
    functionName: "agreed",
    args: [account],
  });
  if (!agreed) {
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
 * The dialog's accept: the account signs the policy document's hash the registry holds (EIP-712
 * `Agreement(bytes32 documentHash)`) and records the signature on chain. `send` is the transaction
 * writer (loaded on use); the request settles once the agreement is mined.
 */
export async function acceptAgreement(
  config: Config,
  request: AgreementRequest,
  send: (signature: Hex) => Promise<void>,
) {
  const { chainId, account, registry } = request;
  const documentHash = await readContract(config, {
    chainId,
    address: registry,
    abi: userRegistryAbi,
    functionName: "documentHash",
  });
  const signature = await signTypedData(config, {
    account,
    domain: { name: "UserRegistry", version: "1", chainId, verifyingContract: registry },
    types: { Agreement: [{ name: "documentHash", type: "bytes32" }] },
    primaryType: "Agreement",
    message: { documentHash },
  });
  await send(signature);
  agreementRequests.dispatch({ type: "closed" });
  request.resolve();
}

/** The dialog closed without accepting: the transaction waiting for it is refused as the user's choice. */
export function dismissAgreement(request: AgreementRequest) {
  agreementRequests.dispatch({ type: "closed" });
  request.reject(dismissed());
}
