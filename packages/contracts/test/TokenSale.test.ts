import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type Address, encodeAbiParameters, encodeFunctionData, keccak256, zeroAddress } from "viem";
import {
  contract,
  DAY,
  distribution,
  mockToken,
  NATIVE_COIN,
  pass,
  passTiers,
  RATE,
  saleDao,
  tierParams,
  tokenSale,
  useEnv,
  vesting,
} from "./fixtures.ts";
import { abis, E, eventsOf, members, read, write } from "./helpers.ts";

const PARTICIPATION = {
  DAOVotes: 0,
  Whitelist: 1,
  BABT: 2,
  TokenLock: 3,
  NftLock: 4,
  MerkleWhitelist: 5,
} as const;
const STATUS = { Pending: 0, Active: 1, Completed: 2, NotActual: 3 } as const;

/** OpenZeppelin StandardMerkleTree leaf of `[address]`. */
const leaf = (a: Address) => keccak256(keccak256(encodeAbiParameters([{ type: "address" }], [a])));
/** Root and proofs of a two-leaf StandardMerkleTree. */
function merkle2(a: Address, b: Address) {
  const [x, y] = [leaf(a), leaf(b)].sort();
  return {
    root: keccak256(`0x${x!.slice(2)}${y!.slice(2)}` as `0x${string}`),
    proof: (who: Address) => [leaf(who) === leaf(a) ? leaf(b) : leaf(a)],
  };
}

describe("TokenSaleProposal", () => {
  const env = useEnv();

  it("is deployed with every DAO and registered: token sale slot 4, distribution slot 3", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Registered");
    const settings = contract(env, dao.settings, abis.govSettingsAbi);
    assert.equal(await settings.read("executorToSettings", [dao.tokenSale]), 4n);
    assert.equal(await settings.read("executorToSettings", [dao.distribution]), 3n);
    const sale = tokenSale(env, dao);
    assert.equal((await sale.read<Address>("govPool")).toLowerCase(), dao.govPool.toLowerCase());
    await sale.reverts(
      alice,
      "initialize",
      [alice.account.address, zeroAddress, zeroAddress],
      "InvalidInitialization",
    );
    await distribution(env, dao).reverts(
      alice,
      "initialize",
      [alice.account.address],
      "InvalidInitialization",
    );
    const predicted = await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).read<{
      tokenSale: Address;
      distribution: Address;
    }>("predictGovAddresses", [env.owner.account.address, "Registered"]);
    assert.equal(predicted.tokenSale, dao.tokenSale);
    assert.equal(predicted.distribution, dao.distribution);
    // only the DAO creates tiers
    await sale.reverts(alice, "createTiers", [[await tierParams(env, dao.token)]], "TokenSaleNotGovPool");
  });

  it("creates tiers by proposal with unique ids, escrows their tokens and walks pending, active, completed, not actual", async () => {
    const { alice, bob } = members(env);
    const dao = await saleDao(env, "Tiers");
    const now = BigInt(await env.networkHelpers.time.latest());
    const later = await tierParams(env, dao.token, { saleStartTime: now + DAY, saleEndTime: now + 2n * DAY });
    const soon = await tierParams(env, dao.token, {
      totalTokenProvided: E(600),
      maxAllocationPerUser: E(600),
    });
    const { ids, receipt } = await passTiers(env, dao, [later, soon]);
    assert.deepEqual(ids, [1n, 2n]);
    const created = eventsOf(receipt, abis.tokenSaleProposalAbi, "TierCreated");
    assert.deepEqual(
      created.map((e) => e.tierId),
      [1n, 2n],
    );
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [dao.tokenSale]), E(1_600));
    assert.equal(await token.read("balanceOf", [dao.govPool]), E(40_000 - 1_600));

    const sale = tokenSale(env, dao);
    assert.equal(await sale.read("getTierStatus", [1n]), STATUS.Pending);
    assert.equal(await sale.read("getTierStatus", [2n]), STATUS.Active);
    await sale.reverts(alice, "buy", [1n, NATIVE_COIN, E(1), []], "TokenSaleTierNotActive", E(1));
    // 300 coins buy 600 tokens: sold out
    await sale.write(alice, "buy", [2n, NATIVE_COIN, E(150), []], E(150));
    await sale.write(bob, "buy", [2n, NATIVE_COIN, E(150), []], E(150));
    assert.equal(await sale.read("getTierStatus", [2n]), STATUS.Completed);
    // a second tier batch continues the ids
    const next = await passTiers(env, dao, [await tierParams(env, dao.token)]);
    assert.deepEqual(next.ids, [3n]);
    await pass(env, dao, [sale.action("offTiers", [[1n]])]);
    assert.equal(await sale.read("getTierStatus", [1n]), STATUS.NotActual);
    const views = await sale.read<{ id: bigint; totalSold: bigint; isOff: boolean }[]>("getTierViews", [
      0n,
      10n,
    ]);
    assert.deepEqual(
      views.map((v) => [v.id, v.totalSold, v.isOff]),
      [
        [1n, 0n, true],
        [2n, E(600), false],
        [3n, 0n, false],
      ],
    );
    await sale.reverts(alice, "getTierStatus", [4n], "TokenSaleTierNotFound");
  });

  it("normalises amounts to each token's decimals: payment tokens of 6 and 8 decimals, the native coin, a sale token of 6", async () => {
    const { alice, bob, carol, owner } = members(env);
    const dao = await saleDao(env, "Decimals");
    const usdc = await mockToken(env, 6, [alice.account.address, bob.account.address], 1_000n * 10n ** 6n);
    const wbtc = await mockToken(env, 8, [carol.account.address], 10n ** 8n);
    const sale6 = await mockToken(env, 6, [dao.govPool], 1_000_000n * 10n ** 6n);
    const tier18 = await tierParams(env, dao.token, {
      purchaseTokenAddresses: [usdc.address, wbtc.address, NATIVE_COIN],
      // 0.5 token per USDC, 20,000 tokens per BTC, 3 per coin
      exchangeRates: [RATE(1) / 2n, RATE(20_000), RATE(3)],
      totalTokenProvided: E(10_000),
      maxAllocationPerUser: E(5_000),
    });
    const tier6 = await tierParams(env, sale6.address, {
      purchaseTokenAddresses: [usdc.address],
      exchangeRates: [RATE(4)],
      totalTokenProvided: 10_000n * 10n ** 6n,
      minAllocationPerUser: 1n,
      maxAllocationPerUser: 5_000n * 10n ** 6n,
    });
    await passTiers(env, dao, [tier18, tier6]);
    const sale = tokenSale(env, dao);

    await usdc.write(alice, "approve", [dao.tokenSale, 10n ** 30n]);
    await sale.write(alice, "buy", [1n, usdc.address, 100n * 10n ** 6n, []]); // 100 USDC → 50 tokens
    assert.equal(await sale.read("getSaleTokenAmount", [1n, usdc.address, 100n * 10n ** 6n]), E(50));
    await wbtc.write(carol, "approve", [dao.tokenSale, 10n ** 30n]);
    await sale.write(carol, "buy", [1n, wbtc.address, 10n ** 6n, []]); // 0.01 BTC → 200 tokens
    await sale.write(bob, "buy", [1n, NATIVE_COIN, E(2), []], E(2)); // 2 coins → 6 tokens
    await sale.write(alice, "buy", [2n, usdc.address, 25n * 10n ** 6n, []]); // 25 USDC → 100 sale6 (6 decimals)

    const views = await sale.read<{ bought: bigint }[]>("getUserViews", [
      alice.account.address,
      [1n, 2n],
      [],
    ]);
    assert.deepEqual(
      views.map((v) => v.bought),
      [E(50), 100n * 10n ** 6n],
    );
    const carolView = await sale.read<{ bought: bigint }[]>("getUserViews", [
      carol.account.address,
      [1n],
      [],
    ]);
    assert.equal(carolView[0]!.bought, E(200));
    const bobView = await sale.read<{ bought: bigint }[]>("getUserViews", [bob.account.address, [1n], []]);
    assert.equal(bobView[0]!.bought, E(6));

    // the protocol's 1% commission (CoreProperties) goes to the protocol treasury, the rest to the DAO
    assert.equal(await usdc.read("balanceOf", [owner.account.address]), 1_250_000n); // 1% of 125 USDC
    assert.equal(await usdc.read("balanceOf", [dao.govPool]), 123_750_000n);
    assert.equal(await wbtc.read("balanceOf", [dao.govPool]), 990_000n);

    await env.networkHelpers.time.increase(DAY + 1n);
    await sale.write(alice, "claim", [[1n, 2n]]);
    assert.equal(
      await contract(env, dao.token, abis.erc20GovAbi).read("balanceOf", [alice.account.address]),
      E(50),
    );
    assert.equal(await sale6.read("balanceOf", [alice.account.address]), 100n * 10n ** 6n);
  });

  it("refuses payment tokens above 36 decimals, unknown payment tokens and invalid tiers", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Invalid");
    const sale = tokenSale(env, dao);
    const asPool = await (await import("./helpers.ts")).impersonate(env, dao.govPool);
    const bad = async (over: Parameters<typeof tierParams>[2], reason: string) => {
      const args = await sale.reverts(
        asPool,
        "createTiers",
        [[await tierParams(env, dao.token, over)]],
        "TokenSaleInvalidTier",
      );
      assert.equal((args as unknown[])[1], reason);
    };
    const now = BigInt(await env.networkHelpers.time.latest());
    await bad({ totalTokenProvided: 0n }, "amount");
    await bad({ saleStartTime: now + 10n, saleEndTime: now + 10n }, "times");
    await bad({ minAllocationPerUser: E(10), maxAllocationPerUser: E(5) }, "allocation");
    await bad({ maxAllocationPerUser: E(2_000) }, "allocation");
    await bad(
      {
        vestingSettings: vesting(50n, 0n, { unlockStep: 0n }),
      },
      "vesting",
    );
    await bad({ purchaseTokenAddresses: [], exchangeRates: [] }, "rates");
    await bad(
      { purchaseTokenAddresses: [NATIVE_COIN, NATIVE_COIN], exchangeRates: [1n, 1n] },
      "duplicate payment token",
    );
    await bad(
      {
        participationDetails: [
          { participationType: PARTICIPATION.BABT, data: "0x" },
          { participationType: PARTICIPATION.BABT, data: "0x" },
        ],
      },
      "duplicate requirement",
    );
    const huge = await mockToken(env, 40);
    await sale.reverts(
      asPool,
      "createTiers",
      [[await tierParams(env, dao.token, { purchaseTokenAddresses: [huge.address], exchangeRates: [1n] })]],
      "TokenSaleUnsupportedDecimals",
    );
    await passTiers(env, dao, [await tierParams(env, dao.token)]);
    await sale.reverts(alice, "buy", [1n, dao.token, E(1), []], "TokenSaleUnknownPaymentToken");
    await sale.reverts(alice, "buy", [1n, NATIVE_COIN, E(2), []], "TokenSaleWrongValue", E(1));
    // below the minimum allocation
    await sale.reverts(
      alice,
      "buy",
      [1n, NATIVE_COIN, E(1) / 4n, []],
      "TokenSaleBelowMinAllocation",
      E(1) / 4n,
    );
  });

  it("participation: each kind refuses a buyer who does not meet it and accepts one who does; all must hold", async () => {
    const { alice, bob, eve, owner, dave } = members(env);
    const dao = await saleDao(env, "Participation");
    const lockToken = await mockToken(env, 18, [eve.account.address, bob.account.address], E(100));
    const m = merkle2(eve.account.address, bob.account.address);
    const req = (participationType: number, data: `0x${string}`) => ({ participationType, data });
    const tiers = [
      await tierParams(env, dao.token, {
        participationDetails: [
          req(PARTICIPATION.DAOVotes, encodeAbiParameters([{ type: "uint256" }], [E(25_000)])),
        ],
      }),
      await tierParams(env, dao.token, {
        participationDetails: [
          req(PARTICIPATION.Whitelist, encodeAbiParameters([{ type: "address[]" }], [[bob.account.address]])),
        ],
      }),
      await tierParams(env, dao.token, { participationDetails: [req(PARTICIPATION.BABT, "0x")] }),
      await tierParams(env, dao.token, {
        participationDetails: [
          req(
            PARTICIPATION.TokenLock,
            encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [lockToken.address, E(10)]),
          ),
        ],
      }),
      await tierParams(env, dao.token, {
        participationDetails: [
          req(
            PARTICIPATION.NftLock,
            encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [dao.nft, 2n]),
          ),
        ],
      }),
      await tierParams(env, dao.token, {
        participationDetails: [
          req(
            PARTICIPATION.MerkleWhitelist,
            encodeAbiParameters([{ type: "bytes32" }, { type: "string" }], [m.root, "ipfs://list"]),
          ),
        ],
      }),
      // all must hold: DAO votes and the whitelist
      await tierParams(env, dao.token, {
        participationDetails: [
          req(PARTICIPATION.DAOVotes, encodeAbiParameters([{ type: "uint256" }], [E(25_000)])),
          req(PARTICIPATION.Whitelist, encodeAbiParameters([{ type: "address[]" }], [[bob.account.address]])),
        ],
      }),
    ];
    await passTiers(env, dao, tiers);
    const sale = tokenSale(env, dao);
    const buy = (w: typeof alice, tier: bigint, proof: `0x${string}`[] = []) =>
      sale.write(w, "buy", [tier, NATIVE_COIN, E(1), proof], E(1));
    const refused = async (w: typeof alice, tier: bigint, kind: number, proof: `0x${string}`[] = []) => {
      const args = await sale.reverts(
        w,
        "buy",
        [tier, NATIVE_COIN, E(1), proof],
        "TokenSaleCannotParticipate",
        E(1),
      );
      assert.equal((args as unknown[])[2], kind);
    };

    // DAO votes: alice deposited 30k, bob 20k
    await refused(bob, 1n, PARTICIPATION.DAOVotes);
    await buy(alice, 1n);
    // whitelist, extended by proposal
    await refused(alice, 2n, PARTICIPATION.Whitelist);
    await buy(bob, 2n);
    await pass(env, dao, [sale.action("addToWhitelist", [2n, [alice.account.address]])]);
    await buy(alice, 2n);
    // BABT
    await refused(alice, 3n, PARTICIPATION.BABT);
    await write(env, owner, env.protocol.BABT, abis.testBabtAbi, "attest", [alice.account.address]);
    await buy(alice, 3n);
    // token lock: 10 tokens locked, back after the tier
    await refused(eve, 4n, PARTICIPATION.TokenLock);
    await lockToken.write(eve, "approve", [dao.tokenSale, E(10)]);
    await sale.write(eve, "lockParticipation", [4n, E(10), []]);
    await buy(eve, 4n);
    await sale.reverts(eve, "unlockParticipation", [4n], "TokenSaleTierNotFinished");
    // NFT lock: dave withdraws two NFTs and locks them
    await write(env, dave, dao.govPool, abis.govPoolAbi, "withdraw", [dave.account.address, 0n, [1n, 2n]]);
    await refused(dave, 5n, PARTICIPATION.NftLock);
    for (const id of [1n, 2n])
      await write(env, dave, dao.nft, abis.erc721MockAbi, "approve", [dao.tokenSale, id]);
    await sale.write(dave, "lockParticipation", [5n, 0n, [1n, 2n]]);
    await buy(dave, 5n);
    // Merkle whitelist: eve and bob are in the list
    await refused(alice, 6n, PARTICIPATION.MerkleWhitelist, m.proof(eve.account.address));
    await buy(eve, 6n, m.proof(eve.account.address));
    const canView = await sale.read<{ canParticipate: boolean }[]>("getUserViews", [
      bob.account.address,
      [6n, 1n],
      [m.proof(bob.account.address), []],
    ]);
    assert.deepEqual(
      canView.map((v) => v.canParticipate),
      [true, false],
    );
    // all must hold
    await refused(bob, 7n, PARTICIPATION.DAOVotes);
    await refused(alice, 7n, PARTICIPATION.Whitelist);

    await env.networkHelpers.time.increase(DAY + 1n);
    await sale.write(eve, "unlockParticipation", [4n]);
    assert.equal(await lockToken.read("balanceOf", [eve.account.address]), E(100));
    await sale.write(dave, "unlockParticipation", [5n]);
    assert.equal(
      (await read<Address>(env, dao.nft, abis.erc721MockAbi, "ownerOf", [1n])).toLowerCase(),
      dave.account.address.toLowerCase(),
    );
  });

  it("claim waits for the claim lock; the vesting part unlocks by steps after the cliff and completes at the end", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Vesting");
    const tier = await tierParams(env, dao.token, {
      claimLockDuration: 3_600n,
      // 40% vests over 10 days from the sale's end, 1-day cliff, daily steps
      vestingSettings: vesting(40n, 10n * DAY, { cliffPeriod: DAY }),
    });
    await passTiers(env, dao, [tier]);
    const sale = tokenSale(env, dao);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, E(50), []], E(50)); // 100 tokens: 60 claimable, 40 vesting
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 1n);
    await sale.reverts(alice, "claim", [[1n]], "TokenSaleClaimLocked");
    await sale.reverts(alice, "vestingWithdraw", [[1n]], "TokenSaleNothingToWithdraw");
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 3_600n);
    await sale.write(alice, "claim", [[1n]]);
    await sale.reverts(alice, "claim", [[1n]], "TokenSaleNothingToClaim");
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(60));
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 3n * DAY + 100n);
    await sale.write(alice, "vestingWithdraw", [[1n]]);
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(60) + E(12)); // 3 of 10 steps
    const [view] = await sale.read<{ nextUnlockTime: bigint; vestingWithdrawable: bigint }[]>(
      "getUserViews",
      [alice.account.address, [1n], []],
    );
    assert.equal(view!.nextUnlockTime, tier.saleEndTime + 4n * DAY);
    assert.equal(view!.vestingWithdrawable, 0n);
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 30n * DAY);
    await sale.write(alice, "vestingWithdraw", [[1n]]);
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(100));
  });

  it("recover returns only what a finished tier did not sell; an unfunded tier and duplicate ids are refused", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Recover");
    await passTiers(env, dao, [await tierParams(env, dao.token)]);
    const sale = tokenSale(env, dao);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, E(100), []], E(100)); // 200 of 1,000
    const asPool = await (await import("./helpers.ts")).impersonate(env, dao.govPool);
    await sale.reverts(asPool, "recover", [[1n]], "TokenSaleTierNotFinished");
    await sale.reverts(asPool, "recover", [[1n, 1n]], "TokenSaleDuplicateTierId");
    await env.networkHelpers.time.increase(DAY + 1n);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    const before = await token.read<bigint>("balanceOf", [dao.govPool]);
    await pass(env, dao, [sale.action("recover", [[1n]])]);
    assert.equal((await token.read<bigint>("balanceOf", [dao.govPool])) - before, E(800));
    await sale.reverts(asPool, "recover", [[1n]], "TokenSaleAlreadyRecovered");
    await sale.reverts(alice, "claim", [[1n, 1n]], "TokenSaleDuplicateTierId");
    await sale.write(alice, "claim", [[1n]]);
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(200));
    // a tier above what the treasury holds
    const args = await sale.reverts(
      asPool,
      "createTiers",
      [[await tierParams(env, dao.token, { totalTokenProvided: E(1_000_000), maxAllocationPerUser: E(1) })]],
      "TokenSaleTierUnfunded",
    );
    assert.deepEqual(args, [2n, E(1_000_000), before + E(800)]);
  });

  it("the vesting schedule never pays more than bought, never decreases and completes at the end (fast-check)", async () => {
    const dao = await saleDao(env, "Vesting properties");
    const sale = tokenSale(env, dao);
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 4n * 365n * DAY }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.bigInt({ min: 0n, max: 5n * 365n * DAY }), { minLength: 2, maxLength: 6 }),
        async (total, duration, cliffPct, stepPct, offsets) => {
          const start = 1_700_000_000n;
          const v = vesting(50n, duration, {
            cliffPeriod: (duration * BigInt(cliffPct)) / 100n,
            unlockStep: (duration * BigInt(stepPct)) / 100n || 1n,
          });
          const times = [...offsets.map((o) => start + o), start + duration].sort((a, b) => (a < b ? -1 : 1));
          let last = 0n;
          for (const t of times) {
            const vested = await sale.read<bigint>("vestedAmount", [total, start, v, t]);
            assert.ok(vested <= total, "never more than bought");
            assert.ok(vested >= last, "monotonic");
            if (t < start + v.cliffPeriod) assert.equal(vested, 0n, "nothing before the cliff");
            last = vested;
          }
          assert.equal(
            await sale.read("vestedAmount", [total, start, v, start + duration]),
            total,
            "complete at the end",
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("publishes its ABI with the functions the web calls", () => {
    const names = new Set(
      (abis.tokenSaleProposalAbi as readonly { type: string; name?: string }[])
        .filter((i) => i.type === "function")
        .map((i) => i.name),
    );
    for (const f of [
      "createTiers",
      "buy",
      "claim",
      "vestingWithdraw",
      "offTiers",
      "recover",
      "addToWhitelist",
      "setMerkleRoot",
      "lockParticipation",
      "unlockParticipation",
      "getTierViews",
      "getUserViews",
      "getSaleTokenAmount",
    ])
      assert.ok(names.has(f), f);
    assert.ok(encodeFunctionData({ abi: abis.tokenSaleProposalAbi, functionName: "claim", args: [[1n]] }));
  });
});
