import assert from "node:assert/strict";
import { poolFactoryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import {
  type Address,
  type Hex,
  http,
  numberToHex,
  parseEther,
  createPublicClient as publicClientOf,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devKey, localChainClients } from "../../packages/contracts/scripts/lib/localChain.ts";
import { rpc } from "./stack.ts";

export { DEV_ROLES, type DevRole, devKey } from "../../packages/contracts/scripts/lib/localChain.ts";

/** The seed's accounts by role (Hardhat's publicly known dev keys; local chain only). */
export const KEYS = {
  deployer: devKey("deployer"),
  alice: devKey("alice"),
  bob: devKey("bob"),
  carol: devKey("carol"),
  dave: devKey("dave"),
  erin: devKey("erin"),
  v1: devKey("v1"),
  v2: devKey("v2"),
  v3: devKey("v3"),
  newcomer: devKey("newcomer"),
  stranger: devKey("stranger"),
} as const;

/** A public client and `key`'s wallet client on the stack's node. */
export function chainClients(rpcUrl: string, key: Hex) {
  const { publicClient, wallets } = localChainClients(rpcUrl, [key]);
  return { publicClient, walletClient: wallets[0]! };
}

/** A public client on the stack's node (reads only). */
export const readClient = (rpcUrl: string) => publicClientOf({ transport: http(rpcUrl) });

type WriteRequest = Parameters<ReturnType<typeof chainClients>["walletClient"]["writeContract"]>[0];

/** A write by a seeded account straight through the node (a second voter, a second validator), asserted mined. */
export async function sendAs(rpcUrl: string, key: Hex, request: WriteRequest): Promise<void> {
  const { publicClient, walletClient } = chainClients(rpcUrl, key);
  const hash = await walletClient.writeContract(request);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, "success");
}

/** Moves the node's clock `seconds` ahead and mines a block at the new time. */
export async function increaseTime(rpcUrl: string, seconds: number): Promise<void> {
  await rpc(rpcUrl, "evm_increaseTime", [seconds]);
  await rpc(rpcUrl, "evm_mine");
}

/** A call made as the contract `from` (the node impersonates it, funded for gas): a DAO's own call, as setup
 * that a passed proposal would make. */
export async function sendAsContract(rpcUrl: string, from: Address, to: Address, data: Hex) {
  await rpc(rpcUrl, "hardhat_impersonateAccount", [from]);
  await rpc(rpcUrl, "hardhat_setBalance", [from, numberToHex(parseEther("1"))]);
  const hash = await rpc<Hex>(rpcUrl, "eth_sendTransaction", [{ from, to, data }]);
  const receipt = await readClient(rpcUrl).waitForTransactionReceipt({ hash });
  await rpc(rpcUrl, "hardhat_stopImpersonatingAccount", [from]);
  return receipt;
}

/** The addresses of the seed's DAO `name` (deployed by the seed's deployer, so predictable). */
export async function seededDao(rpcUrl: string, name: string) {
  const factory = deployments[31337]?.PoolFactory;
  assert.ok(factory, "the local deployment is generated");
  return readClient(rpcUrl).readContract({
    address: factory,
    abi: poolFactoryAbi,
    functionName: "predictGovAddresses",
    args: [privateKeyToAccount(KEYS.deployer).address, name],
  });
}
