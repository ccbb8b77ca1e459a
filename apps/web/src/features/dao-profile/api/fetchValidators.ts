import { govValidatorsAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { type Address, type Client, erc20Abi } from "viem";
import { getContractEvents, multicall } from "viem/actions";

export interface ValidatorRow {
  address: Address;
  balance: bigint;
}

/**
 * Current validators: every address the balance-change events ever named, then their balances of
 * the validator token read in one multicall (a removed validator has a zero balance).
 */
export async function fetchValidators(
  client: Client,
  validators: Address,
  validatorsToken: Address,
): Promise<ValidatorRow[]> {
  const startBlock = deployments[client.chain?.id ?? 0]?.startBlock ?? 0;
  const logs = await getContractEvents(client, {
    address: validators,
    abi: govValidatorsAbi,
    eventName: "ChangedValidatorsBalances",
    fromBlock: BigInt(startBlock),
    toBlock: "latest",
  });
  const named = new Map<string, Address>();
  for (const log of logs) {
    for (const address of (log.args as { validators?: readonly Address[] }).validators ?? []) {
      named.set(address.toLowerCase(), address);
    }
  }
  const addresses = [...named.values()];
  if (addresses.length === 0) return [];
  const balances = await multicall(client, {
    allowFailure: false,
    contracts: addresses.map((address) => ({
      address: validatorsToken,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    })),
  });
  return addresses
    .map((address, i) => ({ address, balance: balances[i] as bigint }))
    .filter((row) => row.balance > 0n)
    .sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : 0));
}
