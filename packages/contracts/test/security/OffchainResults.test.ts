import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Address } from "viem";
import { rewardedSettings } from "../fixtures.ts";
import {
  abis,
  createEnv,
  E,
  type Env,
  expectRevert,
  members,
  read,
  standardDao,
  type Wallet,
  write,
} from "../helpers.ts";

const TYPES = {
  OffchainResults: [
    { name: "resultsHash", type: "string" },
    { name: "nonce", type: "uint256" },
    { name: "submitter", type: "address" },
    { name: "deadline", type: "uint256" },
    { name: "quorumReached", type: "bool" },
  ],
} as const;

describe("security: off-chain results", () => {
  let env: Env;

  before(async () => {
    env = await createEnv();
  });

  /** A DAO whose internal slot pays a 5-token execution reward (the off-chain results reward), its verifier
   * the sixth dev account, and the verifier's signature of results for `submitter`. */
  async function offchainDao(name: string) {
    const { owner } = members(env);
    const verifier = env.wallets[6]!;
    const predicted = await read<Record<string, Address>>(
      env,
      env.protocol.PoolFactory,
      abis.poolFactoryAbi,
      "predictGovAddresses",
      [owner.account.address, name],
    );
    const { dao } = await standardDao(env, {
      name,
      settings: rewardedSettings(predicted.govToken!),
      verifier: verifier.account.address,
    });
    const sign = (resultsHash: string, submitter: Wallet, deadline: bigint, quorumReached = true) =>
      verifier.signTypedData({
        account: verifier.account,
        domain: { name: "Polity GovPool", version: "1", chainId: 31337, verifyingContract: dao.govPool },
        types: TYPES,
        primaryType: "OffchainResults",
        message: { resultsHash, nonce: 0n, submitter: submitter.account.address, deadline, quorumReached },
      });
    const now = async () => (await env.publicClient.getBlock()).timestamp;
    const balance = (w: Wallet) =>
      read<bigint>(env, dao.token, abis.erc20GovAbi, "balanceOf", [w.account.address]);
    return { dao, sign, now, balance };
  }

  it("M3 a front-runner replaying another's signed results is refused", async () => {
    const { bob, eve } = members(env);
    const { dao, sign, now, balance } = await offchainDao("Front-run results");
    const deadline = (await now()) + 3_600n;
    // bob asked the verifier for results; eve sees his transaction in the mempool and sends it first
    const signature = await sign("bafyresults", bob, deadline);
    const args = ["bafyresults", deadline, true, signature] as const;
    await expectRevert(
      env,
      eve,
      dao.govPool,
      abis.govPoolAbi,
      "saveOffchainResults",
      args,
      "GovPoolInvalidSignature",
    );
    assert.equal(await balance(eve), 0n);
    // bob's own transaction goes through and earns the reward
    const before = await balance(bob);
    await write(env, bob, dao.govPool, abis.govPoolAbi, "saveOffchainResults", args);
    assert.equal((await balance(bob)) - before, E(5));
  });

  it("M3 an expired signature is refused", async () => {
    const { bob } = members(env);
    const { dao, sign, now } = await offchainDao("Expired results");
    const deadline = (await now()) + 60n;
    const signature = await sign("bafyresults", bob, deadline);
    await env.networkHelpers.time.increase(61);
    await expectRevert(
      env,
      bob,
      dao.govPool,
      abis.govPoolAbi,
      "saveOffchainResults",
      ["bafyresults", deadline, true, signature],
      "GovPoolSignatureExpired",
    );
  });

  it("M3 results without a quorum proposal earn no reward", async () => {
    const { bob } = members(env);
    const { dao, sign, now, balance } = await offchainDao("Empty results");
    const deadline = (await now()) + 3_600n;
    const signature = await sign("bafyempty", bob, deadline, false);
    // claiming the reward with the signature of a no-quorum document is refused
    await expectRevert(
      env,
      bob,
      dao.govPool,
      abis.govPoolAbi,
      "saveOffchainResults",
      ["bafyempty", deadline, true, signature],
      "GovPoolInvalidSignature",
    );
    const before = await balance(bob);
    await write(env, bob, dao.govPool, abis.govPoolAbi, "saveOffchainResults", [
      "bafyempty",
      deadline,
      false,
      signature,
    ]);
    assert.equal(await read(env, dao.govPool, abis.govPoolAbi, "latestOffchainResultsHash"), "bafyempty");
    assert.equal((await balance(bob)) - before, 0n);
  });
});
