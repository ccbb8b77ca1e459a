import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import { proposalSettings } from "../scripts/lib/dao.ts";
import { contract, govPool, useEnv } from "./fixtures.ts";
import {
  abis,
  createProposal,
  depositTokens,
  E,
  members,
  proposalView,
  standardDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";
import { polynomialPower } from "./votePowerReference.ts";

/**
 * The on-chain PolynomialPower (18-decimal fixed point) against the floating-point reference
 * (`votePowerReference.ts`). Tolerance: relative 1e-9 of the reference (absolute 1e-9·S near zero) — the fixed-point
 * truncations are ~1e-18 relative per step; float64 keeps ~1e-15.
 */
const RELATIVE_TOLERANCE = 1e-9;

function close(actual: bigint, expected: number, totalPower: number) {
  const a = Number(actual) / 1e18;
  const tolerance = Math.max(Math.abs(expected) * RELATIVE_TOLERANCE, totalPower * RELATIVE_TOLERANCE);
  assert.ok(
    Math.abs(a - expected) <= tolerance,
    `on-chain ${a} vs reference ${expected} (tolerance ${tolerance})`,
  );
}

describe("vote power", () => {
  const env = useEnv();
  let alice: Wallet, bob: Wallet, carol: Wallet, eve: Wallet;
  let polynomial: `0x${string}`;

  async function polynomialDao() {
    const { dao } = await standardDao(env, { name: "Meritocracy", votePower: { type: 1 } });
    return dao;
  }

  before(async () => {
    ({ alice, bob, carol, eve } = members(env));
    polynomial = (await env.networkHelpers.loadFixture(polynomialDao)).votePower;
  });

  it("uses the spec's default coefficients", async () => {
    const power = contract(env, polynomial, abis.polynomialPowerAbi);
    assert.equal(await power.read("holdersCoefficient"), 970000000000000000n);
    assert.equal(await power.read("expertsCoefficient"), 920000000000000000n);
    assert.equal(await power.read("expertsDelegationCoefficient"), 1080000000000000000n);
  });

  it("matches the TypeScript reference for holders and experts (property, 150 cases)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        async (totalTokens, share, treasuryShare, isExpert) => {
          const S = BigInt(totalTokens) * 10n ** 18n;
          const v = (S * BigInt(Math.floor(share * 1e9))) / 10n ** 9n;
          const t = (v * BigInt(Math.floor(treasuryShare * 1e9))) / 10n ** 9n;
          const onchain = await contract(env, polynomial, abis.polynomialPowerAbi).read<bigint>("calculate", [
            S,
            v,
            t,
            isExpert,
          ]);
          const Sn = Number(S) / 1e18;
          const vn = Number(v) / 1e18;
          const expected = polynomialPower({
            totalPower: Sn,
            rawVote: Math.min(vn, Sn),
            treasuryShare: v === 0n ? 0 : Number(t) / Number(v),
            isExpert,
          });
          close(onchain, expected, Sn);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("is monotonic in the raw vote", async () => {
    const S = E(1_000_000);
    for (const isExpert of [false, true]) {
      let previous = -1n;
      for (let pct = 0; pct <= 100; pct += 2.5) {
        const v = (S * BigInt(Math.round(pct * 10))) / 1000n;
        const p = await contract(env, polynomial, abis.polynomialPowerAbi).read<bigint>("calculate", [
          S,
          v,
          0n,
          isExpert,
        ]);
        assert.ok(p >= previous, `not monotonic at ${pct}% (expert: ${isExpert})`);
        previous = p;
      }
    }
  });

  it("votes through the formula: raw and post-formula totals are kept apart", async () => {
    const dao = await env.networkHelpers.loadFixture(polynomialDao);
    // alice holds 30k of 110k (27%): above the 7% linear zone her power is reduced
    await depositTokens(env, dao, alice, E(30_000));
    await depositTokens(env, dao, carol, E(5_000));
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    const pool = govPool(env, dao);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(carol, "vote", [p.id, false, E(5_000), []]);
    const view = await proposalView<Record<string, bigint>>(env, dao, 1n);
    assert.equal(view.rawVotesFor, E(30_000));
    assert.equal(view.rawVotesAgainst, E(5_000));
    close(
      view.votesFor!,
      polynomialPower({ totalPower: 110_000, rawVote: 30_000, isExpert: false }),
      110_000,
    );
    assert.ok(view.votesFor! < E(30_000));
    // below 7% it stays linear
    assert.equal(view.votesAgainst, E(5_000));
    const transformed = await pool.read<bigint>("transformVotes", [alice.account.address, E(30_000)]);
    assert.equal(transformed, view.votesFor);
  });

  it("experts get the experts' curve; coefficients change only by proposal", async () => {
    const dao = await env.networkHelpers.loadFixture(polynomialDao);
    await contract(env, env.protocol.GlobalExpertNft, abis.expertNftAbi).write(env.wallets[0]!, "mint", [
      bob.account.address,
      "x",
    ]);
    const asExpert = await govPool(env, dao).read<bigint>("transformVotes", [bob.account.address, E(5_000)]);
    close(asExpert, polynomialPower({ totalPower: 110_000, rawVote: 5_000, isExpert: true }), 110_000);
    assert.ok(asExpert > E(5_000));
    await contract(env, polynomial, abis.polynomialPowerAbi).reverts(
      eve,
      "changeCoefficients",
      [1n, 1n, 1n],
      "PolynomialPowerNotPool",
    );
    const change = contract(env, dao.votePower, abis.polynomialPowerAbi).action("changeCoefficients", [
      E(1),
      E(1),
      E(1),
    ]);
    await depositTokens(env, dao, alice, E(30_000));
    // a custom-executor proposal still works under default settings
    const p = await createProposal(env, dao, alice, [change]);
    assert.equal(p.id, 1n);
    assert.ok(proposalSettings().quorum > 0n);
  });

  it("supports a custom vote-power contract (kept apart from raw votes)", async () => {
    const { dao } = await standardDao(env, {
      name: "Custom power",
      votePower: { type: 2, preset: env.protocol.LinearPower },
    });
    assert.equal(dao.votePower, env.protocol.LinearPower);
    const pool = govPool(env, dao);
    const config = await pool.read<readonly unknown[]>("getConfig");
    assert.equal(config[2], false);
    await depositTokens(env, dao, alice, E(1_000));
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await pool.write(alice, "vote", [p.id, true, E(1_000), []]);
    const view = await proposalView<Record<string, bigint>>(env, dao, 1n);
    assert.equal(view.votesFor, E(1_000));
    assert.equal(view.rawVotesFor, E(1_000));
    await pool.write(alice, "cancelVote", [p.id]);
    const after = await proposalView<Record<string, bigint>>(env, dao, 1n);
    assert.equal(after.votesFor, 0n);
    assert.equal(after.rawVotesFor, 0n);
  });
});
