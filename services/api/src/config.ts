import { isIP } from "node:net";
import { deployments } from "@polity/core/generated/deployments";
import { type Address, type Hex, isHex } from "viem";
import { z } from "zod";

/** Hardhat account #9 — a publicly known development key, accepted on the local chain 31337 only. */
export const DEV_VERIFIER_PRIVATE_KEY: Hex =
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";
/** Used only in development and test so the api starts without configuration; refused anywhere else. */
const DEV_JWT_SECRET = "polity-development-jwt-secret-do-not-use-in-production";

export const LOCAL_CHAIN_ID = 31337;
/** Chains the product supports (spec §1) plus the local development chain outside production. */
const PRODUCTION_CHAIN_IDS = [56, 97, 1, 11155111, 80002] as const;

const envSchema = z.object({
  // Unset means production: a forgotten variable must never fall back to development secrets.
  NODE_ENV: z.enum(["development", "test", "production"]).default("production"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  API_HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().min(1).optional(),
  WEB_ORIGINS: z.string().default("http://localhost:5173,http://127.0.0.1:5173"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  OFFCHAIN_VERIFIER_PRIVATE_KEY: z
    .string()
    .refine((v) => isHex(v) && v.length === 66, "OFFCHAIN_VERIFIER_PRIVATE_KEY must be a 32-byte hex key")
    .optional(),
  IPFS_API_URL: z.url().optional(),
  IPFS_UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 40)
    .default(50 * 1024 * 1024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Default depends on NODE_ENV: in development every browser tab, the seed and e2e share 127.0.0.1.
  RATE_LIMIT_MAX: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: z.string().default("false"),
  POLITY_DATA_DIR: z.string().default(".polity"),
  PG_PORT: z.coerce.number().int().positive().default(5433),
  CHAIN_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  INDEXER_SCHEMA: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/i, "INDEXER_SCHEMA must be a plain Postgres schema name")
    .default("indexer"),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  INDEXER_DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(5),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must be a mailto: or https: URL")
    .optional(),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_BOT_NAME: z.string().min(1).optional(),
  TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
  SLACK_WEBHOOK_ORIGINS: z.string().default("https://hooks.slack.com"),
  DISCORD_WEBHOOK_ORIGINS: z.string().default("https://discord.com,https://discordapp.com"),
  NOTIFIER_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  NOTIFIER_BACKFILL_SECONDS: z.coerce.number().int().min(0).default(86_400),
});

/** Channel credentials and the notifier's pace; a channel without credentials stays inactive. */
export interface NotificationsConfig {
  webPush: { publicKey: string; privateKey: string; subject: string } | null;
  telegram: { botToken: string; botName: string; apiUrl: string } | null;
  /** Origins an incoming webhook URL must start with (an api must never post to arbitrary hosts). */
  webhookOrigins: { slack: string[]; discord: string[] };
  /** How often the notifier reads the indexer for new events. */
  pollMs: number;
  /** How far back of the indexed head the notifier starts on a chain it has not read before. */
  backfillSeconds: number;
}

export interface ApiConfig {
  env: "development" | "test" | "production";
  port: number;
  host: string;
  databaseUrl: string;
  webOrigins: string[];
  jwtSecret: string;
  /** Verifier key per chain id (the dev key is only ever mapped to 31337). */
  verifierKeys: Record<number, Hex>;
  ipfsApiUrl: string | undefined;
  /** Bytes one account may upload to the IPFS cache per 24 hours. */
  ipfsUploadQuotaBytes: number;
  logLevel: string;
  rateLimit: { max: number; windowMs: number };
  /**
   * Which hops of `X-Forwarded-For` to believe: false (none), the number of proxies in front of the
   * api, or the proxies' addresses/CIDR ranges. Never every hop: a client could then pick its own IP.
   */
  trustProxy: false | number | string[];
  /** RPC endpoint per supported chain id; a chain without one cannot be used for logins or power reads. */
  rpcUrls: Record<number, string>;
  supportedChainIds: number[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  nonceTtlSeconds: number;
  /** How long current-block chain facts (comment settings, a user's power) are reused. */
  chainCacheTtlMs: number;
  /** How long public list answers (the DAO list, comments, off-chain proposals) are reused and may be cached. */
  publicCacheTtlMs: number;
  /** PoolRegistry per chain (from the generated deployments): only the DAOs it lists are DAOs. */
  poolRegistries: Record<number, Address>;
  /** UserRegistry per chain (from the generated deployments): where agreements to the privacy policy are recorded. */
  userRegistries: Record<number, Address>;
  /** Postgres schema the indexer (Ponder) writes; the api only reads it. */
  indexerSchema: string;
  notifications: NotificationsConfig;
  database: {
    /** Connections of the api's own tables. */
    poolSize: number;
    /** Connections of the indexer reads, kept apart so slow lists cannot starve sign-ins or writes. */
    indexerPoolSize: number;
    /** Any statement running longer is cancelled (answered 503). */
    statementTimeoutMs: number;
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment. DATABASE_URL may be supplied separately (embedded Postgres). */
export function loadConfig(
  env: Record<string, string | undefined>,
  overrides: Partial<ApiConfig> = {},
): Omit<ApiConfig, "databaseUrl"> & { databaseUrl: string | undefined } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError(
      "JWT_SECRET is required unless NODE_ENV is development or test (an unset NODE_ENV means production)",
    );
  }
  if (isProduction && e.JWT_SECRET === DEV_JWT_SECRET) {
    throw new ConfigError("JWT_SECRET is the public development secret; never use it in production");
  }

  const supportedChainIds: number[] = [...PRODUCTION_CHAIN_IDS];
  if (!isProduction) supportedChainIds.push(LOCAL_CHAIN_ID);

  const rpcUrls: Record<number, string> = {};
  for (const chainId of supportedChainIds) {
    const url = env[`RPC_URL_${chainId}`];
    if (url) rpcUrls[chainId] = url;
  }
  if (!isProduction && !rpcUrls[LOCAL_CHAIN_ID]) rpcUrls[LOCAL_CHAIN_ID] = "http://127.0.0.1:8545";

  const verifierKeys: Record<number, Hex> = {};
  const isDevKey = e.OFFCHAIN_VERIFIER_PRIVATE_KEY?.toLowerCase() === DEV_VERIFIER_PRIVATE_KEY;
  if (isProduction && isDevKey) {
    throw new ConfigError(
      "OFFCHAIN_VERIFIER_PRIVATE_KEY is the public development key; never use it in production",
    );
  }
  if (e.OFFCHAIN_VERIFIER_PRIVATE_KEY && !isDevKey) {
    for (const chainId of supportedChainIds) verifierKeys[chainId] = e.OFFCHAIN_VERIFIER_PRIVATE_KEY as Hex;
  } else if (!isProduction) {
    // The publicly known dev key signs for the local chain only, whoever configured it.
    verifierKeys[LOCAL_CHAIN_ID] = DEV_VERIFIER_PRIVATE_KEY;
  }

  const webOrigins = e.WEB_ORIGINS.split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  for (const origin of webOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError(`WEB_ORIGINS entry is not an origin: ${origin}`);
  }

  return {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    webOrigins,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    verifierKeys,
    ipfsApiUrl: e.IPFS_API_URL,
    ipfsUploadQuotaBytes: e.IPFS_UPLOAD_QUOTA_BYTES,
    logLevel: e.LOG_LEVEL,
    rateLimit: { max: e.RATE_LIMIT_MAX ?? (isProduction ? 600 : 10_000), windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rpcUrls,
    supportedChainIds,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    nonceTtlSeconds: 5 * 60,
    chainCacheTtlMs: e.CHAIN_CACHE_TTL_MS,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    poolRegistries: deployed(supportedChainIds, "PoolRegistry"),
    userRegistries: deployed(supportedChainIds, "UserRegistry"),
    indexerSchema: e.INDEXER_SCHEMA,
    notifications: {
      webPush:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? {
              publicKey: e.VAPID_PUBLIC_KEY,
              privateKey: e.VAPID_PRIVATE_KEY,
              subject: e.VAPID_SUBJECT ?? "mailto:notifications@polity.invalid",
            }
          : null,
      telegram: e.TELEGRAM_BOT_TOKEN
        ? {
            botToken: e.TELEGRAM_BOT_TOKEN,
            botName: e.TELEGRAM_BOT_NAME ?? "PolityBot",
            apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ""),
          }
        : null,
      webhookOrigins: {
        slack: originList(e.SLACK_WEBHOOK_ORIGINS, "SLACK_WEBHOOK_ORIGINS", isProduction),
        discord: originList(e.DISCORD_WEBHOOK_ORIGINS, "DISCORD_WEBHOOK_ORIGINS", isProduction),
      },
      pollMs: e.NOTIFIER_POLL_MS,
      backfillSeconds: e.NOTIFIER_BACKFILL_SECONDS,
    },
    database: {
      poolSize: e.DB_POOL_SIZE,
      indexerPoolSize: e.INDEXER_DB_POOL_SIZE,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    ...overrides,
  };
}

/** The address of a protocol contract on each supported chain that has it (from the generated deployments). */
function deployed(chainIds: number[], name: "PoolRegistry" | "UserRegistry"): Record<number, Address> {
  const byChain = deployments as Partial<Record<number, Partial<Record<typeof name, Address>>>>;
  return Object.fromEntries(
    chainIds.flatMap((id) => {
      const address = byChain[id]?.[name];
      return address ? [[id, address]] : [];
    }),
  );
}

function originList(value: string, name: string, isProduction: boolean): string[] {
  const origins = value
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  for (const origin of origins) {
    // Plain http only for local test servers outside production.
    const pattern = isProduction ? /^https:\/\/[^/\s]+$/ : /^https?:\/\/[^/\s]+$/;
    if (!pattern.test(origin)) throw new ConfigError(`${name} entry is not an https origin: ${origin}`);
  }
  return origins;
}

function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === "false" || v === "" || v === "0") return false;
  if (v === "true") {
    throw new ConfigError(
      "TRUST_PROXY=true would trust every hop of X-Forwarded-For, letting clients choose their IP; give the number of proxies in front of the api or their addresses",
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY hop count ${hops} is implausibly large`);
    return hops;
  }
  const entries = v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split("/");
    const family = isIP(address ?? "");
    const maxPrefix = family === 4 ? 32 : 128;
    const isValidPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || rest.length > 0 || !isValidPrefix) {
      throw new ConfigError(
        `TRUST_PROXY entry is neither an IP address nor a CIDR range: ${entry} (use false, a hop count, or addresses)`,
      );
    }
  }
  return entries;
}

export const dataDirFromEnv = (env: Record<string, string | undefined>) => ({
  dataDir: env.POLITY_DATA_DIR ?? ".polity",
  pgPort: Number(env.PG_PORT ?? 5433),
});
