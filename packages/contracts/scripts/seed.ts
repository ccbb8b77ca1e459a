/**
 * Demo data for the local chain (31337), run after `deploy:local`:
 * - DAO "Polity Fresh": a freshly created token (rewards minted by the pool);
 * - DAO "Guild of Builders": an existing token plus an NFT collection (fixed power per NFT);
 * - DAO "Validated Meritocracy": validators and the polynomial vote-power model;
 * - members funded with ETH and tokens, deposits, and proposals left in Voting, Locked, SucceededFor,
 *   ExecutedFor, Defeated, WaitingForVotingTransfer and ValidatorVoting (plus a validators' internal one);
 * - DAO "Expert Circle": erin made a local expert by proposal, holding a treasury delegation and a micropool
 *   of bob's, carol's and dave's delegations; a proposal she passed alone (micropool and treasury rewards to
 *   claim, 20% hers, 80% her delegators') and one in Voting with her micropool and treasury votes;
 * - PriceFeed aggregators with fixed test prices for the tokens and the native coin.
 * DAO and proposal metadata go through the api's IPFS upload route (signed in as the deployer) when
 * API_URL answers; otherwise the upload is skipped (descriptionURL left empty) and the output says so.
 *
 * Env: RPC_URL (default http://127.0.0.1:8545), API_URL (default http://127.0.0.1:8080).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, createPublicClient, encodeFunctionData, type Hex, http, parseEther } from "viem";
import { contractsRoot, readArtifact } from "./lib/artifacts.ts";
import {
  type DaoAddresses,
  deployDao,
  NATIVE_COIN,
  PERCENT,
  PRECISION,
  proposalSettings,
} from "./lib/dao.ts";
import { DEV_KEYS, DEV_ROLES, localChainClients } from "./lib/localChain.ts";
import { deploy, type ProtocolDeployment, send } from "./lib/protocol.ts";

const started = Date.now();
const rpcUrl = process.env.RPC_URL ?? "http://127.0.0.1:8545";
const apiUrl = (process.env.API_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");

const probe = createPublicClient({ transport: http(rpcUrl) });
const chainId = await probe.getChainId();
if (chainId !== 31337)
  throw new Error(`seed:local only seeds the local chain 31337 (RPC_URL is chain ${chainId})`);
const {
  chain,
  publicClient,
  wallets,
  as,
  address: addr,
} = localChainClients(rpcUrl, DEV_KEYS.slice(0, 10), chainId);
const [deployer, alice, bob, carol, dave, erin, v1, v2, v3, verifier] = wallets.map(
  (_, i) => i,
) as number[] as [number, number, number, number, number, number, number, number, number, number];

const protocol = JSON.parse(
  readFileSync(join(contractsRoot, "deployments", "31337.json"), "utf8"),
) as ProtocolDeployment;
if (!(await publicClient.getCode({ address: protocol.PoolFactory }))) {
  throw new Error(
    `no PoolFactory at ${protocol.PoolFactory} on ${rpcUrl}: run deploy:local on this chain first`,
  );
}

const abi = {
  pool: readArtifact("GovPool").abi,
  erc20Gov: readArtifact("ERC20Gov").abi,
  erc20: readArtifact("ERC20Mock").abi,
  erc721: readArtifact("ERC721Mock").abi,
  validators: readArtifact("GovValidators").abi,
  priceFeed: readArtifact("PriceFeed").abi,
  babt: readArtifact("TestBABT").abi,
  tokenSale: readArtifact("TokenSaleProposal").abi,
  expertNft: readArtifact("ExpertNft").abi,
};
const E = (n: number) => parseEther(String(n));
const DAY = 86_400n;

// ─────────────────────────────── metadata ───────────────────────────────

async function apiAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}
const withMetadata = await apiAnswers();
let uploads = 0;

/** Uploads need a session: the deployer signs in once, as the web does (nonce, signature, login). */
let session: Promise<string> | undefined;
function signIn(): Promise<string> {
  session ??= (async () => {
    const account = wallets[deployer]!.account;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${apiUrl}/integrations/nonce-auth-svc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/vnd.api+json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status !== 200) throw new Error(`sign-in (${path}) failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: { attributes: Record<string, unknown> } };
    };
    const nonce = await post("nonce", {
      data: { type: "auth_nonce", attributes: { address: account.address, chain_id: chainId } },
    });
    const message = nonce.data.attributes.message as string;
    const tokens = await post("login", {
      data: {
        type: "login_request",
        attributes: {
          auth_pair: { address: account.address, signed_message: await account.signMessage({ message }) },
          message,
        },
      },
    });
    return (tokens.data.attributes.access_token as { id: string }).id;
  })();
  return session;
}

async function upload(
  path: "json" | "image",
  body: string | Uint8Array,
  contentType: string,
): Promise<string> {
  const res = await fetch(`${apiUrl}/integrations/ipfs-cache-svc/upload/${path}`, {
    method: "POST",
    headers: { "content-type": contentType, authorization: `Bearer ${await signIn()}` },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 201) throw new Error(`IPFS upload failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { data: { attributes: { cid: string } } };
  uploads++;
  return json.data.attributes.cid;
}

async function uploadJson(document: unknown): Promise<string> {
  if (!withMetadata) return "";
  const cid = await upload(
    "json",
    JSON.stringify({ data: { type: "json-documents", attributes: { document } } }),
    "application/vnd.api+json",
  );
  return `ipfs://${cid}`;
}

function richText(text: string) {
  return {
    type: "doc",
    content: text.split("\n\n").map((p) => ({ type: "paragraph", content: [{ type: "text", text: p }] })),
  };
}

/** A DAO avatar: a small SVG uploaded through the image route. */
async function daoMetadata(name: string, description: string, color: string, website: string) {
  if (!withMetadata) return "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" rx="24" fill="${color}"/><text x="64" y="78" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${name.slice(0, 2).toUpperCase()}</text></svg>`;
  const avatarCID = await upload("image", new TextEncoder().encode(svg), "image/svg+xml");
  const descriptionURL = await uploadJson(richText(description));
  return uploadJson({
    daoName: name,
    websiteUrl: website,
    description: descriptionURL,
    socialLinks: [
      ["twitter", "https://twitter.com/polity"],
      ["github", "https://github.com/polity"],
    ],
    documents: [{ name: "Charter", url: `${website}/charter` }],
    avatarUrl: `ipfs://${avatarCID}`,
    avatarCID,
    avatarFileName: "avatar.svg",
  });
}

async function proposalMetadata(
  proposalName: string,
  description: string,
  category: string,
  changes?: unknown,
) {
  return uploadJson({
    proposalName,
    proposalDescription: JSON.stringify(richText(description)),
    category,
    isMeta: false,
    changes: changes ?? { proposedChanges: {}, currentChanges: {} },
  });
}

// ─────────────────────────────── chain helpers ───────────────────────────────

async function rpc(method: string, params: unknown[] = []) {
  return publicClient.request({ method: method as "eth_chainId", params: params as never });
}
async function increaseTime(seconds: bigint) {
  await rpc("evm_increaseTime", [Number(seconds)]);
  await rpc("evm_mine");
}

type Action = { executor: Address; value: bigint; data: Hex };

async function deposit(dao: DaoAddresses, who: number, amount: bigint, nftIds: bigint[] = []) {
  if (amount > 0n) await send(as(who), dao.token, abi.erc20, "approve", [dao.userKeeper, amount]);
  for (const id of nftIds) await send(as(who), dao.nft, abi.erc721, "approve", [dao.userKeeper, id]);
  await send(as(who), dao.govPool, abi.pool, "deposit", [amount, nftIds]);
}

async function propose(dao: DaoAddresses, who: number, url: string, actions: Action[]): Promise<bigint> {
  await send(as(who), dao.govPool, abi.pool, "createProposal", [url, actions, []]);
  return (await publicClient.readContract({
    address: dao.govPool,
    abi: abi.pool,
    functionName: "latestProposalId",
  })) as bigint;
}

async function vote(
  dao: DaoAddresses,
  who: number,
  id: bigint,
  isFor: boolean,
  amount: bigint,
  nftIds: bigint[] = [],
) {
  await send(as(who), dao.govPool, abi.pool, "vote", [id, isFor, amount, nftIds]);
}

async function state(dao: DaoAddresses, id: bigint): Promise<number> {
  return Number(
    await publicClient.readContract({
      address: dao.govPool,
      abi: abi.pool,
      functionName: "getProposalState",
      args: [id],
    }),
  );
}

const STATE_NAMES = [
  "Voting",
  "WaitingForVotingTransfer",
  "ValidatorVoting",
  "Defeated",
  "SucceededFor",
  "SucceededAgainst",
  "Locked",
  "ExecutedFor",
  "ExecutedAgainst",
  "Undefined",
];

function transfer(token: Address, to: Address, amount: bigint): Action {
  return {
    executor: token,
    value: 0n,
    data: encodeFunctionData({ abi: abi.erc20, functionName: "transfer", args: [to, amount] }),
  };
}

// ─────────────────────────────── tokens, prices, members ───────────────────────────────

// fund members with ETH (dev accounts already hold 10,000 ETH; top up anyone drained by earlier runs)
for (const i of [alice, bob, carol, dave, erin, v1, v2, v3]) {
  const balance = await publicClient.getBalance({ address: addr(i) });
  if (balance < E(100)) {
    await wallets[deployer]!.sendTransaction({
      to: addr(i),
      value: E(100),
      account: wallets[deployer]!.account,
      chain,
    });
  }
}

const guildToken = await deploy(as(deployer), "ERC20Mock", ["Builders Guild Token", "BGT", 18]);
const guildNft = await deploy(as(deployer), "ERC721Mock", ["Guild Membership", "GUILD"]);
for (const [i, amount] of [
  [alice, 40_000],
  [bob, 25_000],
  [carol, 15_000],
  [dave, 10_000],
  [erin, 10_000],
] as const) {
  await send(as(deployer), guildToken.address, abi.erc20, "mint", [addr(i), E(amount)]);
}
for (let id = 1n; id <= 8n; id++) {
  await send(as(deployer), guildNft.address, abi.erc721, "mint", [addr(id <= 4n ? dave : erin), id]);
}
await send(as(deployer), protocol.BABT, abi.babt, "attest", [addr(alice)]);

// ─────────────────────────────── DAO 1: fresh token ───────────────────────────────

const freshPredicted = (await publicClient.readContract({
  address: protocol.PoolFactory,
  abi: readArtifact("PoolFactory").abi,
  functionName: "predictGovAddresses",
  args: [addr(deployer), "Polity Fresh"],
})) as { govToken: Address };
const freshRewards = {
  rewardToken: freshPredicted.govToken,
  creationReward: E(50),
  executionReward: E(10),
  voteRewardsCoefficient: PRECISION / 100n,
};
const freshDefault = proposalSettings({
  duration: 3n * DAY,
  quorum: 40n * PERCENT,
  rewardsInfo: freshRewards,
  executorDescription: "",
});
const freshInternal = proposalSettings({
  duration: 3n * DAY,
  quorum: 40n * PERCENT,
  executionDelay: 2n * DAY,
  rewardsInfo: freshRewards,
});
const fresh = await deployDao(as(deployer), protocol.PoolFactory, {
  name: "Polity Fresh",
  descriptionURL: await daoMetadata(
    "Polity Fresh",
    "A community treasury governed by the freshly minted PFR token.\n\nMembers vote on grants, parameters and partnerships.",
    "#5b5bd6",
    "https://fresh.polity.local",
  ),
  newToken: {
    name: "Polity Fresh",
    symbol: "PFR",
    cap: E(10_000_000),
    mintedTotal: E(1_000_000),
    users: [addr(alice), addr(bob), addr(carol), addr(dave)],
    amounts: [E(250_000), E(150_000), E(100_000), E(50_000)],
  },
  settings: [
    freshDefault,
    freshInternal,
    proposalSettings({ earlyCompletion: false, duration: DAY }),
    freshDefault,
    // token sales: the default's vote, without rewards
    proposalSettings({ duration: 3n * DAY, quorum: 40n * PERCENT }),
  ],
  verifier: addr(verifier),
  minVotesForReadProposalDiscussion: 0n,
  minVotesForCreatingComment: E(1),
});

// ─────────────────────────────── DAO 2: existing token + NFTs ───────────────────────────────

const guildDefault = proposalSettings({ duration: DAY, quorum: 50n * PERCENT, minVotesForCreating: E(100) });
const guild = await deployDao(as(deployer), protocol.PoolFactory, {
  name: "Guild of Builders",
  descriptionURL: await daoMetadata(
    "Guild of Builders",
    "Builders pooling BGT tokens and membership NFTs.\n\nEach membership NFT carries 2,500 votes.",
    "#12a594",
    "https://guild.polity.local",
  ),
  tokenAddress: guildToken.address,
  nftAddress: guildNft.address,
  individualPower: E(2_500),
  nftsTotalSupply: 8n,
  settings: [
    guildDefault,
    guildDefault,
    proposalSettings({ earlyCompletion: false }),
    guildDefault,
    guildDefault,
  ],
  verifier: addr(verifier),
});

// ─────────────────────────────── DAO 3: validators + polynomial ───────────────────────────────

const meritDefault = proposalSettings({
  duration: 2n * DAY,
  quorum: 30n * PERCENT,
  validatorsVote: true,
  durationValidators: 2n * DAY,
  quorumValidators: 50n * PERCENT,
});
const merit = await deployDao(as(deployer), protocol.PoolFactory, {
  name: "Validated Meritocracy",
  descriptionURL: await daoMetadata(
    "Validated Meritocracy",
    "Experts weigh more; a council of validators confirms every decision.",
    "#e5484d",
    "https://merit.polity.local",
  ),
  newToken: {
    name: "Merit",
    symbol: "MRT",
    cap: E(5_000_000),
    mintedTotal: E(500_000),
    users: [addr(alice), addr(bob), addr(carol), addr(erin)],
    amounts: [E(120_000), E(80_000), E(60_000), E(40_000)],
  },
  settings: [
    meritDefault,
    proposalSettings({ duration: 2n * DAY, quorum: 30n * PERCENT }),
    proposalSettings({ earlyCompletion: false, duration: 2n * DAY }),
    meritDefault,
    meritDefault,
  ],
  validators: {
    name: "Merit Council",
    symbol: "MCL",
    duration: 2n * DAY,
    executionDelay: DAY,
    quorum: 50n * PERCENT,
    validators: [addr(v1), addr(v2), addr(v3)],
    balances: [E(10), E(10), E(10)],
  },
  votePower: { type: 1 },
  verifier: addr(verifier),
});

// ─────────────────────────────── prices ───────────────────────────────

const prices: [Address, bigint][] = [
  [fresh.token, 1_25000000n],
  [guildToken.address, 50000000n],
  [merit.token, 3_00000000n],
  [NATIVE_COIN, 600_00000000n],
];
const aggregators: Address[] = [];
for (const [, price] of prices)
  aggregators.push((await deploy(as(deployer), "MockAggregator", [8, price])).address);
await send(as(deployer), protocol.PriceFeed, abi.priceFeed, "setAggregators", [
  prices.map(([t]) => t),
  aggregators,
  prices.map(() => 0n),
]);

// ─────────────────────────────── deposits ───────────────────────────────

for (const [i, amount] of [
  [alice, 250_000],
  [bob, 150_000],
  [carol, 100_000],
  [dave, 50_000],
] as const) {
  await deposit(fresh, i, E(amount));
}
await deposit(guild, alice, E(40_000));
await deposit(guild, bob, E(25_000));
await deposit(guild, dave, E(5_000), [1n, 2n, 3n, 4n]);
await deposit(guild, erin, E(5_000), [5n, 6n]);
for (const [i, amount] of [
  [alice, 120_000],
  [bob, 80_000],
  [carol, 60_000],
  [erin, 40_000],
] as const) {
  await deposit(merit, i, E(amount));
}
await send(as(deployer), guildToken.address, abi.erc20, "mint", [guild.govPool, E(50_000)]);
// the Merit treasury holds some native coin for validators' withdrawals
await wallets[deployer]!.sendTransaction({
  to: merit.govPool,
  value: E(5),
  account: wallets[deployer]!.account,
  chain,
});

// ─────────────────────────────── proposals ───────────────────────────────

const results: string[] = [];
const record = async (dao: DaoAddresses, name: string, id: bigint, expected: number) => {
  const s = await state(dao, id);
  if (s !== expected)
    throw new Error(`${name} #${id} ended in ${STATE_NAMES[s]}, expected ${STATE_NAMES[expected]}`);
  results.push(`${name}#${id}=${STATE_NAMES[s]}`);
};

// Defeated (Guild): 1-day vote without quorum, then a day passes
const defeated = await propose(
  guild,
  alice,
  await proposalMetadata(
    "Buy a 3D printer",
    "Spend 5,000 BGT of the treasury on a shared 3D printer.",
    "tokenTransfer",
  ),
  [transfer(guildToken.address, addr(alice), E(5_000))],
);
await vote(guild, alice, defeated, true, E(10_000));
await vote(guild, bob, defeated, false, E(20_000));
await increaseTime(DAY + 60n);

// ExecutedFor and SucceededFor (Fresh): approved by alice + bob (40% of 1M)
const grant = await propose(
  fresh,
  alice,
  await proposalMetadata(
    "Community grant #1",
    "Fund the documentation sprint with 1,000 PFR.",
    "tokenTransfer",
  ),
  [transfer(fresh.token, addr(erin), E(1_000))],
);
await vote(fresh, alice, grant, true, E(250_000));
await vote(fresh, bob, grant, true, E(150_000));
await send(as(carol), fresh.govPool, abi.pool, "execute", [
  grant,
  [transfer(fresh.token, addr(erin), E(1_000))],
  [],
]);

const grant2 = await propose(
  fresh,
  bob,
  await proposalMetadata("Community grant #2", "Fund the design review with 2,500 PFR.", "tokenTransfer"),
  [transfer(fresh.token, addr(dave), E(2_500))],
);
await vote(fresh, alice, grant2, true, E(250_000));
await vote(fresh, bob, grant2, true, E(150_000));

// Locked (Fresh): an internal change with a 2-day execution delay
const newComments = {
  executor: fresh.govPool,
  value: 0n,
  data: encodeFunctionData({ abi: abi.pool, functionName: "setCommentSettings", args: [E(1), E(10)] }),
};
const locked = await propose(
  fresh,
  alice,
  await proposalMetadata(
    "Raise the comment threshold",
    "Require 10 PFR of voting power to comment.",
    "changeSettings",
    {
      proposedChanges: { minVotesForReadProposalDiscussion: "1", minVotesForCreatingComment: "10" },
      currentChanges: { minVotesForReadProposalDiscussion: "0", minVotesForCreatingComment: "1" },
    },
  ),
  [newComments],
);
await vote(fresh, alice, locked, true, E(250_000));
await vote(fresh, carol, locked, true, E(100_000));
await vote(fresh, dave, locked, true, E(50_000));

// Voting (Fresh and Guild)
const voting = await propose(
  fresh,
  carol,
  await proposalMetadata(
    "Partnership with the Guild",
    "Send 10,000 PFR to the Guild of Builders treasury.",
    "tokenTransfer",
  ),
  [transfer(fresh.token, guild.govPool, E(10_000))],
);
await vote(fresh, carol, voting, true, E(60_000));
await vote(fresh, dave, voting, false, E(20_000));
const guildVoting = await propose(
  guild,
  dave,
  await proposalMetadata("Workshop series", "Run four workshops paid with 2,000 BGT.", "tokenTransfer"),
  [transfer(guildToken.address, addr(dave), E(2_000))],
);
await vote(guild, dave, guildVoting, true, 0n, [1n, 2n]);
await vote(guild, erin, guildVoting, false, 0n, [5n]);

// WaitingForVotingTransfer and ValidatorVoting (Merit)
const waiting = await propose(
  merit,
  alice,
  await proposalMetadata("Research bounty", "Pay a 5,000 MRT research bounty to erin.", "tokenTransfer"),
  [transfer(merit.token, addr(erin), E(5_000))],
);
await vote(merit, alice, waiting, true, E(120_000));
await vote(merit, bob, waiting, true, E(80_000));

const council = await propose(
  merit,
  bob,
  await proposalMetadata("Audit budget", "Allocate 20,000 MRT to the protocol audit.", "tokenTransfer"),
  [transfer(merit.token, addr(bob), E(20_000))],
);
await vote(merit, alice, council, true, E(120_000));
await vote(merit, carol, council, true, E(60_000));
await send(as(erin), merit.govPool, abi.pool, "moveProposalToValidators", [council]);
await send(as(v1), merit.validators, abi.validators, "vote", [council, E(6), true, false]);

// a validators' internal proposal (off-chain / empty transaction) in voting
await send(as(v2), merit.validators, abi.validators, "createInternalProposal", [
  3,
  await proposalMetadata(
    "Council sync",
    "Confirm the council's meeting schedule (no transaction).",
    "emptyTx",
  ),
  "0x",
]);

await record(guild, "Guild of Builders", defeated, 3);
await record(fresh, "Polity Fresh", grant, 7);
await record(fresh, "Polity Fresh", grant2, 4);
await record(fresh, "Polity Fresh", locked, 6);
await record(fresh, "Polity Fresh", voting, 0);
await record(guild, "Guild of Builders", guildVoting, 0);
await record(merit, "Validated Meritocracy", waiting, 1);
await record(merit, "Validated Meritocracy", council, 2);

// An active token sale (Fresh): 50,000 PFR for 30 days at 1,000 PFR per ETH, 10 to 5,000 PFR per buyer,
// 25% vesting over 90 days after a 7-day cliff in daily steps; erin buys 1,000 PFR.
const saleStart = (await publicClient.getBlock()).timestamp;
const tier = {
  name: "Community round",
  description: "PFR for the community at a fixed price: 75% at the sale's end, 25% vesting over 90 days.",
  saleToken: fresh.token,
  totalTokenProvided: E(50_000),
  saleStartTime: saleStart,
  saleEndTime: saleStart + 30n * DAY,
  claimLockDuration: 0n,
  receiver: fresh.govPool,
  minAllocationPerUser: E(10),
  maxAllocationPerUser: E(5_000),
  vestingSettings: {
    vestingPercentage: 25n * PERCENT,
    vestingDuration: 90n * DAY,
    cliffPeriod: 7n * DAY,
    unlockStep: DAY,
  },
  purchaseTokenAddresses: [NATIVE_COIN],
  exchangeRates: [1_000n * 10n ** 25n],
  participationDetails: [],
};
const saleActions: Action[] = [
  {
    executor: fresh.token,
    value: 0n,
    data: encodeFunctionData({ abi: abi.erc20, functionName: "approve", args: [fresh.tokenSale, E(50_000)] }),
  },
  {
    executor: fresh.tokenSale,
    value: 0n,
    data: encodeFunctionData({ abi: abi.tokenSale, functionName: "createTiers", args: [[tier]] }),
  },
];
const sale = await propose(
  fresh,
  alice,
  await proposalMetadata(
    "Community token sale",
    "Sell 50,000 PFR from the treasury at 1,000 PFR per ETH.",
    "tokenSale",
  ),
  saleActions,
);
await vote(fresh, alice, sale, true, E(250_000));
await vote(fresh, bob, sale, true, E(150_000));
await send(as(carol), fresh.govPool, abi.pool, "execute", [sale, saleActions, []]);
await record(fresh, "Polity Fresh", sale, 7);
await send(as(erin), fresh.tokenSale, abi.tokenSale, "buy", [1n, NATIVE_COIN, E(1), []], E(1));

// ─────────────────────────────── DAO 4: an expert with delegators ───────────────────────────────

// Rewards in native coin from the treasury: a side of 100,000 votes earns 0.1 ETH.
const circleSettings = proposalSettings({
  duration: 3n * DAY,
  quorum: 30n * PERCENT,
  rewardsInfo: {
    rewardToken: NATIVE_COIN,
    creationReward: 0n,
    executionReward: 0n,
    voteRewardsCoefficient: PRECISION / 1_000_000n,
  },
});
const circle = await deployDao(as(deployer), protocol.PoolFactory, {
  name: "Expert Circle",
  descriptionURL: await daoMetadata(
    "Expert Circle",
    "Members delegate their CIR to experts, who vote for them.\n\nThe treasury delegates too, by proposal, to experts only.",
    "#f76b15",
    "https://circle.polity.local",
  ),
  newToken: {
    name: "Circle",
    symbol: "CIR",
    cap: E(10_000_000),
    mintedTotal: E(1_000_000),
    users: [addr(alice), addr(bob), addr(carol), addr(dave)],
    amounts: [E(300_000), E(200_000), E(150_000), E(100_000)],
  },
  settings: [
    circleSettings,
    circleSettings,
    proposalSettings({ earlyCompletion: false }),
    circleSettings,
    circleSettings,
  ],
  verifier: addr(verifier),
});
await wallets[deployer]!.sendTransaction({
  to: circle.govPool,
  value: E(50),
  account: wallets[deployer]!.account,
  chain,
});
for (const [i, amount] of [
  [alice, 300_000],
  [bob, 200_000],
  [carol, 150_000],
  [dave, 100_000],
] as const) {
  await deposit(circle, i, E(amount));
}
/** alice (300,000: the 30% quorum) passes `actions`; carol executes them. */
async function passInCircle(title: string, description: string, category: string, actions: Action[]) {
  const id = await propose(circle, alice, await proposalMetadata(title, description, category), actions);
  await vote(circle, alice, id, true, E(300_000));
  await send(as(carol), circle.govPool, abi.pool, "execute", [id, actions, []]);
  return id;
}
const poolCall = (functionName: string, args: readonly unknown[]): Action => ({
  executor: circle.govPool,
  value: 0n,
  data: encodeFunctionData({ abi: abi.pool, functionName, args }),
});
const badgeUri = await uploadJson({ name: "Erin", expertise: "Treasury and grants" });
await passInCircle("Erin as an expert", "Give erin the DAO's expert badge.", "localExpert", [
  {
    executor: circle.expertNft,
    value: 0n,
    data: encodeFunctionData({ abi: abi.expertNft, functionName: "mint", args: [addr(erin), badgeUri] }),
  },
]);
await passInCircle(
  "Delegate 50,000 CIR to erin",
  "Let erin vote with 50,000 CIR of the treasury.",
  "delegateTokensToExpert",
  [poolCall("delegateTreasury", [addr(erin), E(50_000), []])],
);
for (const [i, amount] of [
  [bob, 150_000],
  [carol, 100_000],
  [dave, 60_000],
] as const) {
  await send(as(i), circle.govPool, abi.pool, "delegate", [addr(erin), E(amount), []]);
}
// erin alone (micropool 310,000 + treasury 50,000) passes a grant: rewards for her and her delegators
const circleGrant = [transfer(circle.token, addr(erin), E(500))];
const expertPassed = await propose(
  circle,
  alice,
  await proposalMetadata("Expert grant", "Pay erin 500 CIR for the treasury report.", "tokenTransfer"),
  circleGrant,
);
await vote(circle, erin, expertPassed, true, 0n);
await send(as(carol), circle.govPool, abi.pool, "execute", [expertPassed, circleGrant, []]);
await record(circle, "Expert Circle", expertPassed, 7);
// bob takes 100,000 back and dave all of his: erin's votes keep bob's 50,000 and carol's 100,000
await send(as(bob), circle.govPool, abi.pool, "undelegate", [addr(erin), E(100_000), []]);
await send(as(dave), circle.govPool, abi.pool, "undelegate", [addr(erin), E(60_000), []]);
const expertVoting = await propose(
  circle,
  carol,
  await proposalMetadata("Circle research fund", "Move 20,000 CIR to the research fund.", "tokenTransfer"),
  [transfer(circle.token, addr(dave), E(20_000))],
);
await vote(circle, erin, expertVoting, true, 0n);
await vote(circle, dave, expertVoting, false, E(40_000));
await record(circle, "Expert Circle", expertVoting, 0);

// Every demo account (the roles of DEV_ROLES) agreed to the privacy policy in the UserRegistry, as a member
// does before a first transaction: the demo and the browser tests start past the terms dialog.
const registryAbi = readArtifact("UserRegistry").abi;
const documentHash = (await publicClient.readContract({
  address: protocol.UserRegistry,
  abi: registryAbi,
  functionName: "documentHash",
})) as Hex;
const demo = localChainClients(rpcUrl, DEV_KEYS.slice(0, Object.keys(DEV_ROLES).length), chainId);
for (const wallet of demo.wallets) {
  const signature = await wallet.signTypedData({
    account: wallet.account,
    domain: { name: "UserRegistry", version: "1", chainId, verifyingContract: protocol.UserRegistry },
    types: { Agreement: [{ name: "documentHash", type: "bytes32" }] },
    primaryType: "Agreement",
    message: { documentHash },
  });
  await send(
    { publicClient, walletClient: wallet },
    protocol.UserRegistry,
    registryAbi,
    "agreeToPrivacyPolicy",
    [signature],
  );
}

const metadataNote = withMetadata
  ? `${uploads} metadata documents uploaded to ${apiUrl}`
  : `metadata upload skipped: api unreachable at ${apiUrl}`;
console.log(
  `seeded 4 DAOs (Polity Fresh ${fresh.govPool}, Guild of Builders ${guild.govPool}, Validated Meritocracy ${merit.govPool}, Expert Circle ${circle.govPool}: erin an expert with delegators); proposals ${results.join(", ")}; token sale tier 1 of Polity Fresh active (${fresh.tokenSale}); ${metadataNote}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
