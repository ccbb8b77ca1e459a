import { commentsRoutes } from "./comments-svc/comments.routes.ts";
import { delegationRoutes } from "./delegation/delegation.routes.ts";
import { governanceRoutes } from "./governance/governance.routes.ts";
import { ipfsCacheRoutes } from "./ipfs-cache-svc/ipfsCache.routes.ts";
import { nonceAuthRoutes } from "./nonce-auth-svc/nonceAuth.routes.ts";
import {
  notificationsConsumerRoutes,
  notificationsCoreRoutes,
} from "./notifications/notifications.routes.ts";
import { profileRoutes } from "./profile/profile.routes.ts";
import { proxyCacheRoutes } from "./proxy-cache/proxyCache.routes.ts";
import { stakingRoutes } from "./staking/staking.routes.ts";
import { merkleWhitelistRoutes, tokenSaleTrackerRoutes } from "./token-sale/tokenSale.routes.ts";
import { trackerRoutes } from "./tracker/tracker.routes.ts";
import type { ApiModule } from "./types.ts";
import { votingRoutes } from "./voting/voting.routes.ts";

/** Every api module with its prefix; add one line per module. */
export const modules: ApiModule[] = [
  { prefix: "/integrations/nonce-auth-svc", plugin: nonceAuthRoutes },
  { prefix: "/integrations/comments-svc", plugin: commentsRoutes },
  { prefix: "/integrations/voting", plugin: votingRoutes },
  { prefix: "/integrations/ipfs-cache-svc", plugin: ipfsCacheRoutes },
  { prefix: "/integrations/tracker", plugin: trackerRoutes },
  { prefix: "/integrations/tracker", plugin: governanceRoutes },
  { prefix: "/integrations/tracker", plugin: tokenSaleTrackerRoutes },
  { prefix: "/integrations/tracker", plugin: delegationRoutes },
  { prefix: "/integrations/tracker", plugin: stakingRoutes },
  { prefix: "/integrations/token-sale-svc", plugin: merkleWhitelistRoutes },
  { prefix: "/integrations/api-proxy-cache", plugin: proxyCacheRoutes },
  { prefix: "/integrations/notifications-core", plugin: notificationsCoreRoutes },
  { prefix: "/integrations/notifications-consumer", plugin: notificationsConsumerRoutes },
  { prefix: "/integrations/profile", plugin: profileRoutes },
];
