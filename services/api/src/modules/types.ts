import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ChainClients } from "../chain/clients.ts";
import type { GovPoolReader } from "../chain/govPool.ts";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/pool.ts";
import type { IpfsCacheService } from "./ipfs-cache-svc/ipfsCache.service.ts";
import type { NonceAuthService, Session } from "./nonce-auth-svc/nonceAuth.service.ts";

/** Shared services every module may use; modules never touch each other's tables. */
export interface ModuleDeps {
  config: ApiConfig;
  /** The api's own tables (schema `api`). */
  db: Db;
  /** Read-only connections to the indexer's schema (`config.indexerSchema`). */
  indexerDb: Db;
  chains: ChainClients;
  govPools: GovPoolReader;
  auth: NonceAuthService;
  ipfs: IpfsCacheService;
  /** Resolves the bearer access token of a request, or answers 401. */
  requireSession(authorization: string | undefined): Promise<Session>;
  /** preValidation hook: a request without a valid access token is 401 before its body is checked. */
  authenticate(req: FastifyRequest): Promise<void>;
}

export interface ApiModule {
  prefix: string;
  plugin: FastifyPluginAsync<ModuleDeps>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller, set by a route's `preValidation: deps.authenticate`. */
    session: Session | null;
  }
}
