// biome-ignore-all lint/suspicious/noExplicitAny: JSON:API documents and rows are inspected loosely in assertions
import {
  distributionProposalAbi,
  erc20GovAbi,
  erc20MockAbi,
  expertNftAbi,
  govPoolAbi,
  govUserKeeperAbi,
  priceFeedAbi,
  stakingProposalAbi,
  tokenSaleProposalAbi,
  userRegistryAbi,
} from "@polity/core/generated/contracts";
import { ONCHAIN_FILTER_STATES } from "@polity/core/proposalStates";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  parseEther,
  zeroAddress,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexerReader } from "../../../services/api/src/indexer/indexer.ts";
import { GovernanceRepository } from "../../../services/api/src/modules/governance/governance.repository.ts";
import {
  OFFCHAIN_RESULTS_TYPES,
  offchainResultsDomain,
} from "../../../services/api/src/modules/voting/voting.service.ts";
import { buildApi } from "./apiApp.ts";
import {
  type Chain,
  deployAndSeed,
  type Indexer,
  type Postgres,
  pgPool,
  rpc,
  startChain,
  startIndexer,
  startPostgres,
  waitIndexed,
} from "./harness.ts";
import { type DaoAddresses, devAccount, Protocol } from "./scenario.ts";

const SCHEMA = `indexer_test_${process.pid}`;
const [alice, bob, carol, validatorAccount, , dave] = [0, 1, 2, 3, 4, 5].map(devAccount) as [
  ReturnType<typeof devAccount>,
  ReturnType<typeof devAccount>,
  ReturnType<typeof devAccount>,
  ReturnType<typeof devAccount>,
  ReturnType<typeof devAccount>,
  ReturnType<typeof devAccount>,
];
const outsider = devAccount(8);
const lc = (a: string) => a.toLowerCase();

let postgres: Postgres;
let chain: Chain;
let indexer: Indexer;
let db: pg.Pool;
let api: FastifyInstance;
let protocol: Protocol;
let dao: DaoAddresses;
let proposal1: bigint;
let proposal2: bigint;
let proposal3: bigint;
let nftDao: DaoAddresses;
let usdc: Address;
let priceFeed: Address;
const NATIVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/**
 * The USD value (as the api writes it) of everything a treasury holds, read from the chain now:
 * the pool's balance of its governance token, of every token the PriceFeed prices and of the native
 * coin, each × the PriceFeed's price, summed.
 */
async function treasuryUsdOnChain(poolAddress: Address, govToken: Address): Promise<string> {
  const priced = await all<{ token: Address }>(
    `SELECT token FROM $schema.priced_token WHERE chain_id = 31337 AND is_active`,
  );
  const tokens = [...new Set([lc(govToken), ...priced.map((p) => lc(p.token))])].filter(
    (t) => t !== lc(zeroAddress),
  ) as Address[];
  const client = protocol.publicClient;
  const [prices, balances] = await Promise.all([
    client.readContract({
      address: priceFeed,
      abi: priceFeedAbi,
      functionName: "getUSDPrices",
      args: [tokens],
    }),
    Promise.all(
      tokens.map(async (t) => {
        if (t === NATIVE) return { balance: await client.getBalance({ address: poolAddress }), decimals: 18 };
        const [balance, decimals] = await Promise.all([
          client.readContract({ address: t, abi: erc20Abi, functionName: "balanceOf", args: [poolAddress] }),
          client.readContract({ address: t, abi: erc20Abi, functionName: "decimals" }),
        ]);
        return { balance, decimals };
      }),
    ),
  ]);
  let sum = 0n;
  for (const [i, { balance, decimals }] of balances.entries()) {
    sum += (balance * (prices[i] ?? 0n)) / 10n ** BigInt(decimals);
  }
  return formatUnits(sum, 18);
}

/** Each indexed holder's balance equals the token's `balanceOf` on the chain. */
async function expectBalancesOnChain(token: Address, holders: { address: string; balance: string }[]) {
  for (const h of holders) {
    const onChain = await protocol.publicClient.readContract({
      address: token,
      abi: erc20GovAbi,
      functionName: "balanceOf",
      args: [getAddress(h.address)],
    });
    expect(BigInt(h.balance), h.address).toBe(onChain);
  }
}

async function head(): Promise<bigint> {
  return BigInt(await rpc<string>(chain.rpcUrl, "eth_blockNumber"));
}

async function synced() {
  await waitIndexed(db, SCHEMA, await head());
}

async function get(url: string) {
  const res = await api.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
}

async function one<T extends Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T> {
  const { rows } = await db.query<T>(sql.replaceAll("$schema", `"${SCHEMA}"`), values);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

async function all<T extends Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  const { rows } = await db.query<T>(sql.replaceAll("$schema", `"${SCHEMA}"`), values);
  return rows;
}

beforeAll(async () => {
  [postgres, chain] = await Promise.all([startPostgres(), startChain()]);
  await deployAndSeed(chain.rpcUrl, { seed: true });
  const { deployments } = await import("@polity/core/generated/deployments");
  const local = (
    deployments as Record<number, { PoolFactory: Address; PriceFeed: Address } | undefined>
  )[31337];
  if (!local) throw new Error("deploy:local wrote no 31337 deployment");
  priceFeed = local.PriceFeed;
  protocol = new Protocol(chain.rpcUrl, local.PoolFactory);
  db = pgPool(postgres.url);

  // USD prices: $2.50 for the DAO's token (set before it exists: its address is predictable), $3000 for ETH.
  await protocol.setUsdPrice(
    alice,
    local.PriceFeed,
    await protocol.predictToken(alice.address, "Indexer Test DAO"),
    2.5,
  );
  await protocol.setUsdPrice(alice, local.PriceFeed, NATIVE, 3000);

  // The scripted history: one DAO with members, proposals, votes, a cancel, validators and a treasury.
  dao = await protocol.deployDao(alice, {
    name: "Indexer Test DAO",
    symbol: "ITD",
    mintedTotal: parseEther("1000"),
    recipients: [alice.address, bob.address, carol.address],
    amounts: [parseEther("150"), parseEther("100"), parseEther("50")],
    validators: [validatorAccount.address],
    validatorBalances: [parseEther("10")],
    quorum: 20n * 10n ** 25n,
  });
  await protocol.deposit(alice, dao, parseEther("110"));
  await protocol.deposit(bob, dao, parseEther("60"));
  await protocol.deposit(carol, dao, parseEther("40"));
  proposal1 = await protocol.createProposal(alice, dao, "ipfs://proposal-1", dave.address);
  await protocol.vote(alice, dao, proposal1, true, parseEther("100"));
  await protocol.vote(bob, dao, proposal1, false, parseEther("60"));
  await protocol.vote(carol, dao, proposal1, true, parseEther("40"));
  await protocol.cancelVote(carol, dao, proposal1);
  await protocol.vote(carol, dao, proposal1, true, parseEther("30"));
  proposal2 = await protocol.createProposal(bob, dao, "ipfs://proposal-2", dave.address);
  await protocol.vote(alice, dao, proposal2, true, parseEther("110"));
  await protocol.vote(bob, dao, proposal2, true, parseEther("60"));
  await protocol.vote(carol, dao, proposal2, true, parseEther("40")); // 210 >= 20% of 1000: quorum
  // Proposal 3 makes dave a local expert: voted through, voting ends, executed.
  const mintExpert = [
    {
      executor: dao.expertNft,
      value: 0n,
      data: encodeFunctionData({
        abi: expertNftAbi,
        functionName: "mint",
        args: [dave.address, "ipfs://expert-dave"],
      }),
    },
  ];
  proposal3 = await protocol.createProposal(alice, dao, "ipfs://proposal-3", dao.expertNft, mintExpert);
  await protocol.vote(alice, dao, proposal3, true, parseEther("110"));
  await protocol.vote(bob, dao, proposal3, true, parseEther("60"));
  await protocol.vote(carol, dao, proposal3, true, parseEther("40"));
  await rpc(chain.rpcUrl, "evm_increaseTime", ["0xe11"]); // past the 1-hour voting period
  await rpc(chain.rpcUrl, "evm_mine");
  await protocol.execute(carol, dao, proposal3, mintExpert);
  await protocol.transfer(alice, dao.token, dao.govPool, parseEther("5"));
  await protocol.sendEther(alice, dao.govPool, parseEther("1"));
  // A token that is not the DAO's, priced by the PriceFeed, reaches the treasury.
  usdc = await protocol.deployMock(alice, "ERC20Mock", ["USD Coin", "USDC", 6]);
  await protocol.setUsdPrice(alice, local.PriceFeed, usdc, 1);
  await protocol.send(alice, {
    address: usdc,
    abi: erc20MockAbi,
    functionName: "mint",
    args: [dao.govPool, 250_000_000n],
  });
  const validatorProposal = await protocol.createValidatorProposal(
    validatorAccount,
    dao,
    "ipfs://validators-1",
  );
  await protocol.validatorVote(validatorAccount, dao, validatorProposal, parseEther("10"), true);

  // A second DAO governed by an existing NFT collection only: bob deposits two of his three NFTs.
  const nft = await protocol.deployMock(bob, "ERC721Mock", ["Polity Badges", "PB"]);
  nftDao = await protocol.deployDao(bob, {
    name: "NFT Guild",
    recipients: [],
    amounts: [],
    mintedTotal: 0n,
    tokenAddress: zeroAddress,
    nftAddress: nft,
    individualPower: parseEther("10"),
    nftsTotalSupply: 10n,
  });
  for (const id of [1n, 2n, 3n]) await protocol.mintNft(bob, nft, bob.address, id);
  await protocol.approveAllNfts(bob, nft, nftDao.userKeeper);
  await protocol.deposit(bob, nftDao, 0n, [1n, 2n]);

  indexer = await startIndexer({ databaseUrl: postgres.url, rpcUrl: chain.rpcUrl, schema: SCHEMA });
  await synced();
  api = await buildApi({ databaseUrl: postgres.url, rpcUrl: chain.rpcUrl, indexerSchema: SCHEMA });
}, 300_000);

afterAll(async () => {
  await api?.close();
  await indexer?.stop();
  await db?.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => undefined);
  await db?.end();
  await chain?.stop();
  await postgres?.stop();
});

describe("tables", () => {
  it("has the DAO with its helpers, token and running counts", async () => {
    const p = await one<Record<string, any>>(
      `SELECT * FROM $schema.pool WHERE chain_id = 31337 AND address = $1`,
      [lc(dao.govPool)],
    );
    expect(p.name).toBe("Indexer Test DAO");
    expect(p.gov_token).toBe(lc(dao.token));
    expect(p.user_keeper).toBe(lc(dao.userKeeper));
    expect(p.validators).toBe(lc(dao.validators));
    expect(p.creator).toBe(lc(alice.address));
    expect(p.members_count).toBe(3);
    expect(p.proposals_count).toBe(3);
    expect(p.validators_count).toBe(1);
    expect(p.validator_proposals_count).toBe(1);
    expect(p.votes_count).toBe(10);
    expect(BigInt(p.deposited_tokens)).toBe(parseEther("210"));
    const token = await one<Record<string, any>>(`SELECT * FROM $schema.token WHERE address = $1`, [
      lc(dao.token),
    ]);
    expect(token).toMatchObject({ symbol: "ITD", decimals: 18, is_nft: false });
  });

  it("tracks members and their deposits like the user keeper", async () => {
    const members = await all<{ address: string; deposited_tokens: string; is_member: boolean }>(
      `SELECT address, deposited_tokens::text, is_member FROM $schema.member WHERE pool = $1 ORDER BY address`,
      [lc(dao.govPool)],
    );
    expect(members).toHaveLength(3);
    for (const m of members) {
      const onChain = await protocol.publicClient.readContract({
        address: dao.userKeeper,
        abi: govUserKeeperAbi,
        functionName: "tokenBalance",
        args: [getAddress(m.address)],
      });
      expect(BigInt(m.deposited_tokens)).toBe(onChain);
      expect(m.is_member).toBe(true);
    }
  });

  it("keeps proposals with their votes, voters and quorum", async () => {
    const p1 = await one<Record<string, any>>(
      `SELECT * FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
      [lc(dao.govPool), proposal1.toString()],
    );
    expect(p1.creator).toBe(lc(alice.address));
    expect(p1.description_url).toBe("ipfs://proposal-1");
    expect(p1.executor).toBe(lc(dave.address));
    expect(BigInt(p1.votes_for)).toBe(parseEther("130"));
    expect(BigInt(p1.votes_against)).toBe(parseEther("60"));
    expect(p1.voters_count).toBe(3);
    expect(p1.quorum_reached_at).toBeNull();
    const p2 = await one<Record<string, any>>(
      `SELECT * FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
      [lc(dao.govPool), proposal2.toString()],
    );
    expect(BigInt(p2.votes_for)).toBe(parseEther("210"));
    expect(p2.quorum_reached_at).not.toBeNull();
    expect(p2.execute_after).not.toBeNull();
  });

  it("records the voting history with interactions 1, 2 and 3", async () => {
    const history = await all<{ voter: string; interaction: number; amount: string }>(
      `SELECT voter, interaction, amount::text FROM $schema.vote_interaction
        WHERE pool = $1 AND proposal_id = $2 ORDER BY block_number, id`,
      [lc(dao.govPool), proposal1.toString()],
    );
    expect(history.map((h) => [h.voter, h.interaction])).toEqual([
      [lc(alice.address), 1],
      [lc(bob.address), 2],
      [lc(carol.address), 1],
      [lc(carol.address), 3],
      [lc(carol.address), 1],
    ]);
    const carolVote = await one<{ amount: string; is_cancelled: boolean }>(
      `SELECT amount::text, is_cancelled FROM $schema.vote WHERE pool = $1 AND proposal_id = $2 AND voter = $3`,
      [lc(dao.govPool), proposal1.toString(), lc(carol.address)],
    );
    expect(carolVote).toEqual({ amount: parseEther("30").toString(), is_cancelled: false });
  });

  it("executes proposals and records the expert they made", async () => {
    const p3 = await one<Record<string, any>>(
      `SELECT * FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
      [lc(dao.govPool), proposal3.toString()],
    );
    expect(p3.executor).toBe(lc(dao.expertNft));
    expect(p3.executed_for).toBe(true);
    expect(p3.executed_at).not.toBeNull();
    expect(p3.executed_by).toBe(lc(carol.address));
    expect(p3.executed_tx).toMatch(/^0x[0-9a-f]{64}$/);
    const e = await one<Record<string, any>>(`SELECT * FROM $schema.expert WHERE nft = $1 AND address = $2`, [
      lc(dao.expertNft),
      lc(dave.address),
    ]);
    expect(e).toMatchObject({ pool: lc(dao.govPool), is_global: false, is_active: true });
  });

  it("has validators, their proposal and vote", async () => {
    const v = await one<{ balance: string }>(`SELECT balance::text FROM $schema.validator WHERE pool = $1`, [
      lc(dao.govPool),
    ]);
    expect(BigInt(v.balance)).toBe(parseEther("10"));
    const vp = await one<Record<string, any>>(
      `SELECT * FROM $schema.validator_proposal WHERE pool = $1 AND is_internal`,
      [lc(dao.govPool)],
    );
    expect(vp.description_url).toBe("ipfs://validators-1");
    expect(BigInt(vp.votes_for)).toBe(parseEther("10"));
    // The only validator voted with everything: the stage reached its quorum.
    expect(vp.quorum_reached_at).not.toBeNull();
    expect(vp.execute_after).not.toBeNull();
    const votes = await all(`SELECT * FROM $schema.validator_vote WHERE pool = $1`, [lc(dao.govPool)]);
    expect(votes).toHaveLength(1);
  });

  it("has token holders and the treasury matching the chain", async () => {
    const holders = await all<{ address: string; balance: string }>(
      `SELECT address, balance::text FROM $schema.token_holder WHERE token = $1 AND balance > 0`,
      [lc(dao.token)],
    );
    expect(holders.length).toBeGreaterThanOrEqual(5);
    await expectBalancesOnChain(dao.token, holders);
    const treasury = await one<{ balance: string }>(
      `SELECT balance::text FROM $schema.treasury_balance WHERE pool = $1 AND token = $2`,
      [lc(dao.govPool), lc(dao.token)],
    );
    expect(BigInt(treasury.balance)).toBe(parseEther("705"));
  });

  it("knows the tokens the PriceFeed prices and their stored USD price", async () => {
    const priced = await all<{ token: string; is_active: boolean }>(
      `SELECT token, is_active FROM $schema.priced_token WHERE token IN ($1, $2)`,
      [lc(usdc), NATIVE],
    );
    expect(priced.map((p) => p.token).sort()).toEqual([lc(usdc), NATIVE].sort());
    const token = await one<{ symbol: string; decimals: number; price_usd: string }>(
      `SELECT symbol, decimals, price_usd::text FROM $schema.token WHERE address = $1`,
      [lc(dao.token)],
    );
    expect(token).toEqual({ symbol: "ITD", decimals: 18, price_usd: parseEther("2.5").toString() });
  });

  it("writes hourly and daily statistics snapshots", async () => {
    for (const table of ["pool_stats_hourly", "pool_stats_daily"]) {
      const s = await one<Record<string, any>>(
        `SELECT * FROM $schema.${table} WHERE pool = $1 ORDER BY bucket DESC LIMIT 1`,
        [lc(dao.govPool)],
      );
      expect(s.members_count).toBe(3);
      expect(s.proposals_count).toBe(4);
      expect(s.lau).toBe(4);
      expect(s.votes_count).toBe(10);
      // 705 ITD at $2.50 + 1 ETH at $3000 + 250 USDC at $1, read on chain at the snapshot's block
      expect(BigInt(s.tvl_usd)).toBe(parseEther("5012.5"));
    }
  });
});

/** The DAO's own contracts and the zero address: never members. */
const OWN_COLUMNS = [
  "address",
  "settings",
  "user_keeper",
  "validators",
  "validator_token",
  "vote_power",
  "distribution_proposal",
  "token_sale_proposal",
  "expert_nft",
  "nft_multiplier",
];

/**
 * A DAO's list figures counted from the indexed rows at time `at`, as the DAO list used to count
 * them on every request; active on-chain proposals by the api's proposal state machine (whose states
 * another test compares with the chain's).
 */
async function countedFigures(poolAddress: string, at: number) {
  const p = await one<Record<string, any>>(
    `SELECT * FROM $schema.pool WHERE chain_id = 31337 AND address = $1`,
    [poolAddress],
  );
  const own = [...OWN_COLUMNS.map((c) => p[c]).filter((a) => a !== null), lc(zeroAddress)];
  const window = `${at} - 2592000`;
  const counted = await one<Record<string, number>>(
    `SELECT
       (SELECT count(DISTINCT account)::int FROM $schema.user_activity
         WHERE chain_id = 31337 AND pool = $1 AND last_at > ${window}) AS lau,
       (SELECT count(*)::int FROM $schema.member m
         WHERE m.chain_id = 31337 AND m.pool = $1 AND m.is_member AND EXISTS (
           SELECT 1 FROM $schema.user_activity ua WHERE ua.chain_id = 31337 AND ua.pool = $1
              AND ua.account = m.address AND ua.last_at > ${window})) AS active_members,
       (SELECT count(*)::int FROM $schema.member WHERE chain_id = 31337 AND pool = $1 AND is_member) AS depositors,
       (SELECT count(DISTINCT account)::int FROM (
          SELECT address AS account FROM $schema.token_holder
           WHERE chain_id = 31337 AND token IN ($2, $3) AND balance > 0
          UNION SELECT voter FROM $schema.vote WHERE chain_id = 31337 AND pool = $1) accounts
         WHERE account <> ALL($4::text[])) AS holders_and_voters,
       (SELECT count(*)::int FROM $schema.proposal WHERE chain_id = 31337 AND pool = $1) AS proposals,
       (SELECT count(*)::int FROM $schema.validator_proposal
         WHERE chain_id = 31337 AND pool = $1 AND is_internal) AS internal,
       (SELECT count(*)::int FROM $schema.validator_proposal
         WHERE chain_id = 31337 AND pool = $1 AND is_internal AND executed_at IS NULL
           AND ((quorum_reached_at IS NOT NULL AND votes_for > votes_against)
             OR (quorum_reached_at IS NULL AND vote_end > ${at}))) AS active_internal`,
    [poolAddress, p.gov_token, p.nft, own],
  );
  const governance = new GovernanceRepository(new IndexerReader(db, SCHEMA));
  const active = await governance.proposals(
    31337,
    poolAddress,
    at,
    { states: ONCHAIN_FILTER_STATES.active, creator: null, voter: null, participant: null, proposalId: null },
    { limit: 1, offset: 0, order: "desc" },
  );
  return {
    members_count: counted.depositors! > 0 ? counted.depositors : counted.holders_and_voters,
    lau: counted.lau,
    active_members_count: counted.active_members,
    proposals_count: counted.proposals,
    active_proposals_count: active[0]?.total ?? 0,
    internal_proposals_count: counted.internal,
    active_internal_proposals_count: counted.active_internal,
  };
}

/**
 * What the DAO list reads from the pool's row at a time `at` from its `stats_at` on (services/api's tracker
 * repository): the active counts less the kept ends passed by then, and the kept snapshot a day before, beside
 * the same counted from the proposals and read from the hourly snapshots.
 */
async function expectReadAsCounted(poolAddress: string, statsAt: number) {
  for (const at of [
    statsAt,
    statsAt + 3_600,
    statsAt + 86_401,
    statsAt + 3 * 86_400,
    statsAt + 40 * 86_400,
  ]) {
    const read = await one<Record<string, any>>(
      `SELECT active_proposals_count - coalesce(width_bucket($2::numeric, active_proposals_ends), 0) AS active,
              active_internal_proposals_count
                - coalesce(width_bucket($2::numeric, active_internal_proposals_ends), 0) AS active_internal,
              json_build_array(recent_tvl_usd[k]::text, recent_tvg_usd[k]::text, recent_members_count[k], recent_lau[k])
                AS day_before
         FROM $schema.dao_stats, width_bucket($2::numeric - 86400, recent_buckets) k
        WHERE chain_id = 31337 AND pool = $1`,
      [poolAddress, at],
    );
    const counted = await countedFigures(poolAddress, at);
    const [snapshot] = await all<Record<string, any>>(
      `SELECT json_build_array(tvl_usd::text, tvg_usd::text, members_count, lau) AS figures
         FROM $schema.pool_stats_hourly WHERE chain_id = 31337 AND pool = $1 AND bucket <= $2::numeric - 86400
        ORDER BY bucket DESC LIMIT 1`,
      [poolAddress, at],
    );
    expect(
      { active: read.active, active_internal: read.active_internal, day_before: read.day_before },
      `${poolAddress} at ${at}`,
    ).toEqual({
      active: counted.active_proposals_count,
      active_internal: counted.active_internal_proposals_count,
      day_before: snapshot?.figures ?? [null, null, null, null],
    });
  }
}

/**
 * The DAO list's row of the pool equals its figures counted from the indexed rows at its time, and what the
 * list reads from it later equals counting then; answers the row.
 */
async function expectKeptAsCounted(poolAddress: string) {
  const { stats_at, ...kept } = await one<Record<string, any>>(
    `SELECT members_count, lau, active_members_count, proposals_count, active_proposals_count,
            internal_proposals_count, active_internal_proposals_count, stats_at
       FROM $schema.dao_stats WHERE chain_id = 31337 AND pool = $1`,
    [poolAddress],
  );
  expect(kept).toEqual(await countedFigures(poolAddress, Number(stats_at)));
  await expectReadAsCounted(poolAddress, Number(stats_at));
  return kept;
}

describe("the DAO list's figures", () => {
  it("are kept per DAO equal to counting them from the indexed rows, active proposals in the spec's active states", async () => {
    await synced();
    const kept = await all<Record<string, any>>(
      `SELECT pool, members_count, lau, active_members_count, proposals_count, active_proposals_count,
              internal_proposals_count, active_internal_proposals_count, stats_at
         FROM $schema.dao_stats WHERE chain_id = 31337`,
    );
    const pools = await all<{ address: string }>(`SELECT address FROM $schema.pool WHERE chain_id = 31337`);
    expect(kept.map((k) => k.pool).sort()).toEqual(pools.map((p) => p.address).sort());
    for (const { pool, stats_at, ...figures } of kept) {
      expect(figures, pool).toEqual(await countedFigures(pool, Number(stats_at)));
      await expectReadAsCounted(pool, Number(stats_at));
    }
    const ours = kept.find((k) => k.pool === lc(dao.govPool));
    // proposal 2 (quorum, for ahead: waiting for the validators); 1 ended without quorum, 3 executed
    expect(ours).toMatchObject({ active_proposals_count: 1, active_internal_proposals_count: 1 });
  });
});

describe("tracker endpoints", () => {
  it("lists DAOs sorted by TVL then TVG, members, proposals, 25 per page", async () => {
    const res = await get("/integrations/tracker/31337/pools/gov/top");
    expect(res.status).toBe(200);
    expect(res.body.meta.page_limit).toBe(25);
    const rows = res.body.data.map((d: any) => d.attributes);
    const ours = rows.find((r: any) => r.pool_address === lc(dao.govPool));
    expect(ours).toMatchObject({
      chain_id: 31337,
      name: "Indexer Test DAO",
      gov_token_address: lc(dao.token),
      gov_token_symbol: "ITD",
      total_members_count: 3,
      active_members_count: 3,
      lau: 4,
      external_proposals_count: 3,
      internal_proposals_count: 1,
      is_member: false,
      // Treasury: 705 ITD at $2.50, 1 ETH at $3000 and 250 USDC at $1; 210 ITD deposited at $2.50
      tvl_usd: "5012.5",
      tvg_usd: "525",
    });
    expect(ours.tvl_usd).toBe(await treasuryUsdOnChain(dao.govPool, dao.token));
    // proposal 2 (quorum, for ahead) and the validators' proposal; 1 ended without quorum, 3 executed
    expect(ours.active_proposals_count).toBe(2);
    const key = (r: any) => [
      Number(r.tvl_usd),
      Number(r.tvg_usd),
      r.total_members_count,
      r.external_proposals_count,
    ];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1]), key(rows[i])];
      const cmp = a.findIndex((v, j) => v !== b[j]);
      if (cmp >= 0) expect(a[cmp]).toBeGreaterThan(b[cmp] as number);
    }
  });

  it("sorts by members, pins addresses, searches by address or text and fills is_member", async () => {
    const byMembers = await get("/integrations/tracker/31337/pools/gov/top?sort=-members");
    const counts = byMembers.body.data.map((d: any) => d.attributes.total_members_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const last = byMembers.body.data.at(-1).attributes.pool_address;
    const pinned = await get(`/integrations/tracker/31337/pools/gov/top?pinned=${last}`);
    expect(pinned.body.data[0].attributes.pool_address).toBe(last);

    const byAddress = await get(`/integrations/tracker/31337/pools/gov/top?search=${dao.govPool}`);
    expect(byAddress.body.data.map((d: any) => d.id)).toEqual([lc(dao.govPool)]);
    const byToken = await get(`/integrations/tracker/31337/pools/gov/top?search=${dao.token}`);
    expect(byToken.body.data.map((d: any) => d.id)).toEqual([lc(dao.govPool)]);
    const byText = await get("/integrations/tracker/31337/pools/gov/top?search=indexer%20test");
    expect(byText.body.data.map((d: any) => d.id)).toEqual([lc(dao.govPool)]);
    const none = await get("/integrations/tracker/31337/pools/gov/top?search=no-such-dao-name");
    expect(none.body.data).toEqual([]);

    const member = await get(
      `/integrations/tracker/31337/pools/gov/top?search=${dao.govPool}&user_address=${bob.address}`,
    );
    expect(member.body.data[0].attributes.is_member).toBe(true);
    const notMember = await get(
      `/integrations/tracker/31337/pools/gov/top?search=${dao.govPool}&user_address=${outsider.address}`,
    );
    expect(notMember.body.data[0].attributes.is_member).toBe(false);

    const first = await get("/integrations/tracker/31337/pools/gov/top");
    const page = await get("/integrations/tracker/31337/pools/gov/top?page[limit]=1&page[number]=2");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.total_count).toBeGreaterThanOrEqual(2);
    expect(page.body.data[0].id).toBe(first.body.data[1].id);
    expect(page.body.links.prev).toBeDefined();
  });

  it("rejects invalid sorts and addresses with JSON:API errors", async () => {
    const badSort = await get("/integrations/tracker/31337/pools/gov/top?sort=name");
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors[0].title).toBeTruthy();
    const badUser = await get("/integrations/tracker/31337/pools/gov/user-activity/0x1234");
    expect(badUser.status).toBe(400);
    const badPeriod = await get(`/integrations/tracker/31337/pools/gov/${dao.govPool}/stats/Y`);
    expect(badPeriod.status).toBe(400);
  });

  it("gives a user's activity per DAO", async () => {
    const res = await get(`/integrations/tracker/31337/pools/gov/user-activity/${carol.address}`);
    expect(res.status).toBe(200);
    const ours = res.body.data.find((d: any) => d.id === lc(dao.govPool))?.attributes;
    expect(ours).toMatchObject({
      user_address: lc(carol.address),
      user_votes_count: 4,
      user_deposits_count: 1,
      user_proposals_count: 0,
      user_deposited_tokens: parseEther("40").toString(),
      is_member: true,
    });
    const nobody = await get(`/integrations/tracker/31337/pools/gov/user-activity/${outsider.address}`);
    expect(nobody.body.data).toEqual([]);
  });

  it("gives the latest statistics record of a DAO", async () => {
    const res = await get(`/integrations/tracker/31337/pools/gov/${dao.govPool}/stats/latest`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      gov_pool_address: lc(dao.govPool),
      gov_pool_name: "Indexer Test DAO",
      gov_token_address: lc(dao.token),
      gov_nft_address: "0x0000000000000000000000000000000000000000",
      total_members_count: 3,
      lau: 4,
      total_proposals_count: 4,
    });
    expect(res.body.data.attributes.tvl_usd).toBe("5012.5");
    expect(res.body.data.attributes.tvl_usd).toBe(await treasuryUsdOnChain(dao.govPool, dao.token));
    expect(res.body.data.attributes.gov_pool_created_at).toBeGreaterThan(0);
    const missing = await get(`/integrations/tracker/31337/pools/gov/${outsider.address}/stats/latest`);
    expect(missing.status).toBe(404);
  });

  it("gives D, W and M chart series", async () => {
    for (const [period, max] of [
      ["D", 24],
      ["W", 7],
      ["M", 30],
    ] as const) {
      const res = await get(`/integrations/tracker/31337/pools/gov/${dao.govPool}/stats/${period}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThanOrEqual(1);
      expect(res.body.data.length).toBeLessThanOrEqual(max);
      const lastPoint = res.body.data.at(-1).attributes;
      expect(lastPoint.total_members_count).toBe(3);
      expect(lastPoint.total_proposals_count).toBe(4);
      const stamps = res.body.data.map((d: any) => d.attributes.timestamp);
      expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    }
  });

  it("sums every DAO in summary-stats for the chosen chains", async () => {
    const res = await get("/integrations/tracker/pools/gov/summary-stats/W?filter[chain_ids]=31337");
    expect(res.status).toBe(200);
    const s = res.body.data.attributes;
    const pools = await one<{ n: string }>(`SELECT count(*)::text AS n FROM $schema.pool`);
    expect(s.pools_count).toBe(Number(pools.n));
    expect(s.total_members_count).toBeGreaterThanOrEqual(3);
    expect(s.total_proposals_count).toBeGreaterThanOrEqual(2);
    const other = await get("/integrations/tracker/pools/gov/summary-stats/D?filter[chain_ids]=97");
    expect(other.body.data.attributes.pools_count).toBe(0);
  });

  it("computes every indexed proposal's state as the chain does", async () => {
    const pools = await all<{ address: Address }>(`SELECT address FROM $schema.pool WHERE chain_id = 31337`);
    const seen = new Set<number>();
    let compared = 0;
    for (const { address } of pools) {
      const res = await get(`/integrations/tracker/31337/pools/gov/${address}/proposals?page[limit]=1000`);
      expect(res.status).toBe(200);
      for (const { attributes } of res.body.data as {
        attributes: { proposal_id: string; state: number };
      }[]) {
        const onChain = await protocol.publicClient.readContract({
          address,
          abi: govPoolAbi,
          functionName: "getProposalState",
          args: [BigInt(attributes.proposal_id)],
        });
        expect({ pool: address, id: attributes.proposal_id, state: attributes.state }).toEqual({
          pool: address,
          id: attributes.proposal_id,
          state: Number(onChain),
        });
        seen.add(attributes.state);
        compared += 1;
      }
    }
    // The demo seed and the scripted DAO cover voting, waiting, locked, rejected and executed states.
    expect(compared).toBeGreaterThanOrEqual(8);
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });

  it("pages a proposal's voting history and tells a member's proposals", async () => {
    const base = `/integrations/tracker/31337/pools/gov/${lc(dao.govPool)}`;
    const history = await get(`${base}/proposals/${proposal1}/interactions?page[order]=asc`);
    expect(
      history.body.data.map((d: { attributes: { interaction: number } }) => d.attributes.interaction),
    ).toEqual([1, 2, 1, 3, 1]);
    const detail = await get(`${base}/proposals/${proposal3}?user=${lc(carol.address)}`);
    expect(detail.body.data.attributes.executed_at).toEqual(expect.any(Number));
    expect(detail.body.data.attributes.user_has_claimed).toBe(false);
    const carols = await get(`${base}/user-proposals/${lc(carol.address)}?page[limit]=100`);
    const ids = carols.body.data.map(
      (d: { attributes: { proposal_id: string } }) => d.attributes.proposal_id,
    );
    expect(ids).toEqual([proposal3, proposal2, proposal1].map(String));
    const validators = await get(`${base}/validators`);
    expect(validators.body.data.map((d: { id: string }) => d.id)).toEqual([lc(validatorAccount.address)]);
  });

  it("is documented in the api's OpenAPI description", async () => {
    const res = await get("/integrations/openapi.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        "/integrations/tracker/{chainId}/pools/gov/top",
        "/integrations/tracker/indexer-health",
        "/integrations/api-proxy-cache/{chainId}/wallet-balances/{pool}",
      ]),
    );
  });

  it("reports indexer health per chain", async () => {
    await synced();
    const res = await get("/integrations/tracker/indexer-health");
    expect(res.status).toBe(200);
    const local = res.body.data.find((d: any) => d.id === "31337").attributes;
    expect(local.is_indexed).toBe(true);
    expect(local.head_block).toBeGreaterThanOrEqual(local.last_indexed_block);
    expect(local.lag_blocks).toBe(local.head_block - local.last_indexed_block);
    expect(local.lag_blocks).toBeLessThanOrEqual(1);
  });
});

describe("api-proxy-cache endpoints", () => {
  it("lists treasury balances with USD prices and caches them for a minute", async () => {
    const res = await get(`/integrations/api-proxy-cache/31337/wallet-balances/${dao.govPool}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const { balances, next_page_token } = res.body.data.attributes;
    expect(next_page_token).toBeNull();
    const token = balances.find((b: any) => b.token_address === lc(dao.token));
    expect(token).toMatchObject({
      balance: parseEther("705").toString(),
      symbol: "ITD",
      decimals: 18,
      usd_price: "2.5",
      balance_usd: "1762.5",
    });
    const native = balances.find((b: any) => b.token_address === NATIVE);
    expect(native).toMatchObject({
      balance: parseEther("1").toString(),
      price_usd: "3000",
      balance_usd: "3000",
    });
    const other = balances.find((b: any) => b.token_address === lc(usdc));
    expect(other).toMatchObject({
      balance: "250000000",
      decimals: 6,
      symbol: "USDC",
      usd_price: "1",
      balance_usd: "250",
    });
    // Highest USD value first.
    expect(balances.map((b: any) => b.token_address)).toEqual([NATIVE, lc(dao.token), lc(usdc)]);

    // Within the minute the cached answer is served even after the treasury changed.
    await protocol.transfer(alice, dao.token, dao.govPool, parseEther("1"));
    const cached = await get(`/integrations/api-proxy-cache/31337/wallet-balances/${dao.govPool}`);
    expect(cached.body).toEqual(res.body);
  });

  it("pages wallet balances and answers the fallback with the error attached", async () => {
    const paged = await get(`/integrations/api-proxy-cache/31337/wallet-balances/${dao.govPool}?page_size=2`);
    expect(paged.body.data.attributes.balances).toHaveLength(2);
    expect(paged.body.data.attributes.next_page_token).toBe("2");
    const next = await get(
      `/integrations/api-proxy-cache/31337/wallet-balances/${dao.govPool}?page_size=2&page_token=2`,
    );
    expect(next.body.data.attributes.balances).toHaveLength(1);
    expect(next.body.data.attributes.next_page_token).toBeNull();

    const noRpc = await get(`/integrations/api-proxy-cache/1/wallet-balances/${dao.govPool}`);
    expect(noRpc.status).toBe(200);
    expect(noRpc.body.data.attributes).toEqual({ next_page_token: null, balances: [] });
    expect(noRpc.body.meta.error.detail).toMatch(/RPC/);
  });

  it("lists token holders keyed by address", async () => {
    await synced();
    const res = await get(`/integrations/api-proxy-cache/31337/token-holders-balances/${dao.token}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const holders = res.body.data.attributes.holders_balances;
    expect(holders[lc(alice.address)]).toBe(parseEther("34").toString());
    expect(holders[lc(dao.userKeeper)]).toBe(parseEther("210").toString());
    expect(res.body.meta.page_limit).toBe(100);
  });

  it("lists NFTs by wallet, 100 per page", async () => {
    const res = await get(`/integrations/api-proxy-cache/31337/nfts-by-wallet/${bob.address}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.page_limit).toBe(100);
    expect(
      res.body.data.map((d: any) => d.attributes).filter((n: any) => n.token_address === lc(nftDao.nft)),
    ).toEqual([
      {
        token_address: lc(nftDao.nft),
        token_id: "3",
        name: "Polity Badges",
        symbol: "PB",
        owner: lc(bob.address),
      },
    ]);
    const keeper = await get(`/integrations/api-proxy-cache/31337/nfts-by-wallet/${nftDao.userKeeper}`);
    expect(keeper.body.data.map((d: any) => d.attributes.token_id)).toEqual(["1", "2"]);
    const holders = await get(`/integrations/api-proxy-cache/31337/token-holders-balances/${nftDao.nft}`);
    expect(holders.body.data.attributes.holders_balances).toEqual({
      [lc(nftDao.userKeeper)]: "2",
      [lc(bob.address)]: "1",
    });
  });

  it("counts NFT deposits as membership", async () => {
    const res = await get(`/integrations/tracker/31337/pools/gov/${nftDao.govPool}/stats/latest`);
    expect(res.body.data.attributes).toMatchObject({
      gov_pool_name: "NFT Guild",
      gov_token_address: zeroAddress,
      gov_nft_address: lc(nftDao.nft),
      total_members_count: 1,
      tvg_usd: "0",
    });
  });
});

describe("token sales", () => {
  it("indexes a DAO's executors, a tier created by proposal, a purchase and a claimed distribution; the tracker answers them", async () => {
    const saleDao = await protocol.deployDao(carol, {
      name: "Indexer Sale DAO",
      symbol: "ISD",
      mintedTotal: parseEther("1000"),
      recipients: [carol.address],
      amounts: [parseEther("600")],
      earlyCompletion: true,
    });
    await protocol.deposit(carol, saleDao, parseEther("600"));
    await synced();
    const executors = await one<{ token_sale_proposal: Address; distribution_proposal: Address }>(
      `SELECT token_sale_proposal, distribution_proposal FROM $schema.pool WHERE address = $1`,
      [lc(saleDao.govPool)],
    );
    expect(executors.token_sale_proposal).toMatch(/^0x[0-9a-f]{40}$/);
    expect(executors.distribution_proposal).toMatch(/^0x[0-9a-f]{40}$/);
    const tokenSale = getAddress(executors.token_sale_proposal);

    const now = BigInt((await protocol.publicClient.getBlock()).timestamp);
    const tier = {
      name: "Seed",
      description: "ipfs://seed",
      saleToken: saleDao.token,
      totalTokenProvided: parseEther("100"),
      saleStartTime: now,
      saleEndTime: now + 86_400n,
      claimLockDuration: 0n,
      receiver: zeroAddress,
      minAllocationPerUser: 1n,
      maxAllocationPerUser: parseEther("50"),
      vestingSettings: { vestingPercentage: 0n, vestingDuration: 0n, cliffPeriod: 0n, unlockStep: 0n },
      purchaseTokenAddresses: [NATIVE as Address],
      exchangeRates: [2n * 10n ** 25n],
      participationDetails: [],
    };
    const actions = [
      {
        executor: saleDao.token,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [tokenSale, parseEther("100")],
        }),
      },
      {
        executor: tokenSale,
        value: 0n,
        data: encodeFunctionData({ abi: tokenSaleProposalAbi, functionName: "createTiers", args: [[tier]] }),
      },
    ];
    const id = await protocol.createProposal(carol, saleDao, "ipfs://sale", tokenSale, actions);
    await protocol.vote(carol, saleDao, id, true, parseEther("600"));
    await rpc(chain.rpcUrl, "evm_mine");
    await protocol.execute(carol, saleDao, id, actions);
    await protocol.send(bob, {
      address: tokenSale,
      abi: tokenSaleProposalAbi,
      functionName: "buy",
      args: [1n, NATIVE, parseEther("1"), []],
      value: parseEther("1"),
    });
    await synced();

    const row = await one<Record<string, any>>(
      `SELECT tier_id::text, total_sold::text, buyers_count, sale_token, receiver FROM $schema.token_sale_tier WHERE pool = $1`,
      [lc(saleDao.govPool)],
    );
    expect(row).toMatchObject({
      tier_id: "1",
      total_sold: parseEther("2").toString(),
      buyers_count: 1,
      sale_token: lc(saleDao.token),
      receiver: lc(saleDao.govPool),
    });
    const tiers = await get(`/integrations/tracker/31337/pools/gov/${saleDao.govPool}/token-sale/tiers`);
    expect(tiers.status).toBe(200);
    expect(tiers.body.data[0].attributes).toMatchObject({
      status: "active",
      progress_bps: 200,
      buyers_count: 1,
    });
    const mine = await get(
      `/integrations/tracker/31337/pools/gov/${saleDao.govPool}/token-sale/participants/${bob.address}`,
    );
    expect(mine.body.data[0].attributes).toMatchObject({
      tier_id: "1",
      bought: parseEther("2").toString(),
      claim_total: parseEther("2").toString(),
      purchases: [expect.objectContaining({ payment_token: NATIVE, paid: parseEther("1").toString() })],
    });

    // a distribution of 30 tokens to the for-voters: carol, the only voter, claims it all
    const distribution = getAddress(executors.distribution_proposal);
    const next = id + 1n;
    const distribute = [
      {
        executor: saleDao.token,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [distribution, parseEther("30")],
        }),
      },
      {
        executor: distribution,
        value: 0n,
        data: encodeFunctionData({
          abi: distributionProposalAbi,
          functionName: "execute",
          args: [next, saleDao.token, parseEther("30")],
        }),
      },
    ];
    expect(
      await protocol.createProposal(carol, saleDao, "ipfs://distribution", distribution, distribute),
    ).toBe(next);
    await protocol.vote(carol, saleDao, next, true, parseEther("600"));
    await rpc(chain.rpcUrl, "evm_mine");
    await protocol.execute(carol, saleDao, next, distribute);
    await protocol.send(bob, {
      address: distribution,
      abi: distributionProposalAbi,
      functionName: "claim",
      args: [carol.address, [next]],
    });
    await synced();
    const d = await one<Record<string, any>>(
      `SELECT token, amount::text, claimed_total::text, claims_count FROM $schema.distribution WHERE pool = $1`,
      [lc(saleDao.govPool)],
    );
    expect(d).toMatchObject({
      token: lc(saleDao.token),
      amount: parseEther("30").toString(),
      claimed_total: parseEther("30").toString(),
      claims_count: 1,
    });
    const dist = await get(
      `/integrations/tracker/31337/pools/gov/${lc(saleDao.govPool)}/distributions/${next}?voter=${lc(carol.address)}`,
    );
    expect(dist.status).toBe(200);
    expect(dist.body.data.attributes).toMatchObject({
      distribution_proposal: lc(distribution),
      is_funded: true,
      amount: parseEther("30").toString(),
      voter: {
        raw_votes_for: parseEther("600").toString(),
        claimable: "0",
        claimed: parseEther("30").toString(),
      },
    });
  });
});

describe("staking", () => {
  it("indexes a DAO's staking executor, its enabling and a tier by proposal, a stake and a claim; the tracker answers them", async () => {
    const stakingDao = await protocol.deployDao(carol, {
      name: "Indexer Staking DAO",
      symbol: "IKD",
      mintedTotal: parseEther("1000"),
      recipients: [carol.address, bob.address],
      amounts: [parseEther("600"), parseEther("100")],
      earlyCompletion: true,
    });
    await protocol.deposit(carol, stakingDao, parseEther("600"));
    await synced();
    const row = await one<{ address: Address; is_enabled: boolean }>(
      `SELECT address, is_enabled FROM $schema.staking WHERE pool = $1`,
      [lc(stakingDao.govPool)],
    );
    expect(row.is_enabled).toBe(false);
    const staking = getAddress(row.address);
    const now = BigInt((await protocol.publicClient.getBlock()).timestamp);
    const tier = {
      metadataURL: "ipfs://tier",
      stakeToken: stakingDao.token,
      rewardToken: stakingDao.token,
      rewardAmount: parseEther("100"),
      startTime: now,
      endTime: now + 86_400n,
    };
    const call = (functionName: "enableStaking" | "createTier", args: readonly unknown[] = []) => ({
      executor: staking,
      value: 0n,
      data: encodeFunctionData({ abi: stakingProposalAbi, functionName, args } as never),
    });
    const actions = [
      call("enableStaking"),
      {
        executor: stakingDao.token,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [staking, parseEther("100")],
        }),
      },
      call("createTier", [tier]),
    ];
    const id = await protocol.createProposal(carol, stakingDao, "ipfs://staking", staking, actions);
    await protocol.vote(carol, stakingDao, id, true, parseEther("600"));
    await rpc(chain.rpcUrl, "evm_mine");
    await protocol.execute(carol, stakingDao, id, actions);
    await protocol.send(bob, {
      address: stakingDao.token,
      abi: erc20Abi,
      functionName: "approve",
      args: [staking, parseEther("50")],
    });
    await protocol.send(bob, {
      address: staking,
      abi: stakingProposalAbi,
      functionName: "stake",
      args: [1n, parseEther("50")],
    });
    await rpc(chain.rpcUrl, "evm_increaseTime", [3_600]);
    await protocol.send(bob, {
      address: staking,
      abi: stakingProposalAbi,
      functionName: "claim",
      args: [[1n]],
    });
    await synced();

    const summary = await get(`/integrations/tracker/31337/pools/gov/${stakingDao.govPool}/staking`);
    expect(summary.body.data.attributes).toMatchObject({
      staking_address: lc(staking),
      is_enabled: true,
      tiers_count: 1,
      active_tiers_count: 1,
    });
    const tiers = await get(`/integrations/tracker/31337/pools/gov/${stakingDao.govPool}/staking/tiers`);
    expect(tiers.body.data[0].attributes).toMatchObject({
      tier_id: "1",
      status: "active",
      total_staked: parseEther("50").toString(),
      stakers_count: 1,
      reward_amount: parseEther("100").toString(),
    });
    const claimed = BigInt(tiers.body.data[0].attributes.total_claimed);
    expect(claimed > 0n).toBe(true);
    const mine = await get(
      `/integrations/tracker/31337/pools/gov/${stakingDao.govPool}/staking/stakers/${bob.address}`,
    );
    expect(mine.body.data[0].attributes).toMatchObject({
      tier_id: "1",
      staked: parseEther("50").toString(),
      claimed: claimed.toString(),
    });
  });
});

describe("delegation", () => {
  it("indexes delegations, their history, micropools and micropool votes with their type, and the tracker answers them", async () => {
    const eve = devAccount(7);
    const delegating = await protocol.deployDao(alice, {
      name: "Indexer Delegation DAO",
      symbol: "IDD",
      mintedTotal: parseEther("1000"),
      recipients: [alice.address, bob.address, carol.address],
      amounts: [parseEther("300"), parseEther("200"), parseEther("100")],
    });
    await protocol.deposit(alice, delegating, parseEther("300"));
    await protocol.deposit(bob, delegating, parseEther("200"));
    await protocol.deposit(carol, delegating, parseEther("100"));
    const delegate = (who: typeof bob, fn: "delegate" | "undelegate", amount: bigint) =>
      protocol.send(who, {
        address: delegating.govPool,
        abi: govPoolAbi,
        functionName: fn,
        args: [eve.address, amount, []],
      });
    await delegate(bob, "delegate", parseEther("150"));
    const id = await protocol.createProposal(alice, delegating, "ipfs://delegated", dave.address);
    await protocol.vote(alice, delegating, id, true, parseEther("100"));
    // eve has no deposit: her vote is her micropool alone (vote type 1)
    await protocol.send(eve, {
      address: delegating.govPool,
      abi: govPoolAbi,
      functionName: "vote",
      args: [id, true, 0n, []],
    });
    // carol's delegation is re-cast into eve's vote, bob takes 50 back (re-cast again)
    await delegate(carol, "delegate", parseEther("60"));
    await delegate(bob, "undelegate", parseEther("50"));
    await synced();

    const pairs = await all<{ delegator: string; amount: string; power: string }>(
      `SELECT delegator, amount::text, power::text FROM $schema.delegation d WHERE pool = $1 ORDER BY d.power DESC`,
      [lc(delegating.govPool)],
    );
    expect(pairs).toEqual([
      {
        delegator: lc(bob.address),
        amount: parseEther("100").toString(),
        power: parseEther("100").toString(),
      },
      {
        delegator: lc(carol.address),
        amount: parseEther("60").toString(),
        power: parseEther("60").toString(),
      },
    ]);
    const balances = await one<{ micropool_power: string; delegators_count: number }>(
      `SELECT micropool_power::text, delegators_count FROM $schema.delegatee WHERE pool = $1 AND account = $2`,
      [lc(delegating.govPool), lc(eve.address)],
    );
    expect(balances).toEqual({ micropool_power: parseEther("160").toString(), delegators_count: 2 });
    const members = await all<{ address: string; out: string; in: string }>(
      `SELECT address, delegated_out_tokens::text AS out, delegated_in_tokens::text AS in FROM $schema.member
       WHERE pool = $1 AND address IN ($2, $3)`,
      [lc(delegating.govPool), lc(bob.address), lc(eve.address)],
    );
    expect(new Map(members.map((m) => [m.address, [m.out, m.in]]))).toEqual(
      new Map([
        [lc(bob.address), [parseEther("100").toString(), "0"]],
        [lc(eve.address), ["0", parseEther("160").toString()]],
      ]),
    );
    const [micropool] = (await protocol.publicClient.readContract({
      address: delegating.userKeeper,
      abi: govUserKeeperAbi,
      functionName: "micropool",
      args: [eve.address],
    })) as readonly [bigint, readonly bigint[]];
    expect(balances.micropool_power).toBe(micropool.toString());

    // the proposal's totals follow every re-cast, as the chain counts them
    const [view] = (await protocol.publicClient.readContract({
      address: delegating.govPool,
      abi: govPoolAbi,
      functionName: "getProposals",
      args: [id - 1n, 1n],
    })) as readonly { votesFor: bigint }[];
    const row = await one<{ votes_for: string; voters_count: number }>(
      `SELECT votes_for::text, voters_count FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
      [lc(delegating.govPool), id],
    );
    expect(row).toEqual({ votes_for: view!.votesFor.toString(), voters_count: 2 });
    expect(view!.votesFor).toBe(parseEther("260"));
    const eveVote = await one<{ amount: string }>(
      `SELECT amount::text FROM $schema.vote WHERE pool = $1 AND proposal_id = $2 AND voter = $3 AND vote_type = 1`,
      [lc(delegating.govPool), id, lc(eve.address)],
    );
    expect(eveVote.amount).toBe(parseEther("160").toString());

    const base = `/integrations/tracker/31337/pools/gov/${lc(delegating.govPool)}`;
    const history = await get(`${base}/proposals/${id}/interactions?page[order]=asc`);
    expect(
      history.body.data.map((d: { attributes: { vote_type: number; voter: string } }) => [
        d.attributes.voter,
        d.attributes.vote_type,
      ]),
    ).toEqual([
      [lc(alice.address), 0],
      [lc(eve.address), 1],
      [lc(eve.address), 1],
      [lc(eve.address), 1],
    ]);
    const incoming = await get(`${base}/delegations/incoming/${eve.address}`);
    expect(incoming.status).toBe(200);
    expect(
      incoming.body.data.map((d: { attributes: { delegator: string } }) => d.attributes.delegator),
    ).toEqual([lc(bob.address), lc(carol.address)]);
    const changes = await get(`${base}/delegations/history?delegator=${bob.address}&page[order]=asc`);
    expect(
      changes.body.data.map((d: { attributes: { kind: string; amount: string } }) => [
        d.attributes.kind,
        d.attributes.amount,
      ]),
    ).toEqual([
      ["delegate", parseEther("150").toString()],
      ["undelegate", parseEther("50").toString()],
    ]);
    const account = await get(`${base}/delegatees/${eve.address}`);
    expect(account.body.data.attributes).toMatchObject({
      micropool_power: parseEther("160").toString(),
      delegators_count: 2,
      user_type: "holder",
    });
  });
});

describe("delegated votes", () => {
  it("indexes a delegator's own vote with its delegation (type 2) and the delegatee's micropool vote shrinking, as the chain counts them", async () => {
    const eve = devAccount(7);
    const dao = await protocol.deployDao(alice, {
      name: "Indexer Delegated Votes DAO",
      symbol: "IDV",
      mintedTotal: parseEther("1000"),
      recipients: [alice.address, bob.address, carol.address],
      amounts: [parseEther("300"), parseEther("200"), parseEther("100")],
      delegatedVotingAllowed: true,
    });
    await protocol.deposit(bob, dao, parseEther("200"));
    await protocol.deposit(carol, dao, parseEther("100"));
    const call = (who: typeof bob, functionName: string, args: unknown[]) =>
      protocol.send(who, { address: dao.govPool, abi: govPoolAbi, functionName, args });
    await call(bob, "delegate", [eve.address, parseEther("150"), []]);
    await call(carol, "delegate", [eve.address, parseEther("60"), []]);
    const id = await protocol.createProposal(bob, dao, "ipfs://delegated-vote", dave.address);
    await call(eve, "vote", [id, true, 0n, []]);
    await call(bob, "voteDelegated", [id, false, eve.address]);
    await synced();

    const votes = async () =>
      all<{ voter: string; vote_type: number; amount: string; is_cancelled: boolean }>(
        `SELECT voter, vote_type, amount::text, is_cancelled FROM $schema.vote WHERE pool = $1 AND proposal_id = $2
         ORDER BY voter, vote_type`,
        [lc(dao.govPool), id],
      );
    const totals = async () => {
      const [view] = (await protocol.publicClient.readContract({
        address: dao.govPool,
        abi: govPoolAbi,
        functionName: "getProposals",
        args: [id - 1n, 1n],
      })) as readonly { votesFor: bigint; votesAgainst: bigint }[];
      const row = await one<{ votes_for: string; votes_against: string }>(
        `SELECT votes_for::text, votes_against::text FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
        [lc(dao.govPool), id],
      );
      expect(row).toEqual({
        votes_for: view!.votesFor.toString(),
        votes_against: view!.votesAgainst.toString(),
      });
      return row;
    };
    expect(await votes()).toEqual(
      [
        { voter: lc(bob.address), vote_type: 2, amount: parseEther("150").toString(), is_cancelled: false },
        { voter: lc(eve.address), vote_type: 1, amount: parseEther("60").toString(), is_cancelled: false },
      ].sort((a, b) => a.voter.localeCompare(b.voter)),
    );
    expect(await totals()).toEqual({
      votes_for: parseEther("60").toString(),
      votes_against: parseEther("150").toString(),
    });

    // bob cancels: his delegation goes back into eve's micropool vote
    await call(bob, "cancelVote", [id]);
    await synced();
    const after = await votes();
    expect(after.find((v) => v.voter === lc(bob.address))).toMatchObject({
      vote_type: 2,
      is_cancelled: true,
    });
    expect(after.find((v) => v.voter === lc(eve.address))).toMatchObject({
      vote_type: 1,
      amount: parseEther("210").toString(),
    });
    expect(await totals()).toEqual({ votes_for: parseEther("210").toString(), votes_against: "0" });
  });
});

describe("notification facts", () => {
  it("keeps when a proposal lost the quorum it had reached, and each save of off-chain results", async () => {
    const dao = await protocol.deployDao(alice, {
      name: "Indexer Quorum DAO",
      symbol: "IQD",
      mintedTotal: parseEther("1000"),
      recipients: [alice.address, bob.address],
      amounts: [parseEther("150"), parseEther("100")],
    });
    await protocol.deposit(alice, dao, parseEther("150"));
    await protocol.deposit(bob, dao, parseEther("100"));
    const id = await protocol.createProposal(alice, dao, "ipfs://quorum-lost", dave.address);
    const quorum = () =>
      one<{ quorum_reached_at: string | null; quorum_lost_at: string | null }>(
        `SELECT quorum_reached_at::text, quorum_lost_at::text FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
        [lc(dao.govPool), id],
      );
    await protocol.vote(alice, dao, id, true, parseEther("150"));
    await protocol.vote(bob, dao, id, true, parseEther("100")); // 250 >= 20% of 1000
    await synced();
    const reached = await quorum();
    expect(reached.quorum_reached_at).not.toBeNull();
    expect(reached.quorum_lost_at).toBeNull();

    await protocol.cancelVote(bob, dao, id); // 150: below the quorum again (QuorumUnreached)
    await synced();
    const lost = await quorum();
    expect(lost.quorum_reached_at).toBeNull();
    expect(Number(lost.quorum_lost_at)).toBeGreaterThanOrEqual(Number(reached.quorum_reached_at));

    await protocol.vote(bob, dao, id, true, parseEther("100"));
    await synced();
    const again = await quorum();
    expect(again.quorum_reached_at).not.toBeNull();
    expect(again.quorum_lost_at).toBe(lost.quorum_lost_at);

    // The DAO's verifier (dev account 9) signs off-chain results; alice saves them on chain.
    const block = await protocol.publicClient.getBlock();
    const deadline = block.timestamp + 3600n;
    const signature = await devAccount(9).signTypedData({
      domain: offchainResultsDomain(31337, dao.govPool),
      types: OFFCHAIN_RESULTS_TYPES,
      primaryType: "OffchainResults",
      message: {
        resultsHash: "bafy-indexer-results",
        nonce: 0n,
        submitter: alice.address,
        deadline,
        quorumReached: false,
      },
    });
    await protocol.send(alice, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "saveOffchainResults",
      args: ["bafy-indexer-results", deadline, false, signature],
    });
    await synced();
    expect(
      await all(`SELECT pool, results_hash, sender FROM $schema.offchain_results WHERE pool = $1`, [
        lc(dao.govPool),
      ]),
    ).toEqual([{ pool: lc(dao.govPool), results_hash: "bafy-indexer-results", sender: lc(alice.address) }]);
  });
});

describe("privacy policy agreements", () => {
  it("keeps each agreement recorded in the UserRegistry, the seed's and a new member's", async () => {
    const { deployments } = await import("@polity/core/generated/deployments");
    const registry = deployments[31337]?.UserRegistry;
    if (!registry) throw new Error("deploy:local wrote no UserRegistry");
    const documentHash = await protocol.publicClient.readContract({
      address: registry,
      abi: userRegistryAbi,
      functionName: "documentHash",
    });
    // The seed has every demo account (dev accounts 0-11) agree.
    const seeded = await all<{ user: string; document_hash: string }>(
      `SELECT "user", document_hash FROM $schema.privacy_policy_agreement WHERE chain_id = 31337 ORDER BY block_number, id`,
    );
    expect(seeded).toEqual(
      Array.from({ length: 12 }, (_, i) => ({
        user: lc(devAccount(i).address),
        document_hash: documentHash,
      })),
    );

    const newcomer = devAccount(12);
    const signature = await newcomer.signTypedData({
      domain: { name: "UserRegistry", version: "1", chainId: 31337, verifyingContract: registry },
      types: { Agreement: [{ name: "documentHash", type: "bytes32" }] },
      primaryType: "Agreement",
      message: { documentHash },
    });
    const receipt = await protocol.send(newcomer, {
      address: registry,
      abi: userRegistryAbi,
      functionName: "agreeToPrivacyPolicy",
      args: [signature],
    });
    await synced();
    const block = await protocol.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    expect(
      await all(
        `SELECT document_hash, block_number::text, timestamp::text, tx_hash FROM $schema.privacy_policy_agreement WHERE "user" = $1`,
        [lc(newcomer.address)],
      ),
    ).toEqual([
      {
        document_hash: documentHash,
        block_number: String(receipt.blockNumber),
        timestamp: String(block.timestamp),
        tx_hash: receipt.transactionHash,
      },
    ]);
  });
});

describe("reorganisation", () => {
  it("leaves the tables matching the chain after a reorg", async () => {
    await synced();
    const snapshot = await rpc<string>(chain.rpcUrl, "evm_snapshot");
    // Branch A: dave receives tokens, deposits and proposes; then the branch is dropped.
    await protocol.transfer(alice, dao.token, dave.address, parseEther("20"));
    await protocol.deposit(dave, dao, parseEther("20"));
    await protocol.createProposal(dave, dao, "ipfs://branch-a", dave.address);
    await synced();
    const onBranchA = await one<{ n: string }>(
      `SELECT count(*)::text AS n FROM $schema.member WHERE pool = $1 AND address = $2 AND is_member`,
      [lc(dao.govPool), lc(dave.address)],
    );
    expect(onBranchA.n).toBe("1");

    await rpc(chain.rpcUrl, "evm_revert", [snapshot]);
    // Branch B: a different history, longer than A so the indexer sees a new head.
    await protocol.transfer(alice, dao.token, outsider.address, parseEther("7"));
    await protocol.deposit(outsider, dao, parseEther("7"));
    for (let i = 0; i < 4; i++) await rpc(chain.rpcUrl, "evm_mine");
    await synced();

    const dave_ = await all(`SELECT * FROM $schema.member WHERE pool = $1 AND address = $2`, [
      lc(dao.govPool),
      lc(dave.address),
    ]);
    expect(dave_).toEqual([]);
    const daveVotes = await all(`SELECT * FROM $schema.vote_interaction WHERE pool = $1 AND voter = $2`, [
      lc(dao.govPool),
      lc(dave.address),
    ]);
    expect(daveVotes).toEqual([]);
    const branchProposals = await all(`SELECT * FROM $schema.proposal WHERE pool = $1 AND creator = $2`, [
      lc(dao.govPool),
      lc(dave.address),
    ]);
    expect(branchProposals).toEqual([]);
    const p = await one<{ members_count: number; deposited_tokens: string }>(
      `SELECT members_count, deposited_tokens::text FROM $schema.pool WHERE address = $1`,
      [lc(dao.govPool)],
    );
    expect(p.members_count).toBe(4);
    expect(BigInt(p.deposited_tokens)).toBe(parseEther("217"));
    const p1 = await one<{ votes_against: string }>(
      `SELECT votes_against::text FROM $schema.proposal WHERE pool = $1 AND proposal_id = $2`,
      [lc(dao.govPool), proposal1.toString()],
    );
    expect(BigInt(p1.votes_against)).toBe(parseEther("60"));

    const holders = await all<{ address: string; balance: string }>(
      `SELECT address, balance::text FROM $schema.token_holder WHERE token = $1`,
      [lc(dao.token)],
    );
    await expectBalancesOnChain(dao.token, holders);
  });
});

describe("statistics over time", () => {
  it("counts a new DAO's validators from its deployment, and its active users down to 0 a month after the last activity", async () => {
    const quiet = await protocol.deployDao(alice, {
      name: "Indexer Quiet DAO",
      symbol: "IQT",
      mintedTotal: parseEther("1000"),
      recipients: [alice.address, bob.address],
      amounts: [parseEther("100"), parseEther("100")],
      validators: [carol.address, dave.address],
      validatorBalances: [parseEther("10"), parseEther("20")],
    });
    await protocol.deposit(alice, quiet, parseEther("50"));
    await synced();
    const counts = () =>
      one<{ validators_count: number; lau: number; active_proposals_count: number; members_count: number }>(
        `SELECT validators_count, lau, active_proposals_count, members_count FROM $schema.pool WHERE address = $1`,
        [lc(quiet.govPool)],
      );
    expect(await counts()).toEqual({
      validators_count: 2,
      lau: 1,
      active_proposals_count: 0,
      members_count: 1,
    });

    // A withdrawal is no activity: 31 days after the deposit nobody is active any more.
    await rpc(chain.rpcUrl, "evm_increaseTime", [31 * 86_400]);
    await protocol.withdraw(alice, quiet, parseEther("10"));
    await synced();
    expect(await counts()).toEqual({
      validators_count: 2,
      lau: 0,
      active_proposals_count: 0,
      members_count: 1,
    });
    const hourly = await one<{ lau: number; members_count: number }>(
      `SELECT lau, members_count FROM $schema.pool_stats_hourly WHERE pool = $1 ORDER BY bucket DESC LIMIT 1`,
      [lc(quiet.govPool)],
    );
    expect(hourly).toEqual({ lau: 0, members_count: 1 });
  });

  it("keeps the DAO list's figures equal to counting them through proposals' creation, votes, end and execution", async () => {
    const busy = await protocol.deployDao(alice, {
      name: "Indexer Busy DAO",
      symbol: "IBD",
      mintedTotal: parseEther("1000"),
      recipients: [alice.address, bob.address],
      amounts: [parseEther("150"), parseEther("150")],
    });
    const poolAddress = lc(busy.govPool);
    /** The kept figures equal the counted ones at their time, with `active` active on-chain proposals. */
    const expectCounted = async (active: number) => {
      await synced();
      expect((await expectKeptAsCounted(poolAddress)).active_proposals_count).toBe(active);
    };
    // Nobody has deposited yet: the Members figure counts the token's holders (alice and bob), kept with no query.
    await expectCounted(0);
    await protocol.deposit(alice, busy, parseEther("110"));
    await protocol.deposit(bob, busy, parseEther("100"));
    const passing = await protocol.createProposal(alice, busy, "ipfs://busy-1", dave.address);
    const failing = await protocol.createProposal(bob, busy, "ipfs://busy-2", dave.address);
    await expectCounted(2);
    // The first reaches its quorum (210 votes, 20% of 1,000) and stays in Voting until its end; the second gets a vote.
    await protocol.vote(alice, busy, passing, true, parseEther("110"));
    await protocol.vote(bob, busy, passing, true, parseEther("100"));
    await protocol.vote(bob, busy, failing, false, parseEther("10"));
    await expectCounted(2);
    // Past the voting period the second is Defeated without an event of its own: the DAO's next event counts it out.
    await rpc(chain.rpcUrl, "evm_increaseTime", ["0xe11"]);
    await protocol.deposit(bob, busy, parseEther("1"));
    await expectCounted(1);
    await protocol.execute(carol, busy, passing, [{ executor: dave.address, value: 0n, data: "0x" }]);
    await expectCounted(0);
  });

  it("writes a block's figures once, as its last event left them: two votes and a deposit in one block", async () => {
    const block = await protocol.deployDao(alice, {
      name: "Indexer Block DAO",
      symbol: "IBK",
      mintedTotal: parseEther("1000"),
      recipients: [alice.address, bob.address, carol.address],
      amounts: [parseEther("150"), parseEther("150"), parseEther("50")],
    });
    const poolAddress = lc(block.govPool);
    await protocol.deposit(alice, block, parseEther("100"));
    await protocol.deposit(bob, block, parseEther("100"));
    const proposalId = await protocol.createProposal(alice, block, "ipfs://block-1", dave.address);
    await protocol.send(carol, {
      address: block.token,
      abi: erc20Abi,
      functionName: "approve",
      args: [block.userKeeper, parseEther("50")],
    });
    // One block: alice and bob vote, carol deposits.
    await rpc(chain.rpcUrl, "evm_setAutomine", [false]);
    const sent: `0x${string}`[] = [];
    try {
      for (const [account, functionName, args] of [
        [alice, "vote", [proposalId, true, parseEther("100"), []]],
        [bob, "vote", [proposalId, false, parseEther("60"), []]],
        [carol, "deposit", [parseEther("50"), []]],
      ] as const) {
        const wallet = protocol.wallet(account);
        sent.push(
          await wallet.writeContract({
            address: block.govPool,
            abi: govPoolAbi,
            functionName,
            args: args as never,
            account,
            chain: wallet.chain,
            gas: 1_000_000n,
          }),
        );
      }
      await rpc(chain.rpcUrl, "evm_mine");
    } finally {
      await rpc(chain.rpcUrl, "evm_setAutomine", [true]);
    }
    const receipts = await Promise.all(
      sent.map((hash) => protocol.publicClient.waitForTransactionReceipt({ hash })),
    );
    expect(receipts.map((r) => r.status)).toEqual(["success", "success", "success"]);
    expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1);
    await synced();

    const p = await one<Record<string, any>>(
      `SELECT votes_count, members_count, lau, tvl_usd, tvg_usd, deposited_tokens FROM $schema.pool WHERE address = $1`,
      [poolAddress],
    );
    expect(p).toMatchObject({
      votes_count: 2,
      members_count: 3,
      lau: 3,
      deposited_tokens: parseEther("250").toString(),
    });
    // The DAO list's row and both snapshots hold the figures after the block's last event.
    const stats = await one<Record<string, any>>(
      `SELECT votes_count, members_count, lau, tvl_usd, tvg_usd FROM $schema.dao_stats WHERE pool = $1`,
      [poolAddress],
    );
    expect(stats).toEqual({
      votes_count: 2,
      members_count: 3,
      lau: 3,
      tvl_usd: p.tvl_usd,
      tvg_usd: p.tvg_usd,
    });
    for (const table of ["pool_stats_hourly", "pool_stats_daily"]) {
      const s = await one<Record<string, any>>(
        `SELECT votes_count, members_count, lau, tvl_usd, tvg_usd FROM $schema.${table}
          WHERE pool = $1 ORDER BY bucket DESC LIMIT 1`,
        [poolAddress],
      );
      expect(s, table).toEqual(stats);
    }
    await expectKeptAsCounted(poolAddress);
  });
});
