import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../services/api/src/app.ts";
import { loadConfig } from "../../../services/api/src/config.ts";

/** The real api (migrations, JSON:API errors, every module) over the database under test. */
export async function buildApi(options: {
  databaseUrl: string;
  rpcUrl: string;
  indexerSchema: string;
}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: options.databaseUrl,
    INDEXER_SCHEMA: options.indexerSchema,
    RPC_URL_31337: options.rpcUrl,
    RATE_LIMIT_MAX: "1000000",
    // Every answer read afresh: the tests change the chain between reads.
    PUBLIC_CACHE_TTL_MS: "0",
    LOG_LEVEL: "silent",
  });
  return buildApp({ ...config, databaseUrl: options.databaseUrl }, { logger: false });
}
