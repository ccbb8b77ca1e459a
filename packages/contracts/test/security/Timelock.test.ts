import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, encodeFunctionData, zeroHash } from "viem";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { componentNames, deploy, deployProtocol } from "../../scripts/lib/protocol.ts";
import { contract, useEnv } from "../fixtures.ts";
import { abis, members } from "../helpers.ts";

const timelockAbi = readArtifact("ProtocolTimelock").abi;
const DELAY = 2n * 24n * 3600n;

describe("security: protocol upgrades", () => {
  const env = useEnv();

  /** The protocol as the deploy script sets it up on a real chain: a timelock of two days owned by the owner. */
  async function timelockedProtocol() {
    const { owner } = members(env);
    const protocol = await deployProtocol(env.clients(owner), { timelockDelay: DELAY });
    const evil = await deploy(env.clients(owner), "ERC20Mock", ["Not a pool", "X", 18]);
    const upgrade = encodeFunctionData({
      abi: abis.poolRegistryAbi,
      functionName: "setImplementations",
      args: [[componentNames.GOV_POOL], [evil.address]],
    });
    return { protocol, timelock: protocol.Timelock as Address, evil: evil.address, upgrade };
  }

  it("M6 an upgrade of every DAO cannot happen before the timelock's delay, even by the owner", async () => {
    const { owner } = members(env);
    const { protocol, timelock, evil, upgrade } = await env.networkHelpers.loadFixture(timelockedProtocol);
    const registry = protocol.PoolRegistry;
    assert.equal(await contract(env, registry, abis.poolRegistryAbi).read("owner"), timelock);
    assert.equal(
      await contract(env, protocol.CoreProperties, abis.corePropertiesAbi).read("owner"),
      timelock,
    );
    await contract(env, registry, abis.poolRegistryAbi).reverts(
      owner,
      "setImplementations",
      [[componentNames.GOV_POOL], [evil]],
      "OwnableUnauthorizedAccount",
    );
    const op = [registry, 0n, upgrade, zeroHash, zeroHash] as const;
    await contract(env, timelock, timelockAbi).reverts(
      owner,
      "schedule",
      [...op, DELAY - 1n],
      "TimelockInsufficientDelay",
    );
    await contract(env, timelock, timelockAbi).write(owner, "schedule", [...op, DELAY]);
    await env.networkHelpers.time.increase(DELAY - 10n);
    await contract(env, timelock, timelockAbi).reverts(
      owner,
      "execute",
      op,
      "TimelockUnexpectedOperationState",
    );
    const before = await contract(env, registry, abis.poolRegistryAbi).read("getImplementation", [
      componentNames.GOV_POOL,
    ]);
    assert.equal(before, protocol.GovPoolImplementation);
    await env.networkHelpers.time.increase(10n);
    await contract(env, timelock, timelockAbi).write(owner, "execute", op);
    assert.equal(
      await contract(env, registry, abis.poolRegistryAbi).read("getImplementation", [
        componentNames.GOV_POOL,
      ]),
      evil,
    );
  });
});
