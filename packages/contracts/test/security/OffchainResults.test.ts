import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { offchainResultsDao, useEnv } from "../fixtures.ts";
import { E, members } from "../helpers.ts";

describe("security: off-chain results", () => {
  const env = useEnv();
  const now = async () => (await env.publicClient.getBlock()).timestamp;

  it("M3 a front-runner replaying another's signed results is refused", async () => {
    const { bob, eve } = members(env);
    const { pool, sign, balance } = await offchainResultsDao(env, "Front-run results");
    const deadline = (await now()) + 3_600n;
    // bob asked the verifier for results; eve sees his transaction in the mempool and sends it first
    const args = ["bafyresults", deadline, true, await sign("bafyresults", bob, deadline)] as const;
    await pool.reverts(eve, "saveOffchainResults", args, "GovPoolInvalidSignature");
    assert.equal(await balance(eve), 0n);
    // bob's own transaction goes through and earns the reward
    const before = await balance(bob);
    await pool.write(bob, "saveOffchainResults", args);
    assert.equal((await balance(bob)) - before, E(5));
  });

  it("M3 an expired signature is refused", async () => {
    const { bob } = members(env);
    const { pool, sign } = await offchainResultsDao(env, "Expired results");
    const deadline = (await now()) + 60n;
    const signature = await sign("bafyresults", bob, deadline);
    await env.networkHelpers.time.increase(61);
    await pool.reverts(
      bob,
      "saveOffchainResults",
      ["bafyresults", deadline, true, signature],
      "GovPoolSignatureExpired",
    );
  });

  it("M3 results without a quorum proposal earn no reward", async () => {
    const { bob } = members(env);
    const { pool, sign, balance } = await offchainResultsDao(env, "Empty results");
    const deadline = (await now()) + 3_600n;
    const signature = await sign("bafyempty", bob, deadline, { quorumReached: false });
    // claiming the reward with the signature of a no-quorum document is refused
    await pool.reverts(
      bob,
      "saveOffchainResults",
      ["bafyempty", deadline, true, signature],
      "GovPoolInvalidSignature",
    );
    const before = await balance(bob);
    await pool.write(bob, "saveOffchainResults", ["bafyempty", deadline, false, signature]);
    assert.equal(await pool.read("latestOffchainResultsHash"), "bafyempty");
    assert.equal((await balance(bob)) - before, 0n);
  });
});
