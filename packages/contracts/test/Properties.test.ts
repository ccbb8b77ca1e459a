import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import { PERCENT, proposalSettings } from "../scripts/lib/dao.ts";
import { contract, expectState, govPool, LOCKING_STATES, useEnv } from "./fixtures.ts";
import {
  type Action,
  abis,
  depositTokens,
  E,
  eventsOf,
  mappingSlot,
  proposalView,
  State,
  stateOf,
  storageAt,
  tokenOnlyDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

/** States a proposal may move to from each state (itself included): no state is ever skipped back. */
const NEXT: Record<number, number[]> = {
  [State.Voting]: [State.Voting, State.Defeated, State.Locked, State.SucceededFor, State.SucceededAgainst],
  [State.Locked]: [State.Locked, State.SucceededFor, State.SucceededAgainst],
  [State.SucceededFor]: [State.SucceededFor, State.ExecutedFor],
  [State.SucceededAgainst]: [State.SucceededAgainst, State.ExecutedAgainst],
  [State.Defeated]: [State.Defeated],
  [State.ExecutedFor]: [State.ExecutedFor],
  [State.ExecutedAgainst]: [State.ExecutedAgainst],
};

type Op =
  | { kind: "deposit"; actor: number; amount: number }
  | { kind: "withdraw"; actor: number; amount: number }
  | { kind: "create"; actor: number }
  | { kind: "vote"; actor: number; proposal: number; isFor: boolean; amount: number }
  | { kind: "cancel"; actor: number; proposal: number }
  | { kind: "execute"; proposal: number }
  | { kind: "time"; seconds: number }
  | { kind: "unlock"; actor: number }
  | { kind: "batchDepositWithdraw"; actor: number; amount: number; out: number }
  | { kind: "batchDepositCreateVote"; actor: number; amount: number };

const actor = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 30_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("deposit" as const), actor, amount }),
  fc.record({ kind: fc.constant("withdraw" as const), actor, amount }),
  fc.record({ kind: fc.constant("create" as const), actor }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("vote" as const),
      actor,
      proposal: fc.integer({ min: 0, max: 3 }),
      isFor: fc.boolean(),
      amount,
    }),
  },
  fc.record({ kind: fc.constant("cancel" as const), actor, proposal: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("execute" as const), proposal: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("time" as const), seconds: fc.integer({ min: 1, max: 2_500 }) }),
  fc.record({ kind: fc.constant("unlock" as const), actor }),
  fc.record({ kind: fc.constant("batchDepositWithdraw" as const), actor, amount, out: amount }),
  fc.record({ kind: fc.constant("batchDepositCreateVote" as const), actor, amount }),
);

describe("invariants under random deposit / vote / cancel / withdraw / time sequences", () => {
  const env = useEnv();
  let actors: Wallet[];

  async function propertyDao() {
    // 30% quorum of 100k, early completion, a 10-minute execution delay, 1 h voting, no NFTs
    const s = proposalSettings({ quorum: 30n * PERCENT, executionDelay: 600n });
    const { dao } = await tokenOnlyDao(env, {
      name: "Property",
      settings: [s, s, proposalSettings({ earlyCompletion: false }), s, s],
    });
    for (const w of actors)
      await contract(env, dao.token, abis.erc20GovAbi).write(w, "approve", [dao.userKeeper, E(1_000_000)]);
    return dao;
  }

  before(async () => {
    actors = env.wallets.slice(1, 4);
  });

  it("deposited = withdrawable + locked, totals = sum of votes, locked never leaves, no state skips", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 8, maxLength: 18 }), async (ops) => {
        const dao = await env.networkHelpers.loadFixture(propertyDao);
        const proposals: { id: bigint; actions: Action[] }[] = [];
        const lastState = new Map<bigint, number>();

        const lockedOf = async (who: Wallet) => {
          let locked = 0n;
          for (const p of proposals) {
            if (!LOCKING_STATES.has(await stateOf(env, dao, p.id))) continue;
            const v = await govPool(env, dao).read<{ tokensVoted: bigint }>("getUserVotes", [
              p.id,
              who.account.address,
              0,
            ]);
            if (v.tokensVoted > locked) locked = v.tokensVoted;
          }
          return locked;
        };
        const attempt = async (fn: () => Promise<unknown>) => {
          try {
            await fn();
            return true;
          } catch {
            return false;
          }
        };

        for (const op of ops) {
          if (op.kind === "deposit") {
            const w = actors[op.actor]!;
            const balance = await contract(env, dao.token, abis.erc20GovAbi).read<bigint>("balanceOf", [
              w.account.address,
            ]);
            const ok = await attempt(() => govPool(env, dao).write(w, "deposit", [E(op.amount), []]));
            assert.equal(ok, E(op.amount) <= balance);
          } else if (op.kind === "withdraw") {
            const w = actors[op.actor]!;
            const deposited = await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read<bigint>(
              "tokenBalance",
              [w.account.address],
            );
            const free = deposited - (await lockedOf(w));
            const ok = await attempt(() =>
              govPool(env, dao).write(w, "withdraw", [w.account.address, E(op.amount), []]),
            );
            // nothing locked can leave; anything free can
            assert.equal(ok, E(op.amount) <= free, `withdraw ${op.amount} with ${free} free`);
          } else if (op.kind === "create") {
            const w = actors[op.actor]!;
            const actions = [transferAction(dao, w.account.address, BigInt(proposals.length + 1))];
            await attempt(async () => {
              const r = await govPool(env, dao).write(w, "createProposal", ["p", actions, []]);
              proposals.push({
                id: eventsOf(r, abis.govPoolAbi, "ProposalCreated")[0]!.proposalId as bigint,
                actions,
              });
            });
          } else if (op.kind === "vote" && proposals[op.proposal]) {
            const w = actors[op.actor]!;
            await attempt(() =>
              govPool(env, dao).write(w, "vote", [proposals[op.proposal]!.id, op.isFor, E(op.amount), []]),
            );
          } else if (op.kind === "cancel" && proposals[op.proposal]) {
            const w = actors[op.actor]!;
            await attempt(() => govPool(env, dao).write(w, "cancelVote", [proposals[op.proposal]!.id]));
          } else if (op.kind === "execute" && proposals[op.proposal]) {
            const p = proposals[op.proposal]!;
            const before = await stateOf(env, dao, p.id);
            const ok = await attempt(() =>
              govPool(env, dao).write(actors[0]!, "execute", [p.id, p.actions, []]),
            );
            assert.equal(ok, before === State.SucceededFor || before === State.SucceededAgainst);
          } else if (op.kind === "time") {
            await env.networkHelpers.time.increase(op.seconds);
          } else if (op.kind === "batchDepositWithdraw") {
            // the same-block guard holds inside one multicall, whatever was free before
            const w = actors[op.actor]!;
            const ok = await attempt(() =>
              govPool(env, dao).write(w, "multicall", [
                [
                  govPool(env, dao).calldata("deposit", [E(op.amount), []]),
                  govPool(env, dao).calldata("withdraw", [w.account.address, E(op.out), []]),
                ],
              ]),
            );
            assert.equal(ok, false, "deposit + withdraw in one multicall");
          } else if (op.kind === "batchDepositCreateVote") {
            const w = actors[op.actor]!;
            const actions = [transferAction(dao, w.account.address, BigInt(proposals.length + 1))];
            await attempt(async () => {
              const r = await govPool(env, dao).write(w, "multicall", [
                [
                  govPool(env, dao).calldata("deposit", [E(op.amount), []]),
                  govPool(env, dao).calldata("createProposalAndVote", ["p", actions, [], E(op.amount), []]),
                ],
              ]);
              proposals.push({
                id: eventsOf(r, abis.govPoolAbi, "ProposalCreated")[0]!.proposalId as bigint,
                actions,
              });
            });
          } else if (op.kind === "unlock") {
            await govPool(env, dao).write(actors[0]!, "unlock", [actors[op.actor]!.account.address]);
          }

          // invariants after every step
          for (const w of actors) {
            const deposited = await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read<bigint>(
              "tokenBalance",
              [w.account.address],
            );
            const [withdrawable] = await govPool(env, dao).read<readonly [bigint, readonly bigint[]]>(
              "getWithdrawableAssets",
              [w.account.address],
            );
            assert.equal(withdrawable + (await lockedOf(w)), deposited, "deposited = withdrawable + locked");
            // the pool's mirror of the deposit (`_users` is slot 19; `deposited` sits above bit 144)
            const mirrored = await storageAt(env, dao.govPool, mappingSlot(w.account.address, 19n));
            assert.equal(mirrored >> 144n, deposited, "the pool mirrors the deposit exactly");
          }
          for (const p of proposals) {
            let sumFor = 0n;
            let sumAgainst = 0n;
            for (const w of actors) {
              const v = await govPool(env, dao).read<{ isVoteFor: boolean; totalVoted: bigint }>(
                "getUserVotes",
                [p.id, w.account.address, 0],
              );
              if (v.isVoteFor) sumFor += v.totalVoted;
              else sumAgainst += v.totalVoted;
            }
            const view = await proposalView<{ votesFor: bigint; votesAgainst: bigint }>(env, dao, p.id);
            assert.equal(view.votesFor, sumFor, "votes for = sum of votes");
            assert.equal(view.votesAgainst, sumAgainst, "votes against = sum of votes");
            const state = await stateOf(env, dao, p.id);
            const previous = lastState.get(p.id);
            if (previous !== undefined)
              assert.ok(NEXT[previous]!.includes(state), `state ${previous} -> ${state}`);
            lastState.set(p.id, state);
          }
        }
      }),
      { numRuns: 10 },
    );
  });

  it("audit: a flash-loaned vote cannot be withdrawn while the proposal is Locked", async () => {
    const dao = await env.networkHelpers.loadFixture(propertyDao);
    const [alice] = actors as [Wallet];
    await depositTokens(env, dao, alice, E(30_000));
    const actions = [transferAction(dao, alice.account.address, 1n)];
    const pool = govPool(env, dao);
    const withdrawRefused = () =>
      pool.reverts(alice, "withdraw", [alice.account.address, 1n, []], "GovPoolWithdrawLocked");
    const r = await pool.write(alice, "createProposalAndVote", ["p", actions, [], E(30_000), []]);
    const id = eventsOf(r, abis.govPoolAbi, "ProposalCreated")[0]!.proposalId as bigint;
    await expectState(env, dao, id, "Locked");
    await withdrawRefused();
    await env.networkHelpers.time.increase(600);
    await expectState(env, dao, id, "SucceededFor");
    await withdrawRefused();
    await pool.write(alice, "execute", [id, actions, []]);
    await pool.write(alice, "withdraw", [alice.account.address, E(30_000), []]);
    const data = pool.calldata("unlock", [alice.account.address]);
    assert.ok(data.length > 0);
  });
});
