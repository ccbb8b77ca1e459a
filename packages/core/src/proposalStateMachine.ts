/**
 * GovPool's proposal state machine (GovPoolState.state, PROTOCOL.md "Proposals") and GovValidators'
 * internal one, written once as data over the indexed fields: the api compiles it to a SQL CASE
 * expression (its proposal lists and filters), the indexer evaluates it in memory (the DAO list's
 * active counts it keeps). Both read the same decision tree, so they cannot drift apart.
 */
import { ProposalState } from "./proposalStates.ts";

/** The indexed fields the machines read: a proposal's, its validators' stage (`stage*`) and its pool's. */
export type StateField =
  | "executedAt"
  | "executedFor"
  | "quorumReachedAt"
  | "voteEnd"
  | "earlyCompletion"
  | "votesFor"
  | "votesAgainst"
  /** How many actions run when the proposal is executed against (0: none). */
  | "againstActions"
  | "movedToValidatorsAt"
  | "validatorsVote"
  | "executeAfter"
  | "validatorsCount"
  | "executionWindow"
  | "stageVoteEnd"
  | "stageExecutedAt"
  | "stageQuorumReachedAt"
  | "stageVotesFor"
  | "stageVotesAgainst"
  | "stageExecuteAfter";

/**
 * A condition over the fields and `now`, with SQL's meaning of a missing (null) field: a comparison
 * with it does not hold. Time conditions change value only at their own instant (`thresholdOf`).
 */
export type StateTest =
  /** the field is not null */
  | { set: StateField }
  /** a boolean field is true */
  | { isTrue: StateField }
  /** field <= now */
  | { ended: StateField }
  /** field > now */
  | { open: StateField }
  /** now < coalesce(field, 0) */
  | { before: StateField }
  /** now >= coalesce(field, 0) + executionWindow */
  | { expired: StateField }
  /** a > b */
  | { greater: readonly [StateField, StateField] }
  /** a >= b */
  | { atLeast: readonly [StateField, StateField] }
  /** coalesce(field, 0) > 0 */
  | { positive: StateField }
  /** field = 0 */
  | { zero: StateField }
  | { all: readonly StateTest[] }
  | { any: readonly StateTest[] };

/** A state, or a condition choosing between two subtrees. */
export type StateNode = number | { when: StateTest; then: StateNode; else: StateNode };

const when = (test: StateTest, then: StateNode, otherwise: StateNode): StateNode => ({
  when: test,
  then,
  else: otherwise,
});

const S = ProposalState;
/** Succeeded (for or against by the votes), or Expired once the execution window has passed since `executeAfter`. */
const succeededUntil = (executeAfter: StateField): StateNode =>
  when(
    { expired: executeAfter },
    S.Expired,
    when({ greater: ["votesFor", "votesAgainst"] }, S.SucceededFor, S.SucceededAgainst),
  );

/**
 * An on-chain proposal's state: executed; quorum reached and voting over (or early completion) →
 * defeated / waiting for the validators / the validators' stage (GovValidators._state) / locked until
 * `executeAfter` / succeeded, expired once the pool's execution window has passed since it could
 * execute; voting over without quorum → defeated; otherwise voting.
 */
export const ONCHAIN_STATE_MACHINE: StateNode = when(
  { set: "executedAt" },
  when({ isTrue: "executedFor" }, S.ExecutedFor, S.ExecutedAgainst),
  when(
    { all: [{ set: "quorumReachedAt" }, { any: [{ ended: "voteEnd" }, { isTrue: "earlyCompletion" }] }] },
    when(
      { all: [{ atLeast: ["votesAgainst", "votesFor"] }, { zero: "againstActions" }] },
      S.Defeated,
      when(
        { set: "movedToValidatorsAt" },
        when(
          { set: "stageVoteEnd" },
          when(
            { set: "stageExecutedAt" },
            succeededUntil("stageExecuteAfter"),
            when(
              { set: "stageQuorumReachedAt" },
              when(
                { atLeast: ["stageVotesAgainst", "stageVotesFor"] },
                S.Defeated,
                when({ before: "stageExecuteAfter" }, S.Locked, succeededUntil("stageExecuteAfter")),
              ),
              when({ ended: "stageVoteEnd" }, S.Defeated, S.ValidatorVoting),
            ),
          ),
          S.Defeated,
        ),
        when(
          { all: [{ isTrue: "validatorsVote" }, { positive: "validatorsCount" }] },
          S.WaitingForVotingTransfer,
          when({ before: "executeAfter" }, S.Locked, succeededUntil("executeAfter")),
        ),
      ),
    ),
    when({ ended: "voteEnd" }, S.Defeated, S.Voting),
  ),
);

/**
 * Whether an internal validator proposal is active (1) or not (0), GovValidators._state over its own
 * fields (`voteEnd`, `votesFor`…): not executed, and either its quorum is reached with more votes for
 * than against (Succeeded, Locked), or its voting is still open.
 */
export const INTERNAL_ACTIVE_MACHINE: StateNode = when(
  { set: "executedAt" },
  0,
  when(
    { set: "quorumReachedAt" },
    when({ greater: ["votesFor", "votesAgainst"] }, 1, 0),
    when({ open: "voteEnd" }, 1, 0),
  ),
);

/** How a compiler writes each kind of node: the api's SQL builder implements it over its columns. */
export interface StateCompiler<T> {
  state(value: number): T;
  choose(test: T, then: T, otherwise: T): T;
  field(name: StateField): T;
  /** One of the tests' comparisons over its already compiled fields. */
  test(kind: TestKind, fields: T[]): T;
  all(tests: T[]): T;
  any(tests: T[]): T;
}

/** The comparisons a test makes (every test but `all` and `any`). */
export type TestKind = Exclude<
  StateTest extends infer U ? (U extends unknown ? keyof U : never) : never,
  "all" | "any"
>;

/** Writes the tree with `compiler` (e.g. as SQL). */
export function compileStateMachine<T>(node: StateNode, compiler: StateCompiler<T>): T {
  const test = (t: StateTest): T => {
    if ("all" in t) return compiler.all(t.all.map(test));
    if ("any" in t) return compiler.any(t.any.map(test));
    const [kind, value] = Object.entries(t)[0] as [TestKind, StateField | readonly StateField[]];
    const names = typeof value === "string" ? [value] : [...value];
    return compiler.test(kind, names.map(compiler.field));
  };
  const walk = (n: StateNode): T =>
    typeof n === "number" ? compiler.state(n) : compiler.choose(test(n.when), walk(n.then), walk(n.else));
  return walk(node);
}

/** Field values as the indexer holds them (bigint timestamps and amounts, booleans, counts; null: not set). */
export type StateFields = Partial<Record<StateField, bigint | number | boolean | null>>;

const num = (v: bigint | number | boolean | null | undefined): bigint | null =>
  v === null || v === undefined ? null : typeof v === "boolean" ? (v ? 1n : 0n) : BigInt(v);

function holds(t: StateTest, f: StateFields, now: bigint): boolean {
  if ("all" in t) return t.all.every((x) => holds(x, f, now));
  if ("any" in t) return t.any.some((x) => holds(x, f, now));
  if ("set" in t) return f[t.set] !== null && f[t.set] !== undefined;
  if ("isTrue" in t) return f[t.isTrue] === true;
  if ("ended" in t) {
    const v = num(f[t.ended]);
    return v !== null && v <= now;
  }
  if ("open" in t) {
    const v = num(f[t.open]);
    return v !== null && v > now;
  }
  if ("before" in t) return now < (thresholdOf(t, f) as bigint);
  if ("expired" in t) return now >= (thresholdOf(t, f) as bigint);
  if ("greater" in t || "atLeast" in t) {
    const [a, b] = ("greater" in t ? t.greater : t.atLeast).map((k) => num(f[k]));
    if (a === null || a === undefined || b === null || b === undefined) return false;
    return "greater" in t ? a > b : a >= b;
  }
  if ("positive" in t) return (num(f[t.positive]) ?? 0n) > 0n;
  return num(f[t.zero]) === 0n;
}

/** The instant from which a time test changes value (null: not a time test, or its field is not set). */
function thresholdOf(t: StateTest, f: StateFields): bigint | null {
  if ("ended" in t) return num(f[t.ended]);
  if ("open" in t) return num(f[t.open]);
  if ("before" in t) return num(f[t.before]) ?? 0n;
  if ("expired" in t) return (num(f[t.expired]) ?? 0n) + (num(f.executionWindow) ?? 0n);
  return null;
}

/** The state the tree gives at `now`. */
export function evaluateStateMachine(node: StateNode, f: StateFields, now: bigint): number {
  let n = node;
  while (typeof n !== "number") n = holds(n.when, f, now) ? n.then : n.else;
  return n;
}

function thresholds(node: StateNode, f: StateFields, out: Set<bigint>) {
  if (typeof node === "number") return;
  const visit = (t: StateTest) => {
    if ("all" in t) t.all.forEach(visit);
    else if ("any" in t) t.any.forEach(visit);
    else {
      const at = thresholdOf(t, f);
      if (at !== null) out.add(at);
    }
  };
  visit(node.when);
  thresholds(node.then, f, out);
  thresholds(node.else, f, out);
}

/**
 * Until when a proposal whose fields stay as they are is in one of the `active` states, seen at `now`:
 * `undefined` when it is not active at `now`, `null` when no time ends it (only an event will), else the
 * first instant it is not. The time tests change value only at their thresholds, so the state is
 * constant between two of them; an active state never comes back once left without a new event.
 */
export function activeUntil(
  node: StateNode,
  f: StateFields,
  now: bigint,
  active: readonly number[],
): bigint | null | undefined {
  const isActive = (at: bigint) => active.includes(evaluateStateMachine(node, f, at));
  if (!isActive(now)) return undefined;
  const times = new Set<bigint>();
  thresholds(node, f, times);
  for (const at of [...times].filter((t) => t > now).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    if (!isActive(at)) return at;
  return null;
}
