import { govPoolAbi } from "@polity/core/generated/contracts";
import { createPublicClient, http } from "viem";
import { hardhat } from "viem/chains";
import type { RunningStack } from "../../scripts/stack.ts";
import { rpc } from "./stack.ts";

export interface SeededDao {
  address: `0x${string}`;
  name: string;
  membersCount: number;
  proposalsCount: number;
}

/** The local chain's DAOs as the api lists them (the demo seed's), largest TVL first. */
export async function seededDaos(stack: RunningStack): Promise<SeededDao[]> {
  const response = await fetch(`${stack.urls.api}/integrations/tracker/31337/pools/gov/top?page[limit]=100`);
  if (!response.ok) throw new Error(`DAO list answered ${response.status}`);
  const body = (await response.json()) as {
    data: {
      attributes: {
        pool_address: `0x${string}`;
        name: string;
        total_members_count: number;
        total_proposals_count: number;
      };
    }[];
  };
  return body.data.map(({ attributes: a }) => ({
    address: a.pool_address,
    name: a.name,
    membersCount: a.total_members_count,
    proposalsCount: a.total_proposals_count,
  }));
}

/** A seeded DAO by name. */
export async function seededDao(stack: RunningStack, name: string): Promise<SeededDao> {
  const dao = (await seededDaos(stack)).find((d) => d.name === name);
  if (!dao) throw new Error(`the demo seed has no DAO named ${name}`);
  return dao;
}

/**
 * Stores a transaction the app confirmed a moment ago at the chain's head, as the app itself does
 * after a vote or a deposit: indexed reads then wait for the indexer to reach that block.
 */
export async function recentTransactionScript(stack: RunningStack, from: string): Promise<string> {
  const head = BigInt(await rpc<string>(stack.urls.rpc, "eth_blockNumber")).toString();
  const hash = `0x${"ab".repeat(32)}`;
  const record = {
    hash,
    from,
    info: { summary: "Deposit" },
    addedTime: Date.now(),
    lastCheckedBlockNumber: Number(head),
    receipt: {
      transactionHash: hash,
      blockHash: `0x${"cd".repeat(32)}`,
      blockNumber: head,
      transactionIndex: 0,
      status: "success",
      from,
      to: from,
      contractAddress: null,
      gasUsed: "21000",
      effectiveGasPriceEther: "0.000000001",
      feeEther: "0.000021",
    },
    confirmedTime: Date.now(),
  };
  const state = { 31337: { [hash]: record } };
  return `localStorage.setItem("polity.transactions", ${JSON.stringify(JSON.stringify(state))});`;
}

/** The DAO's own contracts as the chain names them: the pool and its helper contracts, lower-case. */
export async function ownContracts(stack: RunningStack, dao: `0x${string}`): Promise<string[]> {
  const client = createPublicClient({ chain: hardhat, transport: http(stack.urls.rpc) });
  const helpers = await client.readContract({
    address: dao,
    abi: govPoolAbi,
    functionName: "getHelperContracts",
  });
  return [dao, ...Object.values(helpers)].map((a) => String(a).toLowerCase());
}

/** The DAO's Members figure as the api gives it to the DAO page. */
export async function membersFigure(stack: RunningStack, dao: `0x${string}`): Promise<number> {
  const response = await fetch(
    `${stack.urls.api}/integrations/tracker/31337/pools/gov/${dao.toLowerCase()}/stats/latest`,
  );
  if (!response.ok) throw new Error(`stats answered ${response.status}`);
  const body = (await response.json()) as { data: { attributes: { total_members_count: number } } };
  return body.data.attributes.total_members_count;
}
