import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import {
  type Contract,
  contract,
  DAY,
  distribution,
  mockToken,
  NATIVE_COIN,
  pass,
  passDistribution,
  passTiers,
  RATE,
  saleDao,
  tierParams,
  tokenSale,
  useEnv,
  vesting,
} from "../fixtures.ts";
import { abis, type DaoAddresses, E, impersonate, members, write } from "../helpers.ts";

describe("security: token sales and distributions", () => {
  const env = useEnv();

  /** The sale attacker `a` tried to re-enter `buy` and was refused: it bought `bought` of tier 1, once. */
  async function expectReentryRefused(dao: DaoAddresses, a: Contract, bought: bigint) {
    assert.equal(await a.read("reentered"), true);
    assert.equal(await a.read("reentrySucceeded"), false, "the re-entrant buy went through");
    const [view] = await tokenSale(env, dao).read<{ bought: bigint }[]>("getUserViews", [
      a.address,
      [1n],
      [],
    ]);
    assert.equal(view!.bought, bought);
  }

  it("TS1 a fee-on-transfer payment buys only for what arrived", async () => {
    const { alice, owner } = members(env);
    const dao = await saleDao(env, "TS1");
    const fee = await deploy(env.clients(owner), "FeeOnTransferToken");
    await write(env, owner, fee.address, abis.erc20MockAbi, "mint", [alice.account.address, E(1_000)]);
    await passTiers(env, dao, [
      await tierParams(env, dao.token, { purchaseTokenAddresses: [fee.address], exchangeRates: [RATE(2)] }),
    ]);
    const sale = tokenSale(env, dao);
    await write(env, alice, fee.address, abis.erc20MockAbi, "approve", [dao.tokenSale, E(100)]);
    await sale.write(alice, "buy", [1n, fee.address, E(100), []]);
    const [view] = await sale.read<{ bought: bigint }[]>("getUserViews", [alice.account.address, [1n], []]);
    // 99 arrived (1% burnt): 198 tokens, not 200
    assert.equal(view!.bought, E(198));
    // nothing of the payment stays in the sale
    assert.equal(await contract(env, fee.address, abis.erc20MockAbi).read("balanceOf", [dao.tokenSale]), 0n);
  });

  it("TS2 a payment token's callback cannot re-enter buy mid-payment", async () => {
    const { owner } = members(env);
    const dao = await saleDao(env, "TS2");
    const cbk = await deploy(env.clients(owner), "CallbackToken");
    const attacker = await deploy(env.clients(owner), "SaleAttacker");
    await write(env, owner, cbk.address, abis.erc20MockAbi, "mint", [attacker.address, E(1_000)]);
    await passTiers(env, dao, [
      await tierParams(env, dao.token, { purchaseTokenAddresses: [cbk.address], exchangeRates: [RATE(2)] }),
    ]);
    const a = contract(env, attacker.address, readArtifact("SaleAttacker").abi);
    await a.write(owner, "attack", [dao.tokenSale, 1n, cbk.address, E(100)]);
    await expectReentryRefused(dao, a, E(200));
  });

  it("TS3 the native-coin refund cannot re-enter buy", async () => {
    const { owner } = members(env);
    const dao = await saleDao(env, "TS3");
    const attacker = await deploy(env.clients(owner), "SaleAttacker");
    await passTiers(env, dao, [await tierParams(env, dao.token)]);
    const a = contract(env, attacker.address, readArtifact("SaleAttacker").abi);
    // pays 10 coins for a 5-coin purchase: the sale refunds 5, the refund tries to buy again
    await a.write(owner, "attack", [dao.tokenSale, 1n, NATIVE_COIN, E(5)], E(10));
    await expectReentryRefused(dao, a, E(10));
    assert.equal(await env.publicClient.getBalance({ address: attacker.address }), E(5));
  });

  it("TS4 a buy too small to be worth one unit of the sale token is refused, not taken for nothing", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "TS4");
    const sale6 = await mockToken(env, 6, [dao.govPool], 10n ** 12n);
    await passTiers(env, dao, [
      await tierParams(env, sale6.address, {
        totalTokenProvided: 10n ** 9n,
        minAllocationPerUser: 0n,
        maxAllocationPerUser: 10n ** 8n,
        exchangeRates: [RATE(1)],
      }),
    ]);
    const sale = tokenSale(env, dao);
    // 1e-7 coin buys 0.1 of the sale token's smallest unit
    await sale.reverts(alice, "buy", [1n, NATIVE_COIN, 10n ** 11n, []], "TokenSaleZeroPurchase", 10n ** 11n);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, 10n ** 12n, []], 10n ** 12n);
    const [view] = await sale.read<{ bought: bigint }[]>("getUserViews", [alice.account.address, [1n], []]);
    assert.equal(view!.bought, 1n);
  });

  it("TS5 several buys cannot exceed the maximum allocation", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "TS5");
    await passTiers(env, dao, [await tierParams(env, dao.token)]); // at most 500 per buyer
    const sale = tokenSale(env, dao);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, E(200), []], E(200)); // 400
    const args = await sale.reverts(
      alice,
      "buy",
      [1n, NATIVE_COIN, E(60), []],
      "TokenSaleAllocationExceeded",
      E(60),
    );
    assert.deepEqual(args, [1n, E(520), E(500)]);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, E(50), []], E(50)); // exactly 500
  });

  it("TS6 the vesting part is withdrawn once: a second withdrawal or a repeated tier id pays nothing more", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "TS6");
    const tier = await tierParams(env, dao.token, {
      vestingSettings: vesting(100n, 4n * DAY),
    });
    await passTiers(env, dao, [tier]);
    const sale = tokenSale(env, dao);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, E(50), []], E(50)); // 100, all vesting
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 2n * DAY);
    await sale.reverts(alice, "vestingWithdraw", [[1n, 1n]], "TokenSaleDuplicateTierId");
    await sale.write(alice, "vestingWithdraw", [[1n]]);
    await sale.reverts(alice, "vestingWithdraw", [[1n]], "TokenSaleNothingToWithdraw");
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(50));
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 10n * DAY);
    await sale.write(alice, "vestingWithdraw", [[1n]]);
    await sale.reverts(alice, "vestingWithdraw", [[1n]], "TokenSaleNothingToWithdraw");
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(100));
  });

  it("TS7 recover never takes the tokens owed to buyers", async () => {
    const { alice, bob } = members(env);
    const dao = await saleDao(env, "TS7");
    const tier = await tierParams(env, dao.token, {
      claimLockDuration: 30n * DAY,
      vestingSettings: vesting(50n, 60n * DAY),
    });
    await passTiers(env, dao, [tier]);
    const sale = tokenSale(env, dao);
    await sale.write(alice, "buy", [1n, NATIVE_COIN, E(150), []], E(150)); // 300
    await sale.write(bob, "buy", [1n, NATIVE_COIN, E(100), []], E(100)); // 200
    await pass(env, dao, [sale.action("offTiers", [[1n]])]);
    await pass(env, dao, [sale.action("recover", [[1n]])]);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [dao.tokenSale]), E(500), "the buyers' 500 stay");
    await env.networkHelpers.time.increaseTo(tier.saleEndTime + 60n * DAY);
    for (const w of [alice, bob]) {
      await sale.write(w, "claim", [[1n]]);
      await sale.write(w, "vestingWithdraw", [[1n]]);
    }
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(300));
    assert.equal(await token.read("balanceOf", [bob.account.address]), E(200));
    assert.equal(await token.read("balanceOf", [dao.tokenSale]), 0n);
  });

  it("TS8 a tier over an unfunded treasury is refused and never created", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "TS8");
    const sale = tokenSale(env, dao);
    const asPool = await impersonate(env, dao.govPool);
    const thin = await mockToken(env, 18, [dao.govPool], E(10));
    await write(env, asPool, thin.address, abis.erc20MockAbi, "approve", [dao.tokenSale, E(1_000)]);
    const args = await sale.reverts(
      asPool,
      "createTiers",
      [[await tierParams(env, thin.address)]],
      "TokenSaleTierUnfunded",
    );
    assert.deepEqual(args, [1n, E(1_000), E(10)]);
    assert.equal(await sale.read("latestTierId"), 0n);
    await sale.reverts(alice, "buy", [1n, NATIVE_COIN, E(1), []], "TokenSaleTierNotFound", E(1));
  });

  it("D1 a distribution is claimed once per voter", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "D1");
    const id = await passDistribution(env, dao, E(1_100));
    const d = distribution(env, dao);
    await d.write(alice, "claim", [alice.account.address, [id]]);
    await d.reverts(alice, "claim", [alice.account.address, [id]], "DistributionAlreadyClaimed");
    await d.reverts(
      alice,
      "claim",
      [members(env).bob.account.address, [id, id]],
      "DistributionAlreadyClaimed",
    );
    assert.equal(
      await contract(env, dao.token, abis.erc20GovAbi).read("balanceOf", [alice.account.address]),
      E(600),
    );
  });

  it("D2 a voter who voted against gets nothing of the distribution", async () => {
    const { carol } = members(env);
    const dao = await saleDao(env, "D2");
    const id = await passDistribution(env, dao, E(1_100));
    const d = distribution(env, dao);
    assert.equal(await d.read("getPotentialReward", [id, carol.account.address]), 0n);
    await d.reverts(carol, "claim", [carol.account.address, [id]], "DistributionNoReward");
  });
});
