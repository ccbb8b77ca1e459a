import {
  distribution,
  distributionClaim,
  pool,
  poolContract,
  tokenSaleParticipant,
  tokenSalePurchase,
  tokenSaleTier,
} from "ponder:schema";
import { type Address, decodeAbiParameters, type Hex } from "viem";
import { on } from "../on.ts";
import { type Ctx, eventRow, lower, poolOf, settleFallbackMember } from "../store.ts";

/**
 * The DAO's executors: token sale tiers, purchases, claims and vesting withdrawals per buyer, participation
 * locks and whitelists (TokenSaleProposal), and distributions (DistributionProposal).
 */

on("PoolFactory:DaoExecutorsDeployed", async ({ event, context }) => {
  const chainId = context.chain.id;
  const govPool = lower(event.args.govPool);
  const tokenSale = lower(event.args.tokenSale);
  const dist = lower(event.args.distribution);
  for (const [address, kind] of [
    [tokenSale, "tokenSale"],
    [dist, "distribution"],
  ] as const) {
    await context.db
      .insert(poolContract)
      .values({ chainId, address, pool: govPool, kind })
      .onConflictDoUpdate({ pool: govPool, kind });
  }
  const row = await context.db.find(pool, { chainId, address: govPool });
  if (row) {
    await context.db
      .update(pool, { chainId, address: govPool })
      .set({ tokenSaleProposal: tokenSale, distributionProposal: dist });
    // The DAO's own contracts never count as its members.
    for (const own of [tokenSale, dist]) await settleFallbackMember(context, govPool, own);
  }
});

/** Decodes a requirement's `data` (README "Token sales and distributions"). */
export function decodeParticipation(participationType: number, data: Hex): Record<string, string | number> {
  const out: Record<string, string | number> = { participationType };
  try {
    if (participationType === 0) {
      const [minVotes] = decodeAbiParameters([{ type: "uint256" }], data);
      out.minVotes = minVotes.toString();
    } else if (participationType === 3) {
      const [token, amount] = decodeAbiParameters([{ type: "address" }, { type: "uint256" }], data);
      Object.assign(out, { token: lower(token), amount: amount.toString() });
    } else if (participationType === 4) {
      const [nft, count] = decodeAbiParameters([{ type: "address" }, { type: "uint256" }], data);
      Object.assign(out, { nft: lower(nft), count: count.toString() });
    } else if (participationType === 5) {
      const [root, uri] = decodeAbiParameters([{ type: "bytes32" }, { type: "string" }], data);
      Object.assign(out, { merkleRoot: root, merkleUri: uri });
    }
  } catch {
    // the contract decoded it at creation; an undecodable value cannot occur, keep the type alone
  }
  return out;
}

async function saleKey(ctx: Ctx, tokenSale: Address) {
  const address = lower(tokenSale);
  return { chainId: ctx.chain.id, tokenSale: address, pool: (await poolOf(ctx, address)) ?? address };
}

async function participant(
  ctx: Ctx,
  key: { chainId: number; tokenSale: Address; pool: Address },
  tierId: bigint,
  user: Address,
  ts: bigint,
  patch: (row: typeof tokenSaleParticipant.$inferSelect) => Partial<typeof tokenSaleParticipant.$inferInsert>,
) {
  const id = { chainId: key.chainId, tokenSale: key.tokenSale, tierId, user: lower(user) };
  const existing = await ctx.db.find(tokenSaleParticipant, id);
  if (!existing) {
    const fresh = { ...id, pool: key.pool, updatedAt: ts } as typeof tokenSaleParticipant.$inferSelect;
    await ctx.db.insert(tokenSaleParticipant).values({
      ...fresh,
      ...patch({
        ...fresh,
        bought: 0n,
        vestingTotal: 0n,
        claimed: 0n,
        vestingWithdrawn: 0n,
        purchasesCount: 0,
        lockedTokens: 0n,
        lockedNfts: [],
        whitelisted: false,
      }),
    });
    return true;
  }
  await ctx.db.update(tokenSaleParticipant, id).set({ ...patch(existing), updatedAt: ts });
  return false;
}

on("TokenSale:TierCreated", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  const p = event.args.params;
  const ts = event.block.timestamp;
  const participation = p.participationDetails.map((d) => decodeParticipation(d.participationType, d.data));
  const merkle = participation.find((d) => d.participationType === 5);
  const values = {
    pool: key.pool,
    name: p.name,
    description: p.description,
    saleToken: lower(p.saleToken),
    totalTokenProvided: p.totalTokenProvided,
    saleStartTime: p.saleStartTime,
    saleEndTime: p.saleEndTime,
    claimLockDuration: p.claimLockDuration,
    receiver: lower(p.receiver === "0x0000000000000000000000000000000000000000" ? key.pool : p.receiver),
    minAllocationPerUser: p.minAllocationPerUser,
    maxAllocationPerUser: p.maxAllocationPerUser,
    vestingPercentage: p.vestingSettings.vestingPercentage,
    vestingDuration: p.vestingSettings.vestingDuration,
    cliffPeriod: p.vestingSettings.cliffPeriod,
    unlockStep: p.vestingSettings.unlockStep,
    purchaseTokens: p.purchaseTokenAddresses.map((token, i) => ({
      token: lower(token),
      exchangeRate: (p.exchangeRates[i] ?? 0n).toString(),
    })),
    participation,
    merkleRoot: (merkle?.merkleRoot as Hex | undefined) ?? null,
    merkleUri: (merkle?.merkleUri as string | undefined) ?? null,
    createdAt: ts,
    createdTx: event.transaction.hash,
    updatedAt: ts,
  };
  await context.db
    .insert(tokenSaleTier)
    .values({ chainId: key.chainId, tokenSale: key.tokenSale, tierId: event.args.tierId, ...values })
    .onConflictDoUpdate(values);
});

on("TokenSale:Bought", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  const a = event.args;
  const ts = event.block.timestamp;
  const row = eventRow(context, event);
  // replays are safe: a purchase already recorded changes nothing
  if (await context.db.find(tokenSalePurchase, { id: row.id })) return;
  await context.db.insert(tokenSalePurchase).values({
    ...row,
    tokenSale: key.tokenSale,
    tierId: a.tierId,
    pool: key.pool,
    buyer: lower(a.buyer),
    paymentToken: lower(a.paymentToken),
    paid: a.paid,
    commission: a.commission,
    bought: a.bought,
    vestingAmount: a.vestingAmount,
    logIndex: event.log.logIndex,
  });
  const firstPurchase = await participant(context, key, a.tierId, a.buyer, ts, (row) => ({
    bought: row.bought + a.bought,
    vestingTotal: row.vestingTotal + a.vestingAmount,
    purchasesCount: row.purchasesCount + 1,
  }));
  const tierKey = { chainId: key.chainId, tokenSale: key.tokenSale, tierId: a.tierId };
  const tier = await context.db.find(tokenSaleTier, tierKey);
  if (tier) {
    const existing = await context.db.find(tokenSaleParticipant, { ...tierKey, user: lower(a.buyer) });
    const newBuyer = firstPurchase || existing?.purchasesCount === 1;
    await context.db.update(tokenSaleTier, tierKey).set({
      totalSold: tier.totalSold + a.bought,
      buyersCount: tier.buyersCount + (newBuyer ? 1 : 0),
      updatedAt: ts,
    });
  }
});

on("TokenSale:Claimed", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  await participant(context, key, event.args.tierId, event.args.user, event.block.timestamp, (row) => ({
    claimed: row.claimed + event.args.amount,
  }));
});

on("TokenSale:VestingWithdrawn", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  await participant(context, key, event.args.tierId, event.args.user, event.block.timestamp, (row) => ({
    vestingWithdrawn: row.vestingWithdrawn + event.args.amount,
  }));
});

on("TokenSale:TierOff", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  await context.db
    .update(tokenSaleTier, { chainId: key.chainId, tokenSale: key.tokenSale, tierId: event.args.tierId })
    .set({ isOff: true, updatedAt: event.block.timestamp });
});

on("TokenSale:TierRecovered", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  await context.db
    .update(tokenSaleTier, { chainId: key.chainId, tokenSale: key.tokenSale, tierId: event.args.tierId })
    .set({ recoveredAmount: event.args.amount, updatedAt: event.block.timestamp });
});

on("TokenSale:MerkleRootSet", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  const tierKey = { chainId: key.chainId, tokenSale: key.tokenSale, tierId: event.args.tierId };
  // emitted inside createTiers before TierCreated too: that handler stores the root itself
  const tier = await context.db.find(tokenSaleTier, tierKey);
  if (!tier) return;
  const participation = tier.participation.map((p) =>
    p.participationType === 5 ? { ...p, merkleRoot: event.args.root, merkleUri: event.args.uri } : p,
  );
  await context.db.update(tokenSaleTier, tierKey).set({
    merkleRoot: event.args.root,
    merkleUri: event.args.uri,
    participation,
    updatedAt: event.block.timestamp,
  });
});

on("TokenSale:Whitelisted", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  for (const user of event.args.users) {
    await participant(context, key, event.args.tierId, user, event.block.timestamp, () => ({
      whitelisted: true,
    }));
  }
});

on("TokenSale:ParticipationLocked", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  const a = event.args;
  await participant(context, key, a.tierId, a.user, event.block.timestamp, (row) => ({
    lockedTokens: row.lockedTokens + a.tokens,
    lockedNfts: [...row.lockedNfts, ...a.nftIds.map(String)],
  }));
});

on("TokenSale:ParticipationUnlocked", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  await participant(context, key, event.args.tierId, event.args.user, event.block.timestamp, () => ({
    lockedTokens: 0n,
    lockedNfts: [],
  }));
});

on("Distribution:DistributionFunded", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  const ts = event.block.timestamp;
  const values = { token: lower(event.args.token), amount: event.args.amount, createdAt: ts, updatedAt: ts };
  await context.db
    .insert(distribution)
    .values({ chainId: key.chainId, pool: key.pool, proposalId: event.args.proposalId, ...values })
    .onConflictDoUpdate(values);
});

on("Distribution:DistributionClaimed", async ({ event, context }) => {
  const key = await saleKey(context, event.log.address);
  const id = { chainId: key.chainId, pool: key.pool, proposalId: event.args.proposalId };
  const voter = lower(event.args.voter);
  const claim = {
    amount: event.args.amount,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  };
  await context.db
    .insert(distributionClaim)
    .values({ ...id, voter, ...claim })
    .onConflictDoUpdate(claim);
  const row = await context.db.find(distribution, id);
  if (!row) return;
  await context.db.update(distribution, id).set({
    claimedTotal: row.claimedTotal + event.args.amount,
    claimsCount: row.claimsCount + 1,
    updatedAt: event.block.timestamp,
  });
});
