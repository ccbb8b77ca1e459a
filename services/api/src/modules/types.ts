import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Address } from "viem";
import type { ChainClients } from "../chain/clients.ts";
import type { GovPoolReader } from "../chain/govPool.ts";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/pool.ts";
import type { IndexerReader } from "../indexer/indexer.ts";
import type { IpfsCacheService } from "./ipfs-cache-svc/ipfsCache.service.ts";
import type { NonceAuthService } from "./nonce-auth-svc/nonceAuth.service.ts";
import type { NotificationEventInput, Queryable } from "./notifications/notifications.repository.ts";

/** The signed-in caller of a request. */
export interface Session {
  address: Address; // lower-cased
  chainId: number;
}

/** Off-chain proposals of a DAO, counted by the voting module for the DAO lists. */
export interface OffchainProposalCounts {
  count(chainId: number, pool: string, activeOnly: boolean): Promise<number>;
}

/** Where an address commented, counted by the comments module for the profile. */
export interface CommentActivity {
  byAuthor(
    author: string,
  ): Promise<
    Array<{ chain_id: number; pool_address: string; comments_count: number; last_comment_at: Date }>
  >;
}

/**
 * Stores an event for the notifier to fan out (what the notifications module produces from), in the
 * caller's transaction when it passes its client: the event exists exactly when what it tells of does.
 */
export interface NotificationPublisher {
  publish(event: NotificationEventInput, q?: Queryable): Promise<number>;
}

/**
 * What a module may use besides its own files: shared services, built once in app.ts. A module never
 * imports another module's code (checked by `npm run check:boundaries`) and never touches its tables.
 */
export interface ModuleDeps {
  config: ApiConfig;
  /** The api's own tables (schema `api`). */
  db: Db;
  /** The indexer's tables (schema `config.indexerSchema`), on read-only connections of their own. */
  indexer: IndexerReader;
  chains: ChainClients;
  govPools: GovPoolReader;
  auth: NonceAuthService;
  ipfs: IpfsCacheService;
  offchainProposals: OffchainProposalCounts;
  commentActivity: CommentActivity;
  notificationEvents: NotificationPublisher;
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
