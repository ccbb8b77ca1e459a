import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type Address, encodeFunctionData, parseEther } from "viem";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { NATIVE_COIN, PERCENT, PRECISION, proposalSettings } from "../../scripts/lib/dao.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import {
  contract,
  govPool,
  LOCKING_STATES,
  rewardSettings,
  sendCoin,
  useEnv,
  validatorsChamber,
} from "../fixtures.ts";
import {
  type Action,
  abis,
  createProposal,
  type DaoAddresses,
  E,
  editDescriptionAction,
  eventsOf,
  members,
  nextBlock,
  State,
  stateOf,
  tokenOnlyDao,
  transferAction,
  type Wallet,
} from "../helpers.ts";

const receiverAbi = readArtifact("ReentrantReceiver").abi;

/** What the test funds the pool with at first (native coin; the `fund` command adds more), against rewards
 * that outgrow it: the pool runs dry and must credit back what it could not pay. */
const FUNDED = parseEther("0.25");
/** What alice, bob and carol deposited before each run (of the 30k, 20k and 10k they hold). */
const DEPOSITED = [E(20_000), E(15_000), E(5_000)];
const RUNS = 25;
const MAX_COMMANDS = 20;

/** Each state and the states it leads to directly (PROTOCOL.md, "States"); a proposal may only move along
 * these edges (several at once when time jumps), never back. */
const EDGES: Record<number, number[]> = {
  [State.Voting]: [
    State.Defeated,
    State.WaitingForVotingTransfer,
    State.Locked,
    State.SucceededFor,
    State.SucceededAgainst,
  ],
  [State.WaitingForVotingTransfer]: [State.ValidatorVoting],
  [State.ValidatorVoting]: [State.Defeated, State.Locked, State.SucceededFor, State.SucceededAgainst],
  [State.Locked]: [State.SucceededFor, State.SucceededAgainst],
  [State.SucceededFor]: [State.ExecutedFor, State.Expired],
  [State.SucceededAgainst]: [State.ExecutedAgainst, State.Expired],
  [State.Defeated]: [],
  [State.ExecutedFor]: [],
  [State.ExecutedAgainst]: [],
  [State.Expired]: [],
};

function reachable(from: number): Set<number> {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length)
    for (const next of EDGES[todo.pop()!] ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
  return seen;
}

type Proposal = { id: bigint; actions: Action[]; state: number };
/** What the run has seen: proposals with their last observed state, each member's deposit, the coin the pool
 * was funded with and what it reported paying. */
type Model = { proposals: Proposal[]; deposits: bigint[]; funded: bigint; paidOut: bigint };
type Real = { dao: DaoAddresses; receiver: Address; first: Proposal[] };
type Cmd = fc.AsyncCommand<Model, Real>;

describe("security: invariants of stateful random runs (fast-check commands)", () => {
  const env = useEnv();
  const covered = { claims: 0, executions: 0, moves: 0, reentrantClaims: 0 };

  /** A token-only DAO (alice 30k, bob 20k, carol 10k, treasury 40k; they deposited 20k, 15k and 5k) paying
   * every reward in native coin from a 0.25-coin treasury (topped up by `fund`): treasury transfers in the
   * default slot (10% quorum), description edits in the internal slot, which also needs the three validators'
   * stage. A re-entrant receiver contract is the fourth account. Two proposals of alice: a treasury transfer
   * passed (bob's 10k), an internal one is in Voting with 9k of its quorum (bob's too). */
  async function invariantDao() {
    const { owner, alice, bob, carol } = members(env);
    const rewards = { creationReward: parseEther("0.3"), executionReward: parseEther("0.2") };
    const voteRewardsCoefficient = PRECISION / 100_000n; // 30k votes earn 0.3 coin
    const s = {
      ...rewardSettings(NATIVE_COIN, { ...rewards, voteRewardsCoefficient }),
      quorum: 10n * PERCENT,
    };
    const internal = { ...s, validatorsVote: true, durationValidators: 1800n };
    const { dao } = await tokenOnlyDao(env, {
      name: "Invariants",
      settings: [s, internal, proposalSettings({ earlyCompletion: false }), s, s],
      validators: validatorsChamber(env, "Invariants", "INV"),
    });
    for (const [i, w] of [alice, bob, carol].entries()) {
      await contract(env, dao.token, abis.erc20GovAbi).write(w, "approve", [dao.userKeeper, E(1_000_000)]);
      await govPool(env, dao).write(w, "deposit", [DEPOSITED[i]!, []]);
    }
    await sendCoin(owner, dao.govPool, FUNDED);
    const receiver = await deploy(env.clients(owner), "ReentrantReceiver", [dao.govPool]);
    const first: Proposal[] = [];
    const proposals = [
      [transferAction(dao, alice.account.address, 1n), E(10_000)],
      [editDescriptionAction(dao, "ipfs://first"), E(9_000)],
    ] as const;
    for (const [action, votes] of proposals) {
      const actions = [action];
      const { id } = await createProposal(env, dao, alice, actions);
      await govPool(env, dao).write(bob, "vote", [id, true, votes, []]);
      first.push({ id, actions, state: State.Voting });
    }
    await nextBlock(env);
    for (const p of first) p.state = await stateOf(env, dao, p.id);
    return { dao, receiver: receiver.address, first };
  }

  const depositors = () => {
    const { alice, bob, carol } = members(env);
    return [alice, bob, carol];
  };
  const balanceOf = (address: Address) => env.publicClient.getBalance({ address });

  /** Sends `functionName` to the pool as depositor `who` (0-2) or, for 3, through the re-entrant receiver. */
  async function send(real: Real, who: number, functionName: string, args: readonly unknown[]) {
    const pool = govPool(env, real.dao);
    if (who < 3) return pool.write(depositors()[who]!, functionName, args);
    const data = encodeFunctionData({ abi: abis.govPoolAbi, functionName, args });
    return contract(env, real.receiver, receiverAbi).write(members(env).owner, "call", [data]);
  }
  const attempt = async <T>(fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch {
      // refused: the command changes nothing, the invariants still hold
      return undefined;
    }
  };
  /** The `k`-th latest proposal last seen in one of `states` (any proposal when none is): commands aim at
   * proposals they can move on, so runs reach quorums, executions and payouts. */
  const proposalAt = (m: Model, k: number, ...states: number[]) => {
    const fit = m.proposals.filter((p) => states.includes(p.state));
    const from = fit.length > 0 ? fit : m.proposals;
    return from[from.length - 1 - (k % from.length)]!;
  };

  /** Native coin `user` may claim on `ids`, as `getPendingRewards` reports it. */
  async function pendingCoin(real: Real, user: Address, ids: bigint[]) {
    const v = await govPool(env, real.dao).read<{
      onchainTokens: readonly Address[];
      staticRewards: readonly bigint[];
      votingRewards: readonly { personal: bigint; micropool: bigint; treasury: bigint }[];
      offchainTokens: readonly Address[];
      offchainRewards: readonly bigint[];
      multiplierRewards: readonly bigint[];
    }>("getPendingRewards", [user, ids]);
    let sum = 0n;
    v.onchainTokens.forEach((token, i) => {
      const r = v.votingRewards[i]!;
      const voting = r.personal + r.micropool + r.treasury + v.multiplierRewards[i]!;
      if (token === NATIVE_COIN) sum += v.staticRewards[i]! + voting;
    });
    v.offchainTokens.forEach((token, i) => {
      if (token === NATIVE_COIN) sum += v.offchainRewards[i]!;
    });
    return sum;
  }

  /** The invariants, checked after every command. */
  async function checkInvariants(m: Model, real: Real) {
    const pool = govPool(env, real.dao);
    // solvency: the pool holds what it was funded with minus what it reported paying
    assert.equal(
      (await balanceOf(real.dao.govPool)) + m.paidOut,
      m.funded,
      "pool balance + paid out = funded",
    );
    // states only move along the protocol's edges
    const states = new Map<bigint, number>();
    for (const p of m.proposals) {
      const s = await stateOf(env, real.dao, p.id);
      assert.ok(reachable(p.state).has(s), `proposal ${p.id} moved from state ${p.state} to ${s}`);
      p.state = s;
      states.set(p.id, s);
    }
    // locks: what votes on live proposals hold stays deposited, and only the rest is withdrawable
    const keeper = contract(env, real.dao.userKeeper, abis.govUserKeeperAbi);
    for (const [i, w] of depositors().entries()) {
      const deposited = await keeper.read<bigint>("tokenBalance", [w.account.address]);
      assert.equal(deposited, m.deposits[i], `deposit of member ${i}`);
      let locked = 0n;
      for (const p of m.proposals) {
        if (!LOCKING_STATES.has(states.get(p.id)!)) continue;
        const v = await pool.read<{ tokensVoted: bigint }>("getUserVotes", [p.id, w.account.address, 0]);
        if (v.tokensVoted > locked) locked = v.tokensVoted;
      }
      assert.ok(locked <= deposited, `member ${i}: locked ${locked} > deposited ${deposited}`);
      const [free] = await pool.read<readonly [bigint, bigint[]]>("getWithdrawableAssets", [
        w.account.address,
      ]);
      assert.equal(free, deposited - locked, `member ${i}: withdrawable = deposited - locked`);
    }
  }

  const command = (
    name: string,
    check: (m: Model) => boolean,
    run: (m: Model, real: Real) => Promise<void>,
  ): Cmd => ({
    check,
    run: async (m, real) => {
      await run(m, real);
      await checkInvariants(m, real);
    },
    toString: () => name,
  });

  const member = fc.integer({ min: 0, max: 2 });
  const anyone = fc.integer({ min: 0, max: 3 });
  const proposal = fc.nat(2);
  const amount = fc.integer({ min: 1, max: 15_000 });
  /** Mostly for: proposals pass and pay, and enough against to defeat some. */
  const side = fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  );

  const deposit = fc.record({ who: member, amount }).map(({ who, amount }) =>
    command(
      `deposit(${who}, ${amount})`,
      () => true,
      async (m, real) => {
        if (await attempt(() => send(real, who, "deposit", [E(amount), []]))) m.deposits[who]! += E(amount);
      },
    ),
  );
  const withdraw = fc.record({ who: member, amount }).map(({ who, amount }) =>
    command(
      `withdraw(${who}, ${amount})`,
      () => true,
      async (m, real) => {
        const to = depositors()[who]!.account.address;
        if (await attempt(() => send(real, who, "withdraw", [to, E(amount), []])))
          m.deposits[who]! -= E(amount);
      },
    ),
  );
  const create = fc.record({ who: member, internal: fc.boolean() }).map(({ who, internal }) =>
    command(
      `create(${who}, ${internal ? "internal" : "treasury"})`,
      (m) => m.proposals.length < 8,
      async (m, real) => {
        const w: Wallet = depositors()[who]!;
        const actions = [
          internal
            ? editDescriptionAction(real.dao, `ipfs://${m.proposals.length}`)
            : transferAction(real.dao, w.account.address, 1n),
        ];
        const r = await attempt(() => send(real, who, "createProposal", ["ipfs://p", actions, []]));
        if (!r) return;
        const [created] = eventsOf(r, abis.govPoolAbi, "ProposalCreated", real.dao.govPool);
        m.proposals.push({ id: created!.proposalId as bigint, actions, state: State.Voting });
      },
    ),
  );
  const vote = fc.record({ who: member, k: proposal, isFor: side, amount }).map(({ who, k, isFor, amount }) =>
    command(
      `vote(${who}, #${k}, ${isFor}, ${amount})`,
      () => true,
      async (m, real) => {
        await attempt(() =>
          send(real, who, "vote", [proposalAt(m, k, State.Voting).id, isFor, E(amount), []]),
        );
      },
    ),
  );
  const cancelVote = fc.record({ who: member, k: proposal }).map(({ who, k }) =>
    command(
      `cancelVote(${who}, #${k})`,
      () => true,
      async (m, real) => {
        await attempt(() => send(real, who, "cancelVote", [proposalAt(m, k, State.Voting).id]));
      },
    ),
  );
  const move = fc.record({ who: anyone, k: proposal }).map(({ who, k }) =>
    command(
      `moveProposalToValidators(${who}, #${k})`,
      () => true,
      async (m, real) => {
        if (
          await attempt(() =>
            send(real, who, "moveProposalToValidators", [
              proposalAt(m, k, State.WaitingForVotingTransfer).id,
            ]),
          )
        )
          covered.moves++;
      },
    ),
  );
  const validatorVote = fc
    .record({
      v: fc.integer({ min: 0, max: 2 }),
      k: proposal,
      isFor: fc.boolean(),
      amount: fc.integer({ min: 1, max: 10 }),
    })
    .map(({ v, k, isFor, amount }) =>
      command(
        `validatorVote(${v}, #${k}, ${isFor}, ${amount})`,
        () => true,
        async (m, real) => {
          const { v1, v2, v3 } = members(env);
          const validators = contract(env, real.dao.validators, abis.govValidatorsAbi);
          await attempt(() =>
            validators.write([v1, v2, v3][v]!, "vote", [
              proposalAt(m, k, State.ValidatorVoting).id,
              E(amount),
              isFor,
              false,
            ]),
          );
        },
      ),
    );
  const execute = fc.record({ who: anyone, k: proposal }).map(({ who, k }) =>
    command(
      `execute(${who}, #${k})`,
      () => true,
      async (m, real) => {
        const p = proposalAt(m, k, State.SucceededFor, State.SucceededAgainst);
        if (await attempt(() => send(real, who, "execute", [p.id, p.actions, []]))) covered.executions++;
      },
    ),
  );
  const claim = fc.record({ who: anyone }).map(({ who }) =>
    command(
      `claimRewards(${who})`,
      () => true,
      async (m, real) => {
        const { owner } = members(env);
        const ids = m.proposals.filter((p) => p.state === State.ExecutedFor).map((p) => p.id);
        if (ids.length === 0) return;
        // aim at an account owed something (the `who`-th of them), so runs reach payouts
        const accounts = [...depositors().map((w) => w.account.address), real.receiver];
        const owedTo = await Promise.all(accounts.map((a) => pendingCoin(real, a, ids)));
        const owedOnes = [0, 1, 2, 3].filter((i) => owedTo[i]! > 0n);
        const u = owedOnes.length > 0 ? owedOnes[who % owedOnes.length]! : who;
        const user = accounts[u]!;
        const owed = owedTo[u]!;
        const before = await balanceOf(user);
        const claim = encodeFunctionData({
          abi: abis.govPoolAbi,
          functionName: "claimRewards",
          args: [ids, user],
        });
        const receiver = contract(env, real.receiver, receiverAbi);
        // the receiver claims again for itself from inside each payout
        if (u === 3) await receiver.write(owner, "setReentry", [claim, 3n]);
        const r = await attempt(() =>
          u < 3
            ? govPool(env, real.dao).write(owner, "claimRewards", [ids, user])
            : receiver.write(owner, "call", [claim]),
        );
        if (!r) return;
        covered.claims++;
        if (u === 3) covered.reentrantClaims++;
        const paid = (await balanceOf(user)) - before;
        assert.ok(paid <= owed, `claim paid ${paid} to ${user}, getPendingRewards said ${owed}`);
        for (const e of eventsOf(r, abis.govPoolAbi, "RewardClaimed", real.dao.govPool))
          if (e.token === NATIVE_COIN) m.paidOut += e.amount as bigint;
      },
    ),
  );
  const time = fc
    .oneof(
      { weight: 9, arbitrary: fc.integer({ min: 1, max: 4_000 }) },
      { weight: 1, arbitrary: fc.constant(31 * 86_400) },
    )
    .map((seconds) =>
      command(
        `time(+${seconds}s)`,
        () => true,
        async () => {
          await env.networkHelpers.time.increase(seconds);
        },
      ),
    );
  const fund = fc.integer({ min: 1, max: 5 }).map((tenths) =>
    command(
      `fund(${tenths / 10})`,
      () => true,
      async (m, real) => {
        const value = (parseEther("1") * BigInt(tenths)) / 10n;
        await sendCoin(members(env).owner, real.dao.govPool, value);
        m.funded += value;
      },
    ),
  );
  const commands = [
    deposit,
    withdraw,
    create,
    vote,
    cancelVote,
    move,
    validatorVote,
    execute,
    claim,
    time,
    fund,
  ];

  /** Creating, voting, executing and claiming drawn more often than the rest, so runs reach payouts. */
  const weighted = [...commands, create, vote, vote, vote, execute, execute, claim, claim, claim];

  it(`pays no more than owed, keeps locked tokens deposited and moves proposals only forward (${RUNS} runs × ≤ ${MAX_COMMANDS} commands)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(weighted, { maxCommands: MAX_COMMANDS, size: "max" }), async (cmds) => {
        const real = await env.networkHelpers.loadFixture(invariantDao);
        const model: Model = {
          proposals: real.first.map((p) => ({ ...p })),
          deposits: [...DEPOSITED],
          funded: FUNDED,
          paidOut: 0n,
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: Number(process.env.INVARIANT_RUNS ?? RUNS) },
    );
    // the runs reached the paths the invariants are about
    assert.ok(covered.executions > 0 && covered.claims > 0, JSON.stringify(covered));
  });
});
