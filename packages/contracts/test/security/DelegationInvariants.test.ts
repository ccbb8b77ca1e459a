import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { Address } from "viem";
import { PERCENT, proposalSettings } from "../../scripts/lib/dao.ts";
import { contract, govPool, useEnv } from "../fixtures.ts";
import {
  abis,
  createProposal,
  type DaoAddresses,
  E,
  members,
  nextBlock,
  proposalView,
  State,
  stateOf,
  tokenOnlyDao,
  transferAction,
  type Wallet,
} from "../helpers.ts";

const RUNS = Number(process.env.INVARIANT_RUNS ?? 30);
/** The runs are drawn from a fixed seed (INVARIANT_SEED to explore others): random draws left a kind of step
 * uncovered in about one run of the suite in three, failing the coverage check below for nothing in the code. */
const SEED = Number(process.env.INVARIANT_SEED ?? 20261126);
const MAX_COMMANDS = 30;
/** What alice, bob and carol deposited before each run. */
const DEPOSITED = [E(20_000), E(15_000), E(5_000)];

/** `delegatedVotes`: "proposal:voter" → the delegatee whose delegation the voter votes itself (vote type delegated). */
type Model = { proposals: bigint[]; delegated: Map<string, bigint>; delegatedVotes: Map<string, number> };
type Real = { dao: DaoAddresses };
type Cmd = fc.AsyncCommand<Model, Real>;

describe("security: delegation invariants of stateful random runs (fast-check commands)", () => {
  const env = useEnv();
  const covered = { delegations: 0, undelegations: 0, recasts: 0, micropoolVotes: 0, delegatedVotes: 0 };

  /** A token-only DAO without early completion (proposals stay in Voting for the hour, so delegations keep
   * re-casting), 30% quorum; alice, bob and carol deposited 20k, 15k and 5k; eve holds nothing. */
  async function delegationInvariantDao() {
    const { alice, bob, carol } = members(env);
    const s = proposalSettings({ quorum: 30n * PERCENT, earlyCompletion: false });
    const { dao } = await tokenOnlyDao(env, { name: "Delegation invariants", settings: [s, s, s, s, s] });
    for (const [i, w] of [alice, bob, carol].entries()) {
      await contract(env, dao.token, abis.erc20GovAbi).write(w, "approve", [dao.userKeeper, E(1_000_000)]);
      await govPool(env, dao).write(w, "deposit", [DEPOSITED[i]!, []]);
    }
    return { dao };
  }

  const accounts = (): Wallet[] => {
    const { alice, bob, carol, eve } = members(env);
    return [alice, bob, carol, eve];
  };
  const key = (from: number, to: number) => `${from}>${to}`;
  const attempt = async <T>(fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch {
      // refused (a lock, the same block, nothing to move): the command changes nothing
      return undefined;
    }
  };

  /** The invariants, checked after every command. */
  async function checkInvariants(m: Model, real: Real) {
    const keeper = contract(env, real.dao.userKeeper, abis.govUserKeeperAbi);
    const pool = govPool(env, real.dao);
    const all = accounts().map((w) => w.account.address as Address);
    // the sum of micropools equals what is delegated, pair by pair as the run delegated it
    let micropools = 0n;
    let pairs = 0n;
    for (const [to, delegatee] of all.entries()) {
      const [micropool] = await keeper.read<[bigint, bigint[]]>("micropool", [delegatee]);
      micropools += micropool;
      let incoming = 0n;
      for (const [from, delegator] of all.entries()) {
        if (from === to) continue;
        const [tokens] = await keeper.read<[bigint, bigint[]]>("delegation", [delegator, delegatee]);
        assert.equal(tokens, m.delegated.get(key(from, to)) ?? 0n, `delegation ${from} → ${to}`);
        incoming += tokens;
      }
      assert.equal(micropool, incoming, `micropool of ${to} = its delegations`);
      pairs += incoming;
    }
    assert.equal(micropools, pairs, "sum of micropools = sum of delegations");
    const personal = await Promise.all(all.map((a) => keeper.read<bigint>("tokenBalance", [a])));
    const totalDeposited = DEPOSITED.reduce((a, b) => a + b, 0n);
    assert.equal(
      personal.reduce((a, b) => a + b, 0n) + micropools,
      totalDeposited,
      "deposits = personal + micropools",
    );

    for (const id of m.proposals) {
      const view = await proposalView<{ votesFor: bigint; votesAgainst: bigint }>(env, real.dao, id);
      const state = await stateOf(env, real.dao, id);
      let sumFor = 0n;
      let sumAgainst = 0n;
      // what each delegatee's delegators vote themselves on this proposal (vote type delegated)
      const delegatedOut = all.map(() => 0n);
      const delegatedVotes = await Promise.all(
        all.map((a) =>
          pool.read<[bigint, bigint, bigint, boolean]>("getTotalVotes", [id, a, 2]).then((r) => r[1]),
        ),
      );
      for (const [i] of all.entries()) {
        const to = m.delegatedVotes.get(`${id}:${i}`);
        if (to === undefined) {
          assert.equal(delegatedVotes[i], 0n, `no delegated vote of ${i} on ${id}`);
          continue;
        }
        // a delegated vote counts the whole delegation of its pair (it cannot shrink while the proposal is active)
        assert.ok(
          delegatedVotes[i]! <= (m.delegated.get(key(i, to)) ?? 0n),
          `delegated vote of ${i} ≤ its delegation`,
        );
        delegatedOut[to]! += delegatedVotes[i]!;
      }
      for (const [i, a] of all.entries()) {
        const [, personalVotes, , isFor] = await pool.read<[bigint, bigint, bigint, boolean]>(
          "getTotalVotes",
          [id, a, 0],
        );
        const [, micropoolVotes, , micropoolFor] = await pool.read<[bigint, bigint, bigint, boolean]>(
          "getTotalVotes",
          [id, a, 1],
        );
        const [micropool] = await keeper.read<[bigint, bigint[]]>("micropool", [a]);
        if (micropoolVotes > 0n && state === State.Voting) {
          // re-casting keeps a delegatee's vote equal to its micropool while the proposal is in Voting, less what
          // its delegators vote themselves there
          assert.equal(
            micropoolVotes,
            micropool - delegatedOut[i]!,
            `micropool vote of ${i} on ${id} re-cast`,
          );
        }
        // a personal vote never counts tokens that left the voter's deposit
        if (state === State.Voting)
          assert.ok(personalVotes <= personal[i]!, `personal vote of ${i} ≤ deposit`);
        const [, , , delegatedFor] = await pool.read<[bigint, bigint, bigint, boolean]>("getTotalVotes", [
          id,
          a,
          2,
        ]);
        const side = personalVotes > 0n ? isFor : micropoolVotes > 0n ? micropoolFor : delegatedFor;
        const votes = personalVotes + micropoolVotes + delegatedVotes[i]!;
        if (side) sumFor += votes;
        else sumAgainst += votes;
      }
      // each proposal's totals are the sum of its votes, and no power is counted twice
      assert.equal(view.votesFor, sumFor, `proposal ${id} for = sum of its votes`);
      assert.equal(view.votesAgainst, sumAgainst, `proposal ${id} against = sum of its votes`);
      if (state === State.Voting)
        assert.ok(
          view.votesFor + view.votesAgainst <= totalDeposited,
          `proposal ${id} counts each token once`,
        );
    }
  }

  const delegateCmd = (from: number, to: number, amount: bigint): Cmd => ({
    check: () => from !== to,
    async run(m, real) {
      const before = await proposalTotals(m, real);
      const ok = await attempt(() =>
        govPool(env, real.dao).write(accounts()[from]!, "delegate", [
          accounts()[to]!.account.address,
          amount,
          [],
        ]),
      );
      if (ok) {
        m.delegated.set(key(from, to), (m.delegated.get(key(from, to)) ?? 0n) + amount);
        covered.delegations++;
        if ((await proposalTotals(m, real)) !== before) covered.recasts++;
      }
      await checkInvariants(m, real);
    },
    toString: () => `delegate(${from} → ${to}, ${amount})`,
  });
  const undelegateCmd = (from: number, to: number, part: bigint): Cmd => ({
    check: (m) => (m.delegated.get(key(from, to)) ?? 0n) > 0n,
    async run(m, real) {
      // a part of what the pair holds (all of it for part 1)
      const held = m.delegated.get(key(from, to)) ?? 0n;
      const amount = part === 1n ? held : (held * part) / 4n || held;
      const ok = await attempt(() =>
        govPool(env, real.dao).write(accounts()[from]!, "undelegate", [
          accounts()[to]!.account.address,
          amount,
          [],
        ]),
      );
      if (ok) {
        m.delegated.set(key(from, to), (m.delegated.get(key(from, to)) ?? 0n) - amount);
        covered.undelegations++;
      }
      await checkInvariants(m, real);
    },
    toString: () => `undelegate(${from} → ${to}, ${part === 1n ? "all" : `${part}/4`})`,
  });
  const voteCmd = (who: number, k: number, isFor: boolean, amount: bigint): Cmd => ({
    check: (m) => m.proposals.length > 0,
    async run(m, real) {
      const id = m.proposals[k % m.proposals.length]!;
      const ok = await attempt(() =>
        govPool(env, real.dao).write(accounts()[who]!, "vote", [id, isFor, amount, []]),
      );
      if (ok && amount === 0n) covered.micropoolVotes++;
      await checkInvariants(m, real);
    },
    toString: () => `vote(${who}, #${k}, ${isFor}, ${amount})`,
  });
  const voteDelegatedCmd = (who: number, k: number, to: number, isFor: boolean): Cmd => ({
    check: (m) => m.proposals.length > 0 && who !== to,
    async run(m, real) {
      const id = m.proposals[k % m.proposals.length]!;
      const ok = await attempt(() =>
        govPool(env, real.dao).write(accounts()[who]!, "voteDelegated", [
          id,
          isFor,
          accounts()[to]!.account.address,
        ]),
      );
      if (ok) {
        m.delegatedVotes.set(`${id}:${who}`, to);
        covered.delegatedVotes++;
      }
      await checkInvariants(m, real);
    },
    toString: () => `voteDelegated(${who} → ${to}, #${k}, ${isFor})`,
  });
  const cancelCmd = (who: number, k: number): Cmd => ({
    check: (m) => m.proposals.length > 0,
    async run(m, real) {
      const id = m.proposals[k % m.proposals.length]!;
      const ok = await attempt(() => govPool(env, real.dao).write(accounts()[who]!, "cancelVote", [id]));
      if (ok) m.delegatedVotes.delete(`${id}:${who}`);
      await checkInvariants(m, real);
    },
    toString: () => `cancelVote(${who}, #${k})`,
  });
  const createCmd = (): Cmd => ({
    check: (m) => m.proposals.length < 3,
    async run(m, real) {
      const { alice } = members(env);
      const p = await createProposal(env, real.dao, alice, [
        transferAction(real.dao, alice.account.address, 1n),
      ]);
      m.proposals.push(p.id);
      await checkInvariants(m, real);
    },
    toString: () => "createProposal",
  });
  const blockCmd = (): Cmd => ({
    check: () => true,
    async run(m, real) {
      await nextBlock(env);
      await checkInvariants(m, real);
    },
    toString: () => "nextBlock",
  });

  async function proposalTotals(m: Model, real: Real) {
    let s = "";
    for (const id of m.proposals) {
      const v = await proposalView<{ votesFor: bigint; votesAgainst: bigint }>(env, real.dao, id);
      s += `${v.votesFor}/${v.votesAgainst};`;
    }
    return s;
  }

  it("D-INV delegations, micropool and delegated votes and re-casts keep every total equal to the sum of its parts", async () => {
    const who = fc.integer({ min: 0, max: 3 });
    const member = fc.integer({ min: 0, max: 2 });
    const amount = fc.constantFrom(E(1), E(1_000), E(2_500), E(5_000));
    const commands = [
      fc.tuple(member, who, amount).map(([f, t, a]) => delegateCmd(f, t, a)),
      fc.tuple(member, who, amount).map(([f, t, a]) => delegateCmd(f, t, a)),
      fc.tuple(member, who, fc.constantFrom(1n, 2n, 3n)).map(([f, t, a]) => undelegateCmd(f, t, a)),
      fc.tuple(member, who, fc.constantFrom(1n, 2n, 3n)).map(([f, t, a]) => undelegateCmd(f, t, a)),
      fc
        .tuple(who, fc.nat(), fc.boolean(), fc.constantFrom(0n, 0n, E(1_000)))
        .map(([w, k, f, a]) => voteCmd(w, k, f, a)),
      // delegatees voting with their micropool alone (eve has no deposit)
      fc.tuple(who, fc.nat(), fc.boolean()).map(([w, k, f]) => voteCmd(w, k, f, 0n)),
      // delegators voting their delegation themselves (vote type delegated), then re-delegating or cancelling
      fc.tuple(member, fc.nat(), who, fc.boolean()).map(([w, k, t, f]) => voteDelegatedCmd(w, k, t, f)),
      fc.tuple(member, fc.nat(), who, fc.boolean()).map(([w, k, t, f]) => voteDelegatedCmd(w, k, t, f)),
      fc.tuple(who, fc.nat()).map(([w, k]) => cancelCmd(w, k)),
      fc.constant(createCmd()),
      fc.constant(blockCmd()),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: "max" }), async (cmds) => {
        const real = await env.networkHelpers.loadFixture(delegationInvariantDao);
        const m: Model = { proposals: [], delegated: new Map(), delegatedVotes: new Map() };
        await createCmd().run(m, real);
        await fc.asyncModelRun(() => ({ model: m, real }), cmds);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(
      covered.delegations > 0 &&
        covered.undelegations > 0 &&
        covered.recasts > 0 &&
        covered.micropoolVotes > 0 &&
        covered.delegatedVotes > 0,
      `runs delegated, undelegated, re-cast, voted micropools and delegated votes: ${JSON.stringify(covered)}`,
    );
  });
});
