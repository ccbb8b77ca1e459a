import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * Hardhat's publicly known development keys #0-#11, for the local chain only (they never hold
 * value anywhere). The demo seed gives them roles: #0 deploys, #1-#5 are members, #6-#8 validators,
 * #9 signs off-chain results; #10 and #11 stay outside the seed (newcomers in the tests).
 */
export const DEV_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
  "0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897",
  "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82",
] as const satisfies readonly Hex[];

/** The demo seed's roles by name (indexes into `DEV_KEYS`). */
export const DEV_ROLES = {
  deployer: 0,
  alice: 1,
  bob: 2,
  carol: 3,
  dave: 4,
  erin: 5,
  v1: 6,
  v2: 7,
  v3: 8,
  verifier: 9,
  newcomer: 10,
  stranger: 11,
} as const;
export type DevRole = keyof typeof DEV_ROLES;

/** The dev key of a seed role. */
export const devKey = (role: DevRole): Hex => DEV_KEYS[DEV_ROLES[role]];

/** A sender on a chain: its wallet client, and the public client that waits for its receipts. */
export type Clients = {
  publicClient: PublicClient;
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
};

/** The local chain (Hardhat's id 31337) at `rpcUrl`. */
export function localChain(rpcUrl: string, id = 31337): Chain {
  return defineChain({
    id,
    name: "Hardhat",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** One public client and a wallet client per key on the local chain; `as(i)` pairs them for a sender. */
export function localChainClients(rpcUrl: string, keys: readonly Hex[] = DEV_KEYS, chainId = 31337) {
  const chain = localChain(rpcUrl, chainId);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
  const wallets = keys.map((key) =>
    createWalletClient({ chain, account: privateKeyToAccount(key), transport: http(rpcUrl) }),
  );
  const as = (i: number): Clients => ({ publicClient, walletClient: wallets[i]! });
  const address = (i: number) => wallets[i]!.account.address;
  return { chain, publicClient, wallets, as, address };
}
