/**
 * Notifications (spec sections 3, 7 and 9): topics, the groups they belong to, the delivery channels,
 * the web page's tabs and the constants the api and the web share.
 */

import {
  DEFAULT_NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  type NotificationChannel,
  type NotificationGroup,
} from "./enums.ts";

export { DEFAULT_NOTIFICATION_CHANNELS, type NotificationGroup };

/** Groups a member subscribes to and sets channels for. */
export const notificationGroups = NOTIFICATION_GROUPS;

/** The channels besides the in-app list, which every notification is stored in. */
export type DeliveryChannel = Exclude<NotificationChannel, "in-app">;
export const deliveryChannels = DEFAULT_NOTIFICATION_CHANNELS as readonly DeliveryChannel[] as readonly [
  DeliveryChannel,
  ...DeliveryChannel[],
];

/** Every topic with its group. A topic's text is the i18n key `notifications.topic.<TOPIC>`. */
export const notificationTopics = {
  COMMENT_REPLIED: "general",
  UPDATED_USER_CREDENTIALS: "general",
  USER_AGREED_TO_PRIVACY_POLICY: "general",
  TRANSACTION: "general",
  GOV_POOL_CREATE: "general",
  WHITELIST_ADDED: "general",
  PROPOSAL_CREATED: "dao-proposal",
  PROPOSAL_VOTED: "dao-proposal",
  PROPOSAL_VOTE_CANCELLED: "dao-proposal",
  PROPOSAL_QUORUM_REACHED: "dao-proposal",
  PROPOSAL_QUORUM_LOST: "dao-proposal",
  PROPOSAL_MOVED_TO_VALIDATORS: "dao-proposal",
  PROPOSAL_EXECUTED: "dao-proposal",
  TOKENS_DEPOSITED: "dao-proposal",
  TOKENS_WITHDRAWN: "dao-proposal",
  TOKEN_SALE_TIER_CREATED: "dao-proposal",
  DELEGATION_RECEIVED: "delegate",
  DELEGATION_REVOKED: "delegate",
  DELEGATED: "delegate",
  UNDELEGATED: "delegate",
  VALIDATOR_PROPOSAL_CREATED: "validators",
  VALIDATOR_VOTED: "validators",
  REWARDS_CLAIMED: "rewards",
  OFFCHAIN_RESULTS_SAVED: "offchain",
  OFFCHAIN_PROPOSAL_QUORUM_LOST: "offchain",
} as const satisfies Record<string, NotificationGroup>;
export type NotificationTopic = keyof typeof notificationTopics;
export const topicNames = Object.keys(notificationTopics) as NotificationTopic[];

export const groupOf = (topic: NotificationTopic): NotificationGroup => notificationTopics[topic];

/** Tabs of /notifications (spec section 2): each but All narrows the list to its topics. */
export const notificationTabs = {
  all: null,
  "user-action": [
    "COMMENT_REPLIED",
    "UPDATED_USER_CREDENTIALS",
    "USER_AGREED_TO_PRIVACY_POLICY",
    "TRANSACTION",
    "GOV_POOL_CREATE",
    "WHITELIST_ADDED",
    "PROPOSAL_CREATED",
    "PROPOSAL_VOTED",
    "PROPOSAL_VOTE_CANCELLED",
    "PROPOSAL_QUORUM_REACHED",
    "PROPOSAL_QUORUM_LOST",
    "PROPOSAL_MOVED_TO_VALIDATORS",
    "PROPOSAL_EXECUTED",
    "VALIDATOR_PROPOSAL_CREATED",
    "VALIDATOR_VOTED",
    "OFFCHAIN_RESULTS_SAVED",
    "OFFCHAIN_PROPOSAL_QUORUM_LOST",
  ],
  "fund-management": [
    "TOKENS_DEPOSITED",
    "TOKENS_WITHDRAWN",
    "TOKEN_SALE_TIER_CREATED",
    "DELEGATION_RECEIVED",
    "DELEGATION_REVOKED",
    "DELEGATED",
    "UNDELEGATED",
    "REWARDS_CLAIMED",
  ],
} as const satisfies Record<string, readonly NotificationTopic[] | null>;
export type NotificationTab = keyof typeof notificationTabs;

/** An off-chain proposal a notification names (the ones a saved results document covers). */
export interface NotifiedOffchainProposal {
  id: string;
  title: string;
}

/** The page of a DAO's off-chain proposal. */
export const offchainProposalPath = (pool: string, id: string) =>
  `/dao/${pool}/create-offchain/proposal/${id}`;

/**
 * The off-chain proposals a notification names: its `offchain_proposals` param, a JSON list of ids and
 * titles (params are flat strings); an absent or malformed list names none.
 */
export function notifiedOffchainProposals(
  params: Readonly<Record<string, string>>,
): NotifiedOffchainProposal[] {
  if (!params.offchain_proposals) return [];
  try {
    const list: unknown = JSON.parse(params.offchain_proposals);
    if (!Array.isArray(list)) return [];
    return list.flatMap((p: { id?: unknown; title?: unknown }) =>
      typeof p?.id === "string" && /^\d+$/.test(p.id) && typeof p.title === "string"
        ? [{ id: p.id, title: p.title }]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * The page a notification leads to: the page a reply's discussion is on (a comment's page id is that
 * page's path), else its proposal (an off-chain one, or the only off-chain proposal it names), else its
 * DAO; null when it names none.
 */
export function notificationPath(n: {
  params: Readonly<Record<string, string>>;
  destination: string | null;
}): string | null {
  if (n.params.page_id) return `/${n.params.page_id}`;
  const pool = n.params.pool ?? n.destination;
  if (!pool) return null;
  if (n.params.offchain_proposal_id) return offchainProposalPath(pool, n.params.offchain_proposal_id);
  const offchain = notifiedOffchainProposals(n.params);
  if (offchain.length === 1) return offchainProposalPath(pool, offchain[0]!.id);
  return n.params.proposal_id ? `/dao/${pool}/proposals/${n.params.proposal_id}` : `/dao/${pool}`;
}

/** Settings default (spec section 3). */
export const DEFAULT_NOTIFICATION_LOCALE = "en";
