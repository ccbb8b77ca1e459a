import { priceFeedAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import type { Address } from "viem";
import type { Ctx } from "./store.ts";

/**
 * USD prices (18 decimals per whole token) from the protocol's price sources on the event's chain,
 * read in one batched call per source (at `blockNumber`, else at the event's block). Spec §9: where two sources are available the higher price
 * is used; a source that fails or has no price for a token answers 0 for it.
 */
export async function readUsdPrices(
  ctx: Ctx,
  tokens: Array<{ address: Address; decimals: number }>,
  blockNumber?: bigint,
): Promise<bigint[]> {
  const sources = priceSources(ctx.chain.id);
  if (tokens.length === 0 || sources.length === 0) return tokens.map(() => 0n);
  const answers = await Promise.all(
    sources.map((source) => {
      const call = {
        address: source,
        abi: priceFeedAbi,
        functionName: "getUSDPrices",
        args: [tokens.map((t) => t.address)],
      } as const;
      return (
        blockNumber === undefined
          ? ctx.client.readContract(call)
          : ctx.client.readContract({ ...call, blockNumber })
      )
        .then((prices) => [...prices])
        .catch(() => tokens.map(() => 0n));
    }),
  );
  return tokens.map((_, i) =>
    answers.reduce((best, prices) => ((prices[i] ?? 0n) > best ? (prices[i] ?? 0n) : best), 0n),
  );
}

type PriceDeployment = { PriceFeed?: Address; SecondaryPriceFeed?: Address };

/** The chain's PriceFeed plus a second feed when the deployment lists one. */
export function priceSources(chainId: number): Address[] {
  const d = (deployments as Readonly<Record<number, PriceDeployment | undefined>>)[chainId];
  return [d?.PriceFeed, d?.SecondaryPriceFeed].filter(
    (a): a is Address => a !== undefined && /^0x[0-9a-fA-F]{40}$/.test(a),
  );
}
