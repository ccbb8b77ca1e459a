/**
 * Supported chains (spec sections 1 and 9). Plain data: RPC URLs here are public defaults that the
 * deployment configuration overrides (`RPC_URL_<chainId>`, see `resolveRpcUrl`).
 */

export const ChainId = {
  BnbSmartChain: 56,
  BnbSmartChainTestnet: 97,
  Ethereum: 1,
  Sepolia: 11155111,
  PolygonAmoy: 80002,
  /** Local Hardhat chain used by `npm run dev` and tests; never offered in production. */
  Local: 31337,
} as const;
export type ChainId = (typeof ChainId)[keyof typeof ChainId];

/** Chain family decides the token-standard labels (spec section 9). */
export type ChainFamily = "ethereum" | "bnb" | "tron" | "tezos";

export type NativeCurrency = { name: string; symbol: string; decimals: number };

export type ChainInfo = {
  id: ChainId;
  name: string;
  nativeCurrency: NativeCurrency;
  /** Block explorer origin without a trailing slash; `null` for the local chain. */
  explorerUrl: string | null;
  /** Public RPC endpoint used when no configuration overrides it. */
  defaultRpcUrl: string;
  family: ChainFamily;
  isTestnet: boolean;
  /** Only offered when the local chain is explicitly enabled (development). */
  isDevOnly: boolean;
};

export const CHAINS: Readonly<Record<ChainId, ChainInfo>> = Object.freeze({
  [ChainId.BnbSmartChain]: {
    id: ChainId.BnbSmartChain,
    name: "BNB Smart Chain",
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    explorerUrl: "https://bscscan.com",
    defaultRpcUrl: "https://bsc-dataseed.bnbchain.org",
    family: "bnb",
    isTestnet: false,
    isDevOnly: false,
  },
  [ChainId.BnbSmartChainTestnet]: {
    id: ChainId.BnbSmartChainTestnet,
    name: "BNB Smart Chain Testnet",
    nativeCurrency: { name: "BNB", symbol: "tBNB", decimals: 18 },
    explorerUrl: "https://testnet.bscscan.com",
    defaultRpcUrl: "https://data-seed-prebsc-1-s1.bnbchain.org:8545",
    family: "bnb",
    isTestnet: true,
    isDevOnly: false,
  },
  [ChainId.Ethereum]: {
    id: ChainId.Ethereum,
    name: "Ethereum",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    explorerUrl: "https://etherscan.io",
    defaultRpcUrl: "https://eth.merkle.io",
    family: "ethereum",
    isTestnet: false,
    isDevOnly: false,
  },
  [ChainId.Sepolia]: {
    id: ChainId.Sepolia,
    name: "Sepolia",
    nativeCurrency: { name: "Sepolia Ether", symbol: "ETH", decimals: 18 },
    explorerUrl: "https://sepolia.etherscan.io",
    defaultRpcUrl: "https://sepolia.drpc.org",
    family: "ethereum",
    isTestnet: true,
    isDevOnly: false,
  },
  [ChainId.PolygonAmoy]: {
    id: ChainId.PolygonAmoy,
    name: "Polygon Amoy",
    nativeCurrency: { name: "MATIC", symbol: "MATIC", decimals: 18 },
    explorerUrl: "https://amoy.polygonscan.com",
    defaultRpcUrl: "https://rpc-amoy.polygon.technology",
    family: "ethereum",
    isTestnet: true,
    isDevOnly: false,
  },
  [ChainId.Local]: {
    id: ChainId.Local,
    name: "Polity Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    explorerUrl: null,
    defaultRpcUrl: "http://127.0.0.1:8545",
    family: "ethereum",
    isTestnet: true,
    isDevOnly: true,
  },
});

/** Public chains in the order the product lists them (spec section 1). */
export const PUBLIC_CHAIN_IDS: readonly ChainId[] = Object.freeze([
  ChainId.BnbSmartChain,
  ChainId.BnbSmartChainTestnet,
  ChainId.Ethereum,
  ChainId.Sepolia,
  ChainId.PolygonAmoy,
]);

export type ChainOptions = {
  /** True in development builds that offer the local Hardhat chain (VITE_ENABLE_LOCAL_CHAIN). */
  isLocalChainEnabled?: boolean;
};

export function supportedChainIds(options: ChainOptions = {}): readonly ChainId[] {
  return options.isLocalChainEnabled ? [...PUBLIC_CHAIN_IDS, ChainId.Local] : PUBLIC_CHAIN_IDS;
}

export function isSupportedChain(chainId: unknown, options: ChainOptions = {}): chainId is ChainId {
  return typeof chainId === "number" && supportedChainIds(options).includes(chainId as ChainId);
}

/** The chain description; throws a RangeError for ids the product does not support. */
export function getChain(chainId: number): ChainInfo {
  const chain = (CHAINS as Record<number, ChainInfo | undefined>)[chainId];
  if (!chain) throw new RangeError(`Unsupported chain id ${chainId}`);
  return chain;
}

export type Environment = "production" | "development" | "test";

/**
 * Default chain: BNB Smart Chain in production, its testnet otherwise; development builds with the
 * local chain enabled default to the local chain so a fresh `npm run dev` works without a wallet
 * network switch.
 */
export function defaultChainId(environment: Environment, options: ChainOptions = {}): ChainId {
  if (environment === "production") return ChainId.BnbSmartChain;
  if (options.isLocalChainEnabled) return ChainId.Local;
  return ChainId.BnbSmartChainTestnet;
}

/**
 * The chain to start on: the last chosen chain (remembered locally) when it is still supported,
 * otherwise the environment default.
 */
export function initialChainId(
  environment: Environment,
  lastChosen: number | null | undefined,
  options: ChainOptions = {},
): ChainId {
  if (environment === "production" && lastChosen === ChainId.Local) return defaultChainId(environment);
  return isSupportedChain(lastChosen, options) ? lastChosen : defaultChainId(environment, options);
}

/** Environment variable naming the RPC URL of a chain, e.g. `RPC_URL_31337`. */
export function rpcUrlEnvName(chainId: number): string {
  return `RPC_URL_${chainId}`;
}

/** The configured RPC URL (`RPC_URL_<chainId>`) or the chain's public default. */
export function resolveRpcUrl(
  chainId: number,
  env: Readonly<Record<string, string | undefined>> = {},
): string {
  const configured = env[rpcUrlEnvName(chainId)]?.trim();
  return configured ? configured : getChain(chainId).defaultRpcUrl;
}

export type TokenKind = "fungible" | "nft";

/** Token-standard label: ERC-20/721 on Ethereum-family chains, BEP on BNB chains, TRC on Tron, FA2 on Tezos. */
export function tokenStandardLabel(family: ChainFamily, kind: TokenKind): string {
  switch (family) {
    case "ethereum":
      return kind === "fungible" ? "ERC-20" : "ERC-721";
    case "bnb":
      return kind === "fungible" ? "BEP-20" : "BEP-721";
    case "tron":
      return kind === "fungible" ? "TRC-20" : "TRC-721";
    case "tezos":
      return "FA2";
  }
}

export function chainTokenStandardLabel(chainId: number, kind: TokenKind): string {
  return tokenStandardLabel(getChain(chainId).family, kind);
}

export type ExplorerPath = "address" | "tx" | "token" | "block";

/** Block-explorer link for an address, transaction, token or block; `null` when the chain has no explorer. */
export function explorerLink(
  chainId: number,
  path: ExplorerPath,
  value: string | number | bigint,
): string | null {
  const { explorerUrl } = getChain(chainId);
  return explorerUrl ? `${explorerUrl}/${path}/${String(value)}` : null;
}
