import { pool, poolContract, tokenHolder, treasuryBalance, validatorsPrelude } from "ponder:schema";
import type { Address } from "viem";
import { on } from "../on.ts";
import {
  deployedTokenOf,
  deployParamsOf,
  ensureToken,
  lower,
  refreshPoolStats,
  seedFallbackMembers,
  setValidatorBalances,
  ZERO_ADDRESS,
} from "../store.ts";

/**
 * A DAO is born: its pool row, the helper → pool map, token metadata, and what its deployment
 * transaction already did before this event (validator balances, the treasury's token share).
 */
on("PoolFactory:DaoPoolDeployed", async ({ event, context }) => {
  const chainId = context.chain.id;
  const a = event.args;
  const ts = event.block.timestamp;
  const address = lower(a.govPool);
  const govToken = lower(a.token);
  const nft = lower(a.nft);

  const helpers: Array<[Address, string]> = [
    [lower(a.settings), "settings"],
    [lower(a.userKeeper), "userKeeper"],
    [lower(a.validators), "validators"],
    [lower(a.validatorsToken), "validatorsToken"],
    [lower(a.expertNft), "expertNft"],
    // The Members fallback of a DAO nobody has deposited in follows its token's and NFT's holders.
    [govToken, "govToken"],
    [nft, "nft"],
  ];
  for (const [contract, kind] of helpers) {
    if (contract === ZERO_ADDRESS) continue;
    await context.db
      .insert(poolContract)
      .values({ chainId, address: contract, pool: address, kind })
      .onConflictDoUpdate({ pool: address, kind });
  }

  await ensureToken(context, govToken, false, deployedTokenOf(context, event));
  await ensureToken(context, nft, true);

  // Validators set in the deployment transaction were logged before this event, when the pool was not known yet.
  const prelude = await context.db.find(validatorsPrelude, { chainId, validators: lower(a.validators) });
  const validatorsCount = prelude
    ? await setValidatorBalances(
        context,
        address,
        Object.entries(prelude.balances).map(([v, b]): [Address, bigint] => [v as Address, BigInt(b)]),
        ts,
      )
    : 0;

  const values = {
    name: a.name,
    descriptionUrl: a.descriptionURL,
    creator: lower(a.sender),
    govToken,
    nft,
    settings: lower(a.settings),
    userKeeper: lower(a.userKeeper),
    validators: lower(a.validators),
    validatorToken: lower(a.validatorsToken),
    votePower: lower(a.votePower),
    expertNft: lower(a.expertNft),
    createdAt: ts,
    createdBlock: event.block.number,
    createdTx: event.transaction.hash,
    validatorsCount,
    updatedAt: ts,
  };
  await context.db
    .insert(pool)
    .values({ chainId, address, ...values })
    .onConflictDoUpdate(values);

  // The new token's treasury share was minted to the pool before this event was logged.
  const treasuryTokens: string[] = [];
  for (const tokenAddress of [govToken, nft]) {
    if (tokenAddress === ZERO_ADDRESS) continue;
    // Transfers are indexed whether or not the pool is known yet, so the holder row has it.
    const held = await context.db.find(tokenHolder, { chainId, token: tokenAddress, address });
    if (held && held.balance > 0n) {
      await context.db
        .insert(treasuryBalance)
        .values({ chainId, pool: address, token: tokenAddress, balance: held.balance, updatedAt: ts })
        .onConflictDoUpdate({ balance: held.balance, updatedAt: ts });
      treasuryTokens.push(tokenAddress);
    }
  }
  if (treasuryTokens.length > 0) await context.db.update(pool, { chainId, address }).set({ treasuryTokens });
  // A new token's holders are the recipients its deployment minted to (the pool's share is its own).
  const params = deployParamsOf(context, event);
  await seedFallbackMembers(context, address, params?.tokenParams.name ? params.tokenParams.users : null);
  await refreshPoolStats(context, address, ts, event.block.number);
});
