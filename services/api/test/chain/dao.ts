import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseEther,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { inject } from "vitest";
import { DEV_VERIFIER_PRIVATE_KEY } from "../../src/config.ts";

/**
 * A DAO on the local chain for api tests: a pool exposing the agreed GovPool read interface
 * (getHelperContracts, getCommentSettings, offchainResultsNonce, saveOffchainResults with the agreed
 * EIP-712 domain) and a keeper whose members' power the test sets. Each test file passes its own
 * deployer key so parallel files never race for nonces.
 */
export async function deployTestDao(
  deployerKey: Hex,
  options: {
    minRead?: bigint;
    minCreate?: bigint;
    verifier?: Address;
    isRegistered?: boolean;
    /** A governance token with these decimals (none: an NFT-only DAO's keeper). */
    tokenDecimals?: number;
  } = {},
) {
  const rpcUrl = inject("rpcUrl");
  const contracts = inject("testContracts");
  const account = privateKeyToAccount(deployerKey);
  const chain = { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } };
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;

  const deploy = async (name: "TestGovPool" | "TestUserKeeper" | "TestToken", args: unknown[]) => {
    const hash = await wallet.deployContract({
      abi: contracts[name].abi,
      bytecode: contracts[name].bytecode,
      args,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!;
  };
  const write = async (
    address: Address,
    name: "TestGovPool" | "TestUserKeeper" | "TestPoolRegistry",
    functionName: string,
    args: unknown[],
  ) => {
    const hash = await wallet.writeContract({ address, abi: contracts[name].abi, functionName, args });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
    return receipt;
  };

  const keeper = await deploy("TestUserKeeper", []);
  if (options.tokenDecimals !== undefined) {
    const token = await deploy("TestToken", [options.tokenDecimals]);
    await write(keeper, "TestUserKeeper", "setToken", [token]);
  }
  const verifier = options.verifier ?? privateKeyToAccount(DEV_VERIFIER_PRIVATE_KEY).address;
  const pool = await deploy("TestGovPool", [
    keeper,
    verifier,
    options.minRead ?? 0n,
    options.minCreate ?? parseEther("1"),
  ]);

  // Listed in the registry the api trusts, as PoolFactory lists every DAO it deploys.
  if (options.isRegistered ?? true) {
    await write(inject("poolRegistry"), "TestPoolRegistry", "addGovPool", [pool]);
  }

  return {
    pool: pool.toLowerCase() as Address,
    keeper,
    client,
    setPower: (user: Address, power: bigint) => write(keeper, "TestUserKeeper", "setPower", [user, power]),
    setDelegated: (user: Address, power: bigint) =>
      write(keeper, "TestUserKeeper", "setDelegated", [user, power]),
    setWalletBalance: (user: Address, balance: bigint) =>
      write(keeper, "TestUserKeeper", "setWalletBalance", [user, balance]),
    setDescriptionURL: (url: string) => write(pool, "TestGovPool", "setDescriptionURL", [url]),
    setCommentSettings: (minRead: bigint, minCreate: bigint) =>
      write(pool, "TestGovPool", "setCommentSettings", [minRead, minCreate]),
    /** Sends the signed results from their submitter (impersonated on the local chain), as the pool requires. */
    saveOffchainResults: async (signed: {
      results_hash: string;
      deadline: string;
      quorum_reached: boolean;
      signature: Hex;
      submitter: Address;
    }) => {
      const test = createTestClient({ mode: "hardhat", chain, transport: http(rpcUrl) });
      await test.impersonateAccount({ address: signed.submitter });
      await test.setBalance({ address: signed.submitter, value: parseEther("1") });
      const sender = createWalletClient({ account: signed.submitter, chain, transport: http(rpcUrl) });
      const hash = await sender.writeContract({
        address: pool,
        abi: contracts.TestGovPool.abi,
        functionName: "saveOffchainResults",
        args: [signed.results_hash, BigInt(signed.deadline), signed.quorum_reached, signed.signature],
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error("saveOffchainResults reverted");
      return receipt;
    },
    read: (functionName: string) =>
      client.readContract({ address: pool, abi: contracts.TestGovPool.abi, functionName }),
    /** One more block, so what was just written is before the head. */
    mine: () => createTestClient({ mode: "hardhat", chain, transport: http(rpcUrl) }).mine({ blocks: 1 }),
  };
}

/** An EIP-1271 wallet owned by `owner`, deployed from a throwaway key funded on the local chain. */
export async function deploySmartWallet(owner: Address): Promise<Address> {
  return deployTestContract("TestSmartWallet", [owner]);
}

/** Deploys one of the api's test contracts from a throwaway key funded on the local chain. */
export async function deployTestContract(
  name: "TestSmartWallet" | "TestWalletFactory",
  args: unknown[],
): Promise<Address> {
  const rpcUrl = inject("rpcUrl");
  const contracts = inject("testContracts");
  const chain = { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } };
  const account = privateKeyToAccount(generatePrivateKey());
  const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
  await client.request({
    method: "hardhat_setBalance" as never,
    params: [account.address, "0xde0b6b3a7640000"] as never,
  });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({
    abi: contracts[name].abi,
    bytecode: contracts[name].bytecode,
    args,
  });
  return (await client.waitForTransactionReceipt({ hash })).contractAddress!;
}
