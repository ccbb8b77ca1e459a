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
import { contract, govPool, useEnv, useStandardDao } from "./fixtures.ts";
import {
  abis,
  depositTokens,
  E,
  impersonate,
  members,
  standardDao,
  tokenOnlyDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

/** Revert paths of the helpers, called as their owner (the pool, impersonated) or as strangers. */
describe("custom errors", () => {
  const env = useEnv();
  let owner: Wallet, alice: Wallet, bob: Wallet;
  const load = useStandardDao(env);

  before(async () => {
    ({ owner, alice, bob } = members(env));
  });

  it("GovSettings", async () => {
    const { dao, asPool } = await load();
    const s = proposalSettings();
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      alice,
      "addSettings",
      [[s]],
      "OwnableUnauthorizedAccount",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      asPool,
      "editSettings",
      [[0n], []],
      "GovSettingsLengthMismatch",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      asPool,
      "editSettings",
      [[9n], [s]],
      "GovSettingsUnknownSettings",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      asPool,
      "changeExecutors",
      [[alice.account.address], [9n]],
      "GovSettingsUnknownSettings",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      asPool,
      "addSettings",
      [[proposalSettings({ duration: 0n })]],
      "GovSettingsInvalidSettings",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      alice,
      "getSettings",
      [42n],
      "GovSettingsUnknownSettings",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).write(asPool, "addSettings", [
      [proposalSettings({ executorDescription: "ipfs://custom" })],
    ]);
    await contract(env, dao.settings, abis.govSettingsAbi).write(asPool, "changeExecutors", [
      [alice.account.address],
      [5n],
    ]);
    assert.equal(
      await contract(env, dao.settings, abis.govSettingsAbi).read("executorToSettings", [
        alice.account.address,
      ]),
      5n,
    );
    assert.equal(await contract(env, dao.settings, abis.govSettingsAbi).read("settingsCount"), 6n);
    // proposals keep their settings slot in 16 bits: slot 65,535 is the last one (`_settingsCount` is slot 1)
    await env.networkHelpers.setStorageAt(
      dao.settings,
      toHex(1n, { size: 32 }),
      toHex(65_535n, { size: 32 }),
    );
    await contract(env, dao.settings, abis.govSettingsAbi).write(asPool, "addSettings", [[s]]);
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      asPool,
      "addSettings",
      [[s]],
      "GovSettingsTooManySettings",
    );
    await env.networkHelpers.setStorageAt(dao.settings, toHex(1n, { size: 32 }), toHex(6n, { size: 32 }));
    await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).reverts(
      owner,
      "deployGovPool",
      [deployParams({ name: "Few", tokenAddress: dao.token, settings: [s, s] })],
      "GovSettingsMissingDefaults",
    );
    await contract(env, dao.settings, abis.govSettingsAbi).reverts(
      alice,
      "initialize",
      [alice.account.address, [], zeroAddress, [zeroAddress, zeroAddress], [], []],
      "InvalidInitialization",
    );
  });

  it("GovUserKeeper", async () => {
    const { dao, asPool } = await load();
    const keeper = contract(env, dao.userKeeper, abis.govUserKeeperAbi);
    await keeper.reverts(
      alice,
      "deposit",
      [alice.account.address, alice.account.address, 1n, []],
      "OwnableUnauthorizedAccount",
    );
    await keeper.reverts(
      asPool,
      "withdraw",
      [alice.account.address, alice.account.address, 1n, []],
      "GovUserKeeperInsufficientBalance",
    );
    await keeper.reverts(
      alice,
      "votingPower",
      [[alice.account.address], [], false],
      "GovUserKeeperInvalidParams",
    );
    const nftOnly = await standardDao(env, {
      name: "NftOnly",
      newToken: undefined,
      tokenAddress: zeroAddress,
    });
    await govPool(env, nftOnly.dao).reverts(alice, "deposit", [1n, []], "GovUserKeeperNoToken");
    const tokenOnly = await tokenOnlyDao(env, { name: "TokenOnly" });
    await govPool(env, tokenOnly.dao).reverts(alice, "deposit", [0n, [1n]], "GovUserKeeperNoNft");
    await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).reverts(
      owner,
      "deployGovPool",
      [deployParams({ name: "Nothing" })],
      "GovUserKeeperInvalidParams",
    );
    await govPool(env, dao).reverts(alice, "vote", [1n, true, 0n, [7n]], "GovPoolWrongState");
  });

  it("GovPool self-governance and credit", async () => {
    const { dao, asPool } = await load();
    const pool = govPool(env, dao);
    await pool.reverts(asPool, "setCommentSettings", [E(2), E(1)], "GovPoolCommentSettingsInvalid");
    await pool.reverts(asPool, "setCreditInfo", [[dao.token], []], "GovPoolLengthMismatch");
    await pool.write(asPool, "changeVerifier", [bob.account.address]);
    await pool.write(asPool, "changeBABTRestriction", [true]);
    const config = await pool.read<readonly unknown[]>("getConfig");
    assert.deepEqual(config, [getAddress(bob.account.address), true, true, env.protocol.CoreProperties]);
    // the validators' monthly withdraw, called as the validators contract
    await pool.write(asPool, "setCreditInfo", [[dao.token], [E(10)]]);
    const asValidators = await impersonate(env, dao.validators, parseEther("1"));
    await pool.reverts(
      asValidators,
      "transferCreditAmount",
      [[dao.token], [], alice.account.address],
      "GovPoolCreditLengthMismatch",
    );
    await pool.reverts(
      asValidators,
      "transferCreditAmount",
      [[dao.token], [E(11)], alice.account.address],
      "GovPoolCreditExceeded",
    );
    const native = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    await pool.write(asPool, "setCreditInfo", [[native], [E(1)]]);
    // a destination refusing the native coin makes the transfer fail
    await pool.reverts(
      asValidators,
      "transferCreditAmount",
      [[native], [E(1)], env.protocol.PoolRegistry],
      "GovPoolTransferFailed",
    );
  });

  it("onlyBABTHolders exempts only the protocol owner's allow-list (another DAO's pool once listed)", async () => {
    const { dao, asPool } = await load();
    await govPool(env, dao).write(asPool, "changeBABTRestriction", [true]);
    await depositTokens(env, dao, alice, E(100));
    const babt = contract(env, env.protocol.BABT, abis.testBabtAbi);
    await babt.write(owner, "attest", [alice.account.address]);
    await govPool(env, dao).write(alice, "createProposal", [
      "x",
      [transferAction(dao, alice.account.address, 1n)],
      [],
    ]);
    // another DAO's pool votes without a BABT
    const other = await standardDao(env, { name: "Voter DAO" });
    const token = contract(env, dao.token, abis.erc20GovAbi);
    await token.write(alice, "transfer", [other.dao.govPool, E(50)]);
    const asOther = await impersonate(env, other.dao.govPool, parseEther("1"));
    await token.write(asOther, "approve", [dao.userKeeper, E(50)]);
    await govPool(env, dao).write(asOther, "deposit", [E(50), []]);
    await govPool(env, dao).reverts(asOther, "vote", [1n, true, E(50), []], "GovPoolNotBABTHolder");
    await contract(env, env.protocol.PoolRegistry, abis.poolRegistryAbi).write(owner, "setBABTExemptions", [
      [other.dao.govPool],
      true,
    ]);
    await govPool(env, dao).write(asOther, "vote", [1n, true, E(50), []]);
    await babt.reverts(owner, "revoke", [bob.account.address], "TestBABTNotAttested");
    await babt.reverts(owner, "tokenIdOf", [bob.account.address], "TestBABTNotAttested");
  });

  it("GovValidators", async () => {
    const { dao, asPool } = await load();
    const validators = contract(env, dao.validators, abis.govValidatorsAbi);
    await validators.reverts(
      asPool,
      "createExternalProposal",
      [1n, 100n, PERCENT],
      "GovValidatorsNoValidators",
    );
    await validators.reverts(asPool, "changeSettings", [0n, 0n, PERCENT], "GovValidatorsInvalidSettings");
    await validators.reverts(asPool, "changeBalances", [[1n], []], "GovValidatorsLengthMismatch");
    await validators.write(asPool, "changeBalances", [[E(10)], [alice.account.address]]);
    await validators.write(asPool, "createExternalProposal", [1n, 100n, PERCENT]);
    await validators.reverts(
      asPool,
      "createExternalProposal",
      [1n, 100n, PERCENT],
      "GovValidatorsProposalExists",
    );
    await validators.reverts(alice, "vote", [1n, 0n, true, false], "GovValidatorsZeroAmount");
    const bad = encodeAbiParameters(
      [{ type: "uint64" }, { type: "uint64" }, { type: "uint128" }],
      [0n, 0n, PERCENT],
    );
    await validators.reverts(alice, "createInternalProposal", [0, "x", bad], "GovValidatorsInvalidSettings");
    const mismatch = encodeAbiParameters([{ type: "uint256[]" }, { type: "address[]" }], [[1n], []]);
    await validators.reverts(
      alice,
      "createInternalProposal",
      [1, "x", mismatch],
      "GovValidatorsLengthMismatch",
    );
    const noDestination = encodeAbiParameters(
      [{ type: "address[]" }, { type: "uint256[]" }, { type: "address" }],
      [[dao.token], [1n], zeroAddress],
    );
    await validators.reverts(
      alice,
      "createInternalProposal",
      [2, "x", noDestination],
      "GovValidatorsInvalidData",
    );
  });

  it("PoolRegistry, CoreProperties, PolynomialPower, ERC20Gov initialisation", async () => {
    const { dao } = await load();
    const name = stringToHex("X", { size: 32 });
    const registry = contract(env, env.protocol.PoolRegistry, abis.poolRegistryAbi);
    await registry.reverts(
      alice,
      "setImplementations",
      [[name], [alice.account.address]],
      "OwnableUnauthorizedAccount",
    );
    await registry.reverts(owner, "setImplementations", [[name], []], "PoolRegistryLengthMismatch");
    await registry.reverts(owner, "setContracts", [[name], []], "PoolRegistryLengthMismatch");
    await registry.reverts(alice, "addGovPool", [alice.account.address], "PoolRegistryNotFactory");
    const asFactory = await impersonate(env, env.protocol.PoolFactory, parseEther("1"));
    await registry.reverts(asFactory, "addGovPool", [zeroAddress], "PoolRegistryZeroAddress");
    assert.equal(await registry.read("countPools"), 1n);
    assert.deepEqual(await registry.read("listPools", [0n, 10n]), [dao.govPool]);
    // upgrading a component upgrades every DAO: point GovSettings at a new implementation
    const impl = await deploy(env.clients(owner), "GovSettings");
    const settingsName = stringToHex("SETTINGS", { size: 32 });
    await registry.write(owner, "setImplementations", [[settingsName], [impl.address]]);
    assert.equal(await registry.read<Address>("getImplementation", [settingsName]), impl.address);
    assert.equal(await contract(env, dao.settings, abis.govSettingsAbi).read("settingsCount"), 5n);

    const poly = await standardDao(env, { name: "Poly", votePower: { type: 1 } });
    const asPolyPool = await impersonate(env, poly.dao.govPool, parseEther("1"));
    const power = contract(env, poly.dao.votePower, abis.polynomialPowerAbi);
    await power.reverts(asPolyPool, "changeCoefficients", [0n, 1n, 1n], "PolynomialPowerInvalidCoefficients");
    await power.write(asPolyPool, "changeCoefficients", [E(1), E(1), E(1)]);
    await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).reverts(
      owner,
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
    const token = contract(env, dao.token, abis.erc20GovAbi);
    await token.reverts(alice, "unpause", [], "OwnableUnauthorizedAccount");
    await token.reverts(alice, "blacklist", [[bob.account.address], true], "OwnableUnauthorizedAccount");
    await contract(env, dao.validatorsToken, abis.govValidatorsTokenAbi).reverts(
      alice,
      "snapshot",
      [],
      "GovValidatorsTokenNotValidators",
    );
  });
});
