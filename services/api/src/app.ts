import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { ChainClients } from "./chain/clients.ts";
import { GovPoolReader } from "./chain/govPool.ts";
import type { ApiConfig } from "./config.ts";
import { migrate } from "./db/migrate.ts";
import { createPool, type Db } from "./db/pool.ts";
import { registerErrorHandling } from "./http/errorHandler.ts";
import { apiErrorDocument } from "./http/errors.ts";
import { parseQuery } from "./http/query.ts";
import { IndexerReader } from "./indexer/indexer.ts";
import { CommentsRepository } from "./modules/comments-svc/comments.repository.ts";
import { GovernanceRepository } from "./modules/governance/governance.repository.ts";
import { modules } from "./modules/index.ts";
import { IpfsCacheRepository } from "./modules/ipfs-cache-svc/ipfsCache.repository.ts";
import { IpfsCacheService } from "./modules/ipfs-cache-svc/ipfsCache.service.ts";
import { NonceAuthRepository } from "./modules/nonce-auth-svc/nonceAuth.repository.ts";
import { bearerToken } from "./modules/nonce-auth-svc/nonceAuth.routes.ts";
import { NonceAuthService } from "./modules/nonce-auth-svc/nonceAuth.service.ts";
import { NotificationsRepository } from "./modules/notifications/notifications.repository.ts";
import type { ModuleDeps } from "./modules/types.ts";
import { VotingRepository } from "./modules/voting/voting.repository.ts";

export interface BuildAppOptions {
  /** Pino logger options; `false` silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Replaces chain reads (tests of failure paths only). */
  govPools?: GovPoolReader;
}

/**
 * Fastify treats a bare number as "trust nothing" (a hop count cannot check the peer), so a hop count
 * is given as a function: the nearest `hops` addresses are the proxies. Only safe when the api is
 * reachable through those proxies alone; addresses are the stricter choice.
 */
function trustProxyOption(trust: ApiConfig["trustProxy"]) {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Builds the api: connects to Postgres, applies migrations and registers every module. */
export async function buildApp(config: ApiConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: "x-request-id",
    // Malformed URLs (bad percent-encoding) never reach the error handler: answer them here.
    frameworkErrors: (err, _req, reply) => {
      (reply as FastifyReply)
        .code(400)
        .send(apiErrorDocument(400, "errors.api.requestRejected", { reason: err.message }));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON:API clients send `application/vnd.api+json`; parse it like JSON.
  app.addContentTypeParser(
    "application/vnd.api+json",
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );

  const { poolSize, indexerPoolSize, statementTimeoutMs } = config.database;
  const db: Db = createPool(config.databaseUrl, { max: poolSize, statementTimeoutMs });
  const indexerDb: Db = createPool(config.databaseUrl, {
    max: indexerPoolSize,
    statementTimeoutMs,
    isReadOnly: true,
    applicationName: "polity-api-indexer-reads",
  });
  app.addHook("onClose", async () => {
    await Promise.all([db.end(), indexerDb.end()]);
  });
  await migrate(db);

  registerErrorHandling(app);

  await app.register(cors, {
    origin: config.webOrigins,
    credentials: false,
    methods: ["GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"],
    allowedHeaders: ["Content-Type", "Authorization", "X-Request-Id"],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_req, ctx) => {
      const err = new Error(`Rate limit exceeded, retry in ${Math.ceil(ctx.ttl / 1000)} s`) as Error & {
        statusCode: number;
      };
      err.statusCode = 429;
      return err;
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Polity api",
        version: "0.1.0",
        description: "Auth, comments, off-chain voting and IPFS cache. JSON:API bodies and errors.",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (recursive ones among them) are emitted once under components.schemas.
    transformObject: jsonSchemaTransformObject,
  });

  const chains = new ChainClients(config.rpcUrls);
  const auth = new NonceAuthService(config, new NonceAuthRepository(db), chains);
  const govPools =
    options.govPools ?? new GovPoolReader(chains, config.poolRegistries, config.chainCacheTtlMs);
  const indexer = new IndexerReader(indexerDb, config.indexerSchema);
  const indexedGovernance = new GovernanceRepository(indexer);
  const notificationEvents = new NotificationsRepository(db);
  const deps: ModuleDeps = {
    config,
    db,
    indexer,
    chains,
    govPools,
    auth,
    ipfs: new IpfsCacheService(new IpfsCacheRepository(db), {
      ipfsApiUrl: config.ipfsApiUrl,
      uploadQuotaBytes: config.ipfsUploadQuotaBytes,
      govPools,
      proposalDescriptions: (chainId, pool, id) =>
        indexedGovernance.proposalDescriptionUrl(chainId, pool, id),
      log: app.log,
    }),
    offchainProposals: new VotingRepository(db),
    commentActivity: new CommentsRepository(db),
    notificationEvents: {
      publish: (event, q) => notificationEvents.insertEvents([event], q),
    },
    requireSession: (authorization) => auth.verifyAccess(bearerToken(authorization)),
    authenticate: async (req) => {
      req.session = await auth.verifyAccess(bearerToken(req.headers.authorization));
    },
  };
  app.decorateRequest("session", null);

  app.get("/health", { config: { rateLimit: false }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.query("SELECT 1");
      return { status: "ok" };
    } catch (err) {
      app.log.warn({ err }, "health check: database unreachable");
      return reply.code(503).send(apiErrorDocument(503, "errors.api.databaseUnreachable"));
    }
  });

  // Fastify's own empty route, the baseline of the api benchmark.
  app.get("/integrations/ping", { schema: { hide: true } }, async () => ({}));

  for (const mod of modules) await app.register(mod.plugin, { prefix: mod.prefix, ...deps });

  app.get("/integrations/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.ready();
  return app;
}
