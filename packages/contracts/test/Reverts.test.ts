import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  type Address,
  encodeAbiParameters,
  getAddress,
  parseEther,
  stringToHex,
  toHex,
  zeroAddress,
} from "viem";
import { deployParams, PERCENT, proposalSettings } from "../scripts/lib/dao.ts";
import { deploy } from "../scripts/lib/protocol.ts";
import {
  abis,
  createEnv,
  depositTokens,
  E,
  type Env,
  expectRevert,
  impersonate,
  members,
  read,
  standardDao,
  tokenOnlyDao,
  transferAction,
  type Wallet,
  write,
} from "./helpers.ts";

/** Revert paths of the helpers, called as their owner (the pool, impersonated) or as strangers. */
describe("custom errors", () => {
  let env: Env;
  let owner: Wallet, alice: Wallet, bob: Wallet;
  let base: Awaited<ReturnType<typeof standardDao>>;
  let asPool: Wallet;

  async function fixture() {
    return standardDao(env);
  }

  before(async () => {
    env = await createEnv();
    ({ owner, alice, bob } = members(env));
  });

  async function load() {
    base = await env.networkHelpers.loadFixture(fixture);
    asPool = await impersonate(env, base.dao.govPool);
    return base.dao;
  }

  it("GovSettings", async () => {
    const dao = await load();
    const s = proposalSettings();
    await expectRevert(
      env,
      alice,
      dao.settings,
      abis.govSettingsAbi,
      "addSettings",
      [[s]],
      "OwnableUnauthorizedAccount",
    );
    await expectRevert(
      env,
      asPool,
      dao.settings,
      abis.govSettingsAbi,
      "editSettings",
      [[0n], []],
      "GovSettingsLengthMismatch",
    );
    await expectRevert(
      env,
      asPool,
      dao.settings,
      abis.govSettingsAbi,
      "editSettings",
      [[9n], [s]],
      "GovSettingsUnknownSettings",
    );
    await expectRevert(
      env,
      asPool,
      dao.settings,
      abis.govSettingsAbi,
      "changeExecutors",
      [[alice.account.address], [9n]],
      "GovSettingsUnknownSettings",
    );
    await expectRevert(
      env,
      asPool,
      dao.settings,
      abis.govSettingsAbi,
      "addSettings",
      [[proposalSettings({ duration: 0n })]],
      "GovSettingsInvalidSettings",
    );
    await expectRevert(
      env,
      alice,
      dao.settings,
      abis.govSettingsAbi,
      "getSettings",
      [42n],
      "GovSettingsUnknownSettings",
    );
    await write(env, asPool, dao.settings, abis.govSettingsAbi, "addSettings", [
      [proposalSettings({ executorDescription: "ipfs://custom" })],
    ]);
    await write(env, asPool, dao.settings, abis.govSettingsAbi, "changeExecutors", [
      [alice.account.address],
      [5n],
    ]);
    assert.equal(
      await read(env, dao.settings, abis.govSettingsAbi, "executorToSettings", [alice.account.address]),
      5n,
    );
    assert.equal(await read(env, dao.settings, abis.govSettingsAbi, "settingsCount"), 6n);
    // proposals keep their settings slot in 16 bits: slot 65,535 is the last one (`_settingsCount` is slot 1)
    await env.networkHelpers.setStorageAt(
      dao.settings,
      toHex(1n, { size: 32 }),
      toHex(65_535n, { size: 32 }),
    );
    await write(env, asPool, dao.settings, abis.govSettingsAbi, "addSettings", [[s]]);
    await expectRevert(
      env,
      asPool,
      dao.settings,
      abis.govSettingsAbi,
      "addSettings",
      [[s]],
      "GovSettingsTooManySettings",
    );
    await env.networkHelpers.setStorageAt(dao.settings, toHex(1n, { size: 32 }), toHex(6n, { size: 32 }));
    await expectRevert(
      env,
      owner,
      env.protocol.PoolFactory,
      abis.poolFactoryAbi,
      "deployGovPool",
      [deployParams({ name: "Few", tokenAddress: dao.token, settings: [s, s] })],
      "GovSettingsMissingDefaults",
    );
    await expectRevert(
      env,
      alice,
      dao.settings,
      abis.govSettingsAbi,
      "initialize",
      [alice.account.address, [], zeroAddress, [], []],
      "InvalidInitialization",
    );
  });

  it("GovUserKeeper", async () => {
    const dao = await load();
    await expectRevert(
      env,
      alice,
      dao.userKeeper,
      abis.govUserKeeperAbi,
      "deposit",
      [alice.account.address, alice.account.address, 1n, []],
      "OwnableUnauthorizedAccount",
    );
    await expectRevert(
      env,
      asPool,
      dao.userKeeper,
      abis.govUserKeeperAbi,
      "withdraw",
      [alice.account.address, alice.account.address, 1n, []],
      "GovUserKeeperInsufficientBalance",
    );
    await expectRevert(
      env,
      alice,
      dao.userKeeper,
      abis.govUserKeeperAbi,
      "votingPower",
      [[alice.account.address], [], false],
      "GovUserKeeperInvalidParams",
    );
    const nftOnly = await standardDao(env, {
      name: "NftOnly",
      newToken: undefined,
      tokenAddress: zeroAddress,
    });
    await expectRevert(
      env,
      alice,
      nftOnly.dao.govPool,
      abis.govPoolAbi,
      "deposit",
      [1n, []],
      "GovUserKeeperNoToken",
    );
    const tokenOnly = await tokenOnlyDao(env, { name: "TokenOnly" });
    await expectRevert(
      env,
      alice,
      tokenOnly.dao.govPool,
      abis.govPoolAbi,
      "deposit",
      [0n, [1n]],
      "GovUserKeeperNoNft",
    );
    await expectRevert(
      env,
      owner,
      env.protocol.PoolFactory,
      abis.poolFactoryAbi,
      "deployGovPool",
      [deployParams({ name: "Nothing" })],
      "GovUserKeeperInvalidParams",
    );
    await expectRevert(
      env,
      alice,
      dao.govPool,
      abis.govPoolAbi,
      "vote",
      [1n, true, 0n, [7n]],
      "GovPoolWrongState",
    );
  });

  it("GovPool self-governance and credit", async () => {
    const dao = await load();
    await expectRevert(
      env,
      asPool,
      dao.govPool,
      abis.govPoolAbi,
      "setCommentSettings",
      [E(2), E(1)],
      "GovPoolCommentSettingsInvalid",
    );
    await expectRevert(
      env,
      asPool,
      dao.govPool,
      abis.govPoolAbi,
      "setCreditInfo",
      [[dao.token], []],
      "GovPoolLengthMismatch",
    );
    await write(env, asPool, dao.govPool, abis.govPoolAbi, "changeVerifier", [bob.account.address]);
    await write(env, asPool, dao.govPool, abis.govPoolAbi, "changeBABTRestriction", [true]);
    const config = await read<readonly unknown[]>(env, dao.govPool, abis.govPoolAbi, "getConfig");
    assert.deepEqual(config, [getAddress(bob.account.address), true, true, env.protocol.CoreProperties]);
    // the validators' monthly withdraw, called as the validators contract
    await write(env, asPool, dao.govPool, abis.govPoolAbi, "setCreditInfo", [[dao.token], [E(10)]]);
    const asValidators = await impersonate(env, dao.validators, parseEther("1"));
    await expectRevert(
      env,
      asValidators,
      dao.govPool,
      abis.govPoolAbi,
      "transferCreditAmount",
      [[dao.token], [], alice.account.address],
      "GovPoolCreditLengthMismatch",
    );
    await expectRevert(
      env,
      asValidators,
      dao.govPool,
      abis.govPoolAbi,
      "transferCreditAmount",
      [[dao.token], [E(11)], alice.account.address],
      "GovPoolCreditExceeded",
    );
    const native = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    await write(env, asPool, dao.govPool, abis.govPoolAbi, "setCreditInfo", [[native], [E(1)]]);
    // a destination refusing the native coin makes the transfer fail
    await expectRevert(
      env,
      asValidators,
      dao.govPool,
      abis.govPoolAbi,
      "transferCreditAmount",
      [[native], [E(1)], env.protocol.PoolRegistry],
      "GovPoolTransferFailed",
    );
  });

  it("onlyBABTHolders exempts only the protocol owner's allow-list (another DAO's pool once listed)", async () => {
    const dao = await load();
    await write(env, asPool, dao.govPool, abis.govPoolAbi, "changeBABTRestriction", [true]);
    await depositTokens(env, dao, alice, E(100));
    await write(env, owner, env.protocol.BABT, abis.testBabtAbi, "attest", [alice.account.address]);
    await write(env, alice, dao.govPool, abis.govPoolAbi, "createProposal", [
      "x",
      [transferAction(dao, alice.account.address, 1n)],
      [],
    ]);
    // another DAO's pool votes without a BABT
    const other = await standardDao(env, { name: "Voter DAO" });
    await write(env, alice, dao.token, abis.erc20GovAbi, "transfer", [other.dao.govPool, E(50)]);
    const asOther = await impersonate(env, other.dao.govPool, parseEther("1"));
    await write(env, asOther, dao.token, abis.erc20GovAbi, "approve", [dao.userKeeper, E(50)]);
    await write(env, asOther, dao.govPool, abis.govPoolAbi, "deposit", [E(50), []]);
    await expectRevert(
      env,
      asOther,
      dao.govPool,
      abis.govPoolAbi,
      "vote",
      [1n, true, E(50), []],
      "GovPoolNotBABTHolder",
    );
    await write(env, owner, env.protocol.PoolRegistry, abis.poolRegistryAbi, "setBABTExemptions", [
      [other.dao.govPool],
      true,
    ]);
    await write(env, asOther, dao.govPool, abis.govPoolAbi, "vote", [1n, true, E(50), []]);
    await expectRevert(
      env,
      owner,
      env.protocol.BABT,
      abis.testBabtAbi,
      "revoke",
      [bob.account.address],
      "TestBABTNotAttested",
    );
    await expectRevert(
      env,
      owner,
      env.protocol.BABT,
      abis.testBabtAbi,
      "tokenIdOf",
      [bob.account.address],
      "TestBABTNotAttested",
    );
  });

  it("GovValidators", async () => {
    const dao = await load();
    await expectRevert(
      env,
      asPool,
      dao.validators,
      abis.govValidatorsAbi,
      "createExternalProposal",
      [1n, 100n, PERCENT],
      "GovValidatorsNoValidators",
    );
    await expectRevert(
      env,
      asPool,
      dao.validators,
      abis.govValidatorsAbi,
      "changeSettings",
      [0n, 0n, PERCENT],
      "GovValidatorsInvalidSettings",
    );
    await expectRevert(
      env,
      asPool,
      dao.validators,
      abis.govValidatorsAbi,
      "changeBalances",
      [[1n], []],
      "GovValidatorsLengthMismatch",
    );
    await write(env, asPool, dao.validators, abis.govValidatorsAbi, "changeBalances", [
      [E(10)],
      [alice.account.address],
    ]);
    await write(env, asPool, dao.validators, abis.govValidatorsAbi, "createExternalProposal", [
      1n,
      100n,
      PERCENT,
    ]);
    await expectRevert(
      env,
      asPool,
      dao.validators,
      abis.govValidatorsAbi,
      "createExternalProposal",
      [1n, 100n, PERCENT],
      "GovValidatorsProposalExists",
    );
    await expectRevert(
      env,
      alice,
      dao.validators,
      abis.govValidatorsAbi,
      "vote",
      [1n, 0n, true, false],
      "GovValidatorsZeroAmount",
    );
    const bad = encodeAbiParameters(
      [{ type: "uint64" }, { type: "uint64" }, { type: "uint128" }],
      [0n, 0n, PERCENT],
    );
    await expectRevert(
      env,
      alice,
      dao.validators,
      abis.govValidatorsAbi,
      "createInternalProposal",
      [0, "x", bad],
      "GovValidatorsInvalidSettings",
    );
    const mismatch = encodeAbiParameters([{ type: "uint256[]" }, { type: "address[]" }], [[1n], []]);
    await expectRevert(
      env,
      alice,
      dao.validators,
      abis.govValidatorsAbi,
      "createInternalProposal",
      [1, "x", mismatch],
      "GovValidatorsLengthMismatch",
    );
    const noDestination = encodeAbiParameters(
      [{ type: "address[]" }, { type: "uint256[]" }, { type: "address" }],
      [[dao.token], [1n], zeroAddress],
    );
    await expectRevert(
      env,
      alice,
      dao.validators,
      abis.govValidatorsAbi,
      "createInternalProposal",
      [2, "x", noDestination],
      "GovValidatorsInvalidData",
    );
  });

  it("PoolRegistry, CoreProperties, PolynomialPower, ERC20Gov initialisation", async () => {
    const dao = await load();
    const name = stringToHex("X", { size: 32 });
    await expectRevert(
      env,
      alice,
      env.protocol.PoolRegistry,
      abis.poolRegistryAbi,
      "setImplementations",
      [[name], [alice.account.address]],
      "OwnableUnauthorizedAccount",
    );
    await expectRevert(
      env,
      owner,
      env.protocol.PoolRegistry,
      abis.poolRegistryAbi,
      "setImplementations",
      [[name], []],
      "PoolRegistryLengthMismatch",
    );
    await expectRevert(
      env,
      owner,
      env.protocol.PoolRegistry,
      abis.poolRegistryAbi,
      "setContracts",
      [[name], []],
      "PoolRegistryLengthMismatch",
    );
    await expectRevert(
      env,
      alice,
      env.protocol.PoolRegistry,
      abis.poolRegistryAbi,
      "addGovPool",
      [alice.account.address],
      "PoolRegistryNotFactory",
    );
    const asFactory = await impersonate(env, env.protocol.PoolFactory, parseEther("1"));
    await expectRevert(
      env,
      asFactory,
      env.protocol.PoolRegistry,
      abis.poolRegistryAbi,
      "addGovPool",
      [zeroAddress],
      "PoolRegistryZeroAddress",
    );
    assert.equal(await read(env, env.protocol.PoolRegistry, abis.poolRegistryAbi, "countPools"), 1n);
    assert.deepEqual(
      await read(env, env.protocol.PoolRegistry, abis.poolRegistryAbi, "listPools", [0n, 10n]),
      [dao.govPool],
    );
    // upgrading a component upgrades every DAO: point GovSettings at a new implementation
    const impl = await deploy(env.clients(owner), "GovSettings");
    const settingsName = stringToHex("SETTINGS", { size: 32 });
    await write(env, owner, env.protocol.PoolRegistry, abis.poolRegistryAbi, "setImplementations", [
      [settingsName],
      [impl.address],
    ]);
    assert.equal(
      await read<Address>(env, env.protocol.PoolRegistry, abis.poolRegistryAbi, "getImplementation", [
        settingsName,
      ]),
      impl.address,
    );
    assert.equal(await read(env, dao.settings, abis.govSettingsAbi, "settingsCount"), 5n);

    const poly = await standardDao(env, { name: "Poly", votePower: { type: 1 } });
    const asPolyPool = await impersonate(env, poly.dao.govPool, parseEther("1"));
    await expectRevert(
      env,
      asPolyPool,
      poly.dao.votePower,
      abis.polynomialPowerAbi,
      "changeCoefficients",
      [0n, 1n, 1n],
      "PolynomialPowerInvalidCoefficients",
    );
    await write(env, asPolyPool, poly.dao.votePower, abis.polynomialPowerAbi, "changeCoefficients", [
      E(1),
      E(1),
      E(1),
    ]);
    await expectRevert(
      env,
      owner,
      env.protocol.PoolFactory,
      abis.poolFactoryAbi,
      "deployGovPool",
      [
        deployParams({
          name: "Mismatch",
          newToken: {
            name: "M",
            symbol: "M",
            cap: E(10),
            mintedTotal: E(10),
            users: [alice.account.address],
            amounts: [],
          },
        }),
      ],
      "ERC20GovInvalidParams",
    );
    await expectRevert(env, alice, dao.token, abis.erc20GovAbi, "unpause", [], "OwnableUnauthorizedAccount");
    await expectRevert(
      env,
      alice,
      dao.token,
      abis.erc20GovAbi,
      "blacklist",
      [[bob.account.address], true],
      "OwnableUnauthorizedAccount",
    );
    await expectRevert(
      env,
      alice,
      dao.validatorsToken,
      abis.govValidatorsTokenAbi,
      "snapshot",
      [],
      "GovValidatorsTokenNotValidators",
    );
  });
});
