import { deployments } from "@polity/core/generated/deployments";
import type { Address } from "viem";

/** The chain's UserRegistry, which keeps each account's profile link; none where the protocol has none. */
export function profileRegistryOf(chainId: number): Address | undefined {
  return deployments[chainId]?.UserRegistry;
}
