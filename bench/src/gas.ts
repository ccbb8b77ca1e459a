/**
 * `npm run bench:gas` — gas of Polity's governance against an OpenZeppelin Governor reference
 * (ERC20Votes + Governor with simple counting, 4% quorum fraction and a TimelockController), both deployed
 * in the same run on the same Hardhat node (EDR, cancun, optimizer 200). Prints a table and writes
 * bench/results/gas.json. The targets are the performance goals: creation <= 1.3x and votes <= 1.05x of
 * OpenZeppelin's propose and castVote (deployment <= 1x). Growth: a member's vote on a proposal that already has 10,
 * 100 and 1,000 votes (about 4,000 transactions, most of the run's time). A second table sets creation and votes
 * beside the same Governor in its upgradeable form behind the beacon proxy a pool uses (the proxy's cost on both sides).
 *
 * `npm run bench:gas` compiles the contracts first (`hardhat build`, nothing when they are current). Env: GAS_BENCH_PORT (a free port by default).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  parseEther,
  toHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { readArtifact } from "../../packages/contracts/scripts/lib/artifacts.ts";
import { deployDao, PERCENT, proposalSettings } from "../../packages/contracts/scripts/lib/dao.ts";
import { DEV_KEYS, localChainClients } from "../../packages/contracts/scripts/lib/localChain.ts";
import { deploy, deployProtocol } from "../../packages/contracts/scripts/lib/protocol.ts";
import { freePort } from "../../scripts/lib/processes.ts";

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = join(here, "..", "..", "packages", "contracts");
const resultsFile = join(here, "..", "results", "gas.json");

async function startNode(port: number): Promise<ChildProcess> {
  const child = spawn("npx", ["hardhat", "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: contractsDir,
    stdio: "ignore",
    detached: true,
  });
  const probe = createPublicClient({ transport: http(`http://127.0.0.1:${port}`) });
  for (let i = 0; i < 120; i++) {
    try {
      await probe.getChainId();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  stopNode(child);
  throw new Error("hardhat node did not start");
}

function stopNode(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

const port = Number(process.env.GAS_BENCH_PORT ?? (await freePort()));
const node = await startNode(port);
try {
  const rpcUrl = `http://127.0.0.1:${port}`;
  const { chain, publicClient, wallets, as, address } = localChainClients(rpcUrl, DEV_KEYS.slice(0, 4));
  const mine = async (blocks = 1) => {
    for (let i = 0; i < blocks; i++) await publicClient.request({ method: "evm_mine" as "eth_chainId" });
  };
  const increaseTime = (s: number) =>
    publicClient.request({ method: "evm_increaseTime" as "eth_chainId", params: [s] as never });

  /** Sends a call from dev account `who` (or a wallet of its own) and returns its gas. */
  async function gas(
    who: number | (typeof wallets)[number],
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[] = [],
  ): Promise<bigint> {
    const w = typeof who === "number" ? wallets[who]! : who;
    const hash = await w.sendTransaction({
      to,
      data: encodeFunctionData({ abi, functionName, args }),
      account: w.account,
      chain,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
    return receipt.gasUsed;
  }

  const E = (n: number) => parseEther(String(n));
  const holders = [address(1), address(2), address(3)];
  const amounts = [E(30_000), E(25_000), E(5_000)];
  const erc20 = readArtifact("ERC20Gov").abi;

  // ─────────────── Polity ───────────────
  const protocol = await deployProtocol(as(0));
  const settings = proposalSettings({ quorum: 50n * PERCENT, duration: 3600n });
  const dao = await deployDao(as(0), protocol.PoolFactory, {
    name: "Bench DAO",
    descriptionURL: "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy",
    newToken: {
      name: "Bench",
      symbol: "BNC",
      cap: E(1_000_000),
      mintedTotal: E(100_000),
      users: holders,
      amounts,
    },
    settings: [settings, settings, proposalSettings({ earlyCompletion: false }), settings, settings],
  });
  const pool = readArtifact("GovPool").abi;
  const transfer = (to: Address, n: number) => ({
    executor: dao.token,
    value: 0n,
    data: encodeFunctionData({ abi: erc20, functionName: "transfer", args: [to, E(n)] }),
  });
  const url = "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
  for (let i = 1; i <= 3; i++) await gas(i, dao.token, erc20, "approve", [dao.userKeeper, amounts[i - 1]!]);
  const ours: Record<string, bigint> = {};
  ours.deposit = await gas(3, dao.govPool, pool, "deposit", [amounts[2]!, []]);
  await gas(1, dao.govPool, pool, "deposit", [amounts[0]!, []]);
  await gas(2, dao.govPool, pool, "deposit", [amounts[1]!, []]);
  ours.createFirst = await gas(1, dao.govPool, pool, "createProposal", [url, [transfer(address(1), 1)], []]);
  const one = [transfer(address(3), 1)];
  ours.create1 = await gas(1, dao.govPool, pool, "createProposal", [url, one, []]);
  const ten = Array.from({ length: 10 }, (_, i) => transfer(address(1 + (i % 3)), i + 1));
  ours.create10 = await gas(1, dao.govPool, pool, "createProposal", [url, ten, []]);
  ours.voteFirst = await gas(3, dao.govPool, pool, "vote", [2n, true, amounts[2]!, []]);
  ours.voteLater = await gas(2, dao.govPool, pool, "vote", [2n, true, amounts[1]!, []]);
  await gas(1, dao.govPool, pool, "vote", [2n, true, amounts[0]!, []]);
  ours.cancelVote = await gas(3, dao.govPool, pool, "vote", [3n, true, amounts[2]!, []]).then(() =>
    gas(3, dao.govPool, pool, "cancelVote", [3n]),
  );
  ours.execute = await gas(2, dao.govPool, pool, "execute", [2n, one, []]);
  ours.withdraw = await gas(3, dao.govPool, pool, "withdraw", [address(3), E(1_000), []]);
  // the product's create-proposal flow after the approval: Deposit + Create and Vote in one transaction
  await gas(3, dao.token, erc20, "approve", [dao.userKeeper, E(1_000)]);
  const call = (functionName: string, args: readonly unknown[]) =>
    encodeFunctionData({ abi: pool, functionName, args });
  ours.depositCreateVote = await gas(3, dao.govPool, pool, "multicall", [
    [
      call("deposit", [E(1_000), []]),
      call("createProposalAndVote", [url, [transfer(address(2), 1)], [], E(1_000), []]),
    ],
  ]);
  ours.deployment = dao.gasUsed;

  // delegation: address(2) (25k deposited, unlocked since proposal 2 executed) delegates to the deployer, who holds
  // no deposit and votes with its micropool alone
  const delegatee = address(0);
  ours.delegate = await gas(2, dao.govPool, pool, "delegate", [delegatee, E(1_000), []]);
  await gas(1, dao.govPool, pool, "createProposal", [url, [transfer(address(1), 1)], []]);
  const micropoolProposal = 5n;
  ours.micropoolVote1 = await gas(0, dao.govPool, pool, "vote", [micropoolProposal, true, 0n, []]);
  ours.delegateRecast = await gas(2, dao.govPool, pool, "delegate", [delegatee, E(1_000), []]);
  await mine();
  ours.undelegateRecast = await gas(2, dao.govPool, pool, "undelegate", [delegatee, E(500), []]);
  // the delegator votes its 1,500 delegated-out tokens itself (vote type delegated): the delegatee's micropool vote
  // on the proposal is re-cast without them
  ours.voteDelegated = await gas(2, dao.govPool, pool, "voteDelegated", [micropoolProposal, true, delegatee]);
  // 99 more delegators of 1 wei each: the delegatee's vote reads the micropool's total, never its delegators
  await gas(3, dao.govPool, pool, "withdraw", [address(3), 99n, []]);
  for (let i = 0; i < 99; i++) {
    const account = privateKeyToAccount(keccak256(toHex(`bench delegator ${i}`)));
    const w = createWalletClient({ chain, account, transport: http(rpcUrl) });
    const fund = await wallets[0]!.sendTransaction({
      to: account.address,
      value: parseEther("0.01"),
      account: wallets[0]!.account,
      chain,
    });
    await publicClient.waitForTransactionReceipt({ hash: fund });
    await gas(3, dao.token, erc20, "transfer", [account.address, 1n]);
    for (const [to, abi, fn, args] of [
      [dao.token, erc20, "approve", [dao.userKeeper, 1n]],
      [dao.govPool, pool, "deposit", [1n, []]],
      [dao.govPool, pool, "delegate", [delegatee, 1n, []]],
    ] as const) {
      await gas(w, to, abi, fn, args);
    }
  }
  await gas(1, dao.govPool, pool, "createProposal", [url, [transfer(address(1), 1)], []]);
  ours.micropoolVote100 = await gas(0, dao.govPool, pool, "vote", [micropoolProposal + 1n, true, 0n, []]);

  // growth: a member's vote on a proposal that already has 10, 100 and 1,000 votes (a DAO voting for 30 days, each
  // voter 1 wei: the quorum stays out of reach). The proposal's totals are one slot, whatever the number of voters.
  const longSettings = proposalSettings({ quorum: 50n * PERCENT, duration: 30n * 86_400n });
  const growth = await deployDao(as(0), protocol.PoolFactory, {
    name: "Growth DAO",
    descriptionURL: url,
    newToken: {
      name: "Growth",
      symbol: "GRW",
      cap: E(1_000_000),
      mintedTotal: E(100_000),
      users: holders,
      amounts,
    },
    settings: [
      longSettings,
      longSettings,
      proposalSettings({ earlyCompletion: false }),
      longSettings,
      longSettings,
    ],
  });
  await gas(1, growth.token, erc20, "approve", [growth.userKeeper, E(1_000)]);
  await gas(1, growth.govPool, pool, "deposit", [E(1_000), []]);
  const growthTransfer = { executor: growth.token, value: 0n, data: transfer(address(1), 1).data };
  await gas(1, growth.govPool, pool, "createProposal", [url, [growthTransfer], []]);
  const growthProposal = 1n;
  /** A new member (1 wei deposited) votes on the growth proposal; returns the vote's gas. */
  const newVoter = async (i: number) => {
    const account = privateKeyToAccount(keccak256(toHex(`bench voter ${i}`)));
    await publicClient.request({
      method: "hardhat_setBalance" as "eth_chainId",
      params: [account.address, toHex(parseEther("1"))] as never,
    });
    await gas(1, growth.token, erc20, "transfer", [account.address, 1n]);
    const w = createWalletClient({ chain, account, transport: http(rpcUrl) });
    let used = 0n;
    for (const [to, abi, fn, args] of [
      [growth.token, erc20, "approve", [growth.userKeeper, 1n]],
      [growth.govPool, pool, "deposit", [1n, []]],
      [growth.govPool, pool, "vote", [growthProposal, true, 1n, []]],
    ] as const) {
      used = await gas(w, to, abi, fn, args);
    }
    return used;
  };
  const growthVotes: Record<number, bigint> = {};
  // voter i votes after i earlier votes
  for (let i = 0; i <= 1_000; i++) {
    const used = await newVoter(i);
    if (i === 10 || i === 100 || i === 1_000) growthVotes[i] = used;
  }

  // ─────────────── OpenZeppelin Governor reference ───────────────
  const oz: Record<string, bigint> = {};
  const token = await deploy(as(0), "RefVotesToken", [
    [...holders, address(0)],
    [...amounts, E(40_000)],
  ]);
  const timelock = await deploy(as(0), "RefTimelock", [1n, [], [zeroAddress], address(0)]);
  const governor = await deploy(as(0), "RefGovernor", [token.address, timelock.address]);
  const timelockAbi = readArtifact("RefTimelock").abi;
  const governorAbi = readArtifact("RefGovernor").abi;
  const tokenAbi = readArtifact("RefVotesToken").abi;
  const proposer = keccak256(toHex("PROPOSER_ROLE"));
  const canceller = keccak256(toHex("CANCELLER_ROLE"));
  const admin = "0x0000000000000000000000000000000000000000000000000000000000000000";
  let setup = await gas(0, timelock.address, timelockAbi, "grantRole", [proposer, governor.address]);
  setup += await gas(0, timelock.address, timelockAbi, "grantRole", [canceller, governor.address]);
  setup += await gas(0, timelock.address, timelockAbi, "revokeRole", [admin, address(0)]);
  setup += await gas(0, token.address, tokenAbi, "transfer", [timelock.address, E(40_000)]);
  oz.deployment = token.gasUsed + timelock.gasUsed + governor.gasUsed + setup;
  oz.delegate = await gas(3, token.address, tokenAbi, "delegate", [address(3)]);
  await gas(1, token.address, tokenAbi, "delegate", [address(1)]);
  await gas(2, token.address, tokenAbi, "delegate", [address(2)]);
  await mine();
  const ozTransfer = (to: Address, n: number) =>
    encodeFunctionData({ abi: tokenAbi, functionName: "transfer", args: [to, E(n)] });
  const targets1 = [token.address];
  const values1 = [0n];
  const calldatas1 = [ozTransfer(address(3), 1)];
  oz.create1 = await gas(1, governor.address, governorAbi, "propose", [targets1, values1, calldatas1, url]);
  oz.create10 = await gas(1, governor.address, governorAbi, "propose", [
    Array(10).fill(token.address),
    Array(10).fill(0n),
    Array.from({ length: 10 }, (_, i) => ozTransfer(address(1 + (i % 3)), i + 1)),
    url,
  ]);
  const descriptionHash = keccak256(toHex(url));
  const proposalId = (await publicClient.readContract({
    address: governor.address,
    abi: governorAbi,
    functionName: "hashProposal",
    args: [targets1, values1, calldatas1, descriptionHash],
  })) as bigint;
  await mine(2);
  oz.voteFirst = await gas(3, governor.address, governorAbi, "castVote", [proposalId, 1]);
  oz.voteLater = await gas(2, governor.address, governorAbi, "castVote", [proposalId, 1]);
  await gas(1, governor.address, governorAbi, "castVote", [proposalId, 1]);
  await mine(51);
  oz.queue = await gas(0, governor.address, governorAbi, "queue", [
    targets1,
    values1,
    calldatas1,
    descriptionHash,
  ]);
  await increaseTime(2);
  await mine();
  oz.execute = await gas(0, governor.address, governorAbi, "execute", [
    targets1,
    values1,
    calldatas1,
    descriptionHash,
  ]);

  // ─────────────── the same Governor behind a beacon proxy ───────────────
  // A Polity pool runs behind an OpenZeppelin BeaconProxy (PROTOCOL.md: the protocol owner upgrades every DAO's
  // logic at once); this reference pays the same proxy, so the ratio beside it is what the two designs cost apart.
  const ozProxied: Record<string, bigint> = {};
  const upgradeableAbi = readArtifact("RefGovernorUpgradeable").abi;
  const implementation = await deploy(as(0), "RefGovernorUpgradeable");
  const beacon = await deploy(as(0), "RefBeacon", [implementation.address, address(0)]);
  const proxiedGovernor = await deploy(as(0), "GlobalBeaconProxy", [
    beacon.address,
    encodeFunctionData({
      abi: upgradeableAbi,
      functionName: "initialize",
      args: [token.address, timelock.address],
    }),
  ]);
  ozProxied.create1 = await gas(1, proxiedGovernor.address, upgradeableAbi, "propose", [
    targets1,
    values1,
    calldatas1,
    url,
  ]);
  ozProxied.create10 = await gas(1, proxiedGovernor.address, upgradeableAbi, "propose", [
    Array(10).fill(token.address),
    Array(10).fill(0n),
    Array.from({ length: 10 }, (_, i) => ozTransfer(address(1 + (i % 3)), i + 1)),
    url,
  ]);
  await mine(2);
  ozProxied.voteFirst = await gas(3, proxiedGovernor.address, upgradeableAbi, "castVote", [proposalId, 1]);
  ozProxied.voteLater = await gas(2, proxiedGovernor.address, upgradeableAbi, "castVote", [proposalId, 1]);

  // ─────────────── report ───────────────
  type Row = {
    operation: string;
    ours: bigint;
    oz: bigint | null;
    ozLabel: string;
    target: number | null;
    /** The same OpenZeppelin call on the Governor behind a beacon proxy, as a Polity pool is. */
    ozProxied?: bigint;
  };
  const rows: Row[] = [
    {
      operation: "DAO deployment",
      ours: ours.deployment!,
      oz: oz.deployment!,
      ozLabel: "token + timelock + governor + roles",
      target: 1,
    },
    {
      operation: "create proposal (1 action)",
      ours: ours.create1!,
      oz: oz.create1!,
      ozProxied: ozProxied.create1!,
      ozLabel: "propose",
      target: 1.3,
    },
    {
      operation: "create proposal (10 actions)",
      ours: ours.create10!,
      oz: oz.create10!,
      ozProxied: ozProxied.create10!,
      ozLabel: "propose",
      target: 1.3,
    },
    {
      operation: "first vote",
      ours: ours.voteFirst!,
      oz: oz.voteFirst!,
      ozProxied: ozProxied.voteFirst!,
      ozLabel: "castVote (first voter)",
      target: 1.05,
    },
    {
      operation: "later vote",
      ours: ours.voteLater!,
      oz: oz.voteLater!,
      ozProxied: ozProxied.voteLater!,
      ozLabel: "castVote (later voter)",
      target: 1.05,
    },
    { operation: "cancel vote", ours: ours.cancelVote!, oz: null, ozLabel: "no equivalent", target: null },
    {
      operation: "execute (1 transfer)",
      ours: ours.execute!,
      oz: oz.queue! + oz.execute!,
      ozLabel: "queue + execute",
      target: null,
    },
    {
      operation: "deposit",
      ours: ours.deposit!,
      oz: oz.delegate!,
      ozLabel: "delegate (vote activation)",
      target: null,
    },
    {
      operation: "deposit + create and vote",
      ours: ours.depositCreateVote!,
      oz: oz.delegate! + oz.create1! + oz.voteFirst!,
      ozLabel: "delegate + propose + castVote (3 transactions; ours: one multicall)",
      target: null,
    },
    {
      operation: "delegate",
      ours: ours.delegate!,
      oz: oz.delegate!,
      ozLabel: "delegate (ERC20Votes)",
      target: null,
    },
    {
      operation: "delegate (re-casts 1 vote)",
      ours: ours.delegateRecast!,
      oz: oz.delegate!,
      ozLabel: "delegate (ERC20Votes)",
      target: null,
    },
    {
      operation: "undelegate (re-casts 1 vote)",
      ours: ours.undelegateRecast!,
      oz: oz.delegate!,
      ozLabel: "delegate (ERC20Votes)",
      target: null,
    },
    {
      operation: "delegated vote (re-casts 1 vote)",
      ours: ours.voteDelegated!,
      oz: oz.voteLater!,
      ozLabel: "castVote (later voter)",
      target: null,
    },
    {
      operation: "delegatee vote, 1 delegator",
      ours: ours.micropoolVote1!,
      oz: oz.voteLater!,
      ozLabel: "castVote (later voter)",
      target: null,
    },
    {
      operation: "delegatee vote, 100 delegators",
      ours: ours.micropoolVote100!,
      oz: oz.voteLater!,
      ozLabel: "castVote (later voter)",
      target: null,
    },
    ...[10, 100, 1_000].map((n) => ({
      operation: `vote after ${n.toLocaleString("en-US")} votes`,
      ours: growthVotes[n]!,
      oz: oz.voteLater!,
      ozLabel: "castVote (later voter)",
      target: null,
    })),
    {
      operation: "withdraw",
      ours: ours.withdraw!,
      oz: null,
      ozLabel: "no equivalent (tokens never locked)",
      target: null,
    },
  ];
  const ratio = (r: Row) => (r.oz ? Number(r.ours) / Number(r.oz) : null);
  const proxiedRatio = (r: Row) => (r.ozProxied ? Number(r.ours) / Number(r.ozProxied) : null);
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(
    `\n${pad("operation", 34)}${pad("Polity", 12)}${pad("OZ Governor", 14)}${pad("ratio", 8)}${pad("target", 16)}reference`,
  );
  for (const r of rows) {
    const x = ratio(r);
    const ok = r.target === null || x === null ? "" : x <= r.target ? " ok" : " MISSED";
    console.log(
      `${pad(r.operation, 34)}${pad(r.ours.toLocaleString("en-US"), 12)}${pad(r.oz === null ? "—" : r.oz.toLocaleString("en-US"), 14)}${pad(x === null ? "—" : `${x.toFixed(2)}x`, 8)}${pad(r.target === null ? "" : `<=${r.target}x${ok}`, 16)}${r.ozLabel}`,
    );
  }
  console.log(`(first proposal of a DAO: ${ours.createFirst!.toLocaleString("en-US")} gas)`);
  console.log(
    `\nBoth behind a beacon proxy (OpenZeppelin's Governor, upgradeable, behind the BeaconProxy a pool uses):\n${pad("operation", 34)}${pad("Polity", 12)}${pad("OZ proxied", 14)}ratio`,
  );
  for (const r of rows.filter((row) => row.ozProxied !== undefined)) {
    console.log(
      `${pad(r.operation, 34)}${pad(r.ours.toLocaleString("en-US"), 12)}${pad(r.ozProxied!.toLocaleString("en-US"), 14)}${proxiedRatio(r)!.toFixed(2)}x`,
    );
  }
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        compiler: "solc 0.8.28, optimizer 200 runs, evmVersion cancun",
        network: "Hardhat node (EDR), same node for both",
        rows: rows.map((r) => ({
          operation: r.operation,
          polity: Number(r.ours),
          openZeppelin: r.oz === null ? null : Number(r.oz),
          openZeppelinReference: r.ozLabel,
          ratio: ratio(r) === null ? null : Number(ratio(r)!.toFixed(3)),
          target: r.target,
          met: r.target === null || ratio(r) === null ? null : ratio(r)! <= r.target,
          openZeppelinBehindBeaconProxy: r.ozProxied === undefined ? null : Number(r.ozProxied),
          ratioBehindBeaconProxy: proxiedRatio(r) === null ? null : Number(proxiedRatio(r)!.toFixed(3)),
        })),
        firstProposalOfADao: Number(ours.createFirst),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${resultsFile}`);
} finally {
  stopNode(node);
}
